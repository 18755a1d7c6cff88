// Level alerts on a futures level (`future.gamma_flip`: the ES equivalent of the SPX flip): the
// level + the basis against spot + the basis, so it fires when SPX crosses its flip, worded in ES
// figures (the ES level, on the tick, and the ES-equivalent price) with the contract and the basis;
// a payload without a basis never fires.
import { describe, expect, it } from 'vitest';
import { levelCrossing, levelEndpoint } from '../../../../src/core/alerts/level-cross.ts';
import { futureLevelText, levelLabel } from '../../../../src/shared/alert-labels.ts';
import { alertConditionSchema } from '../../../../src/shared/alert-rules.ts';

function payload(price: number, flip: number, basis: number | null) {
  return {
    ticker: 'SPX',
    price,
    levels: [{ id: 'gamma_flip', label: 'Gamma flip', price: flip, kind: 'gamma_flip' }],
    futures_equivalent: {
      symbol: 'ES',
      contract: 'ESZ6',
      settles: '2026-12-18',
      basis,
      basis_source:
        basis === null ? null : 'forwards 2026-12-11/2026-12-31 interpolated (ln F linear in time)',
      levels: basis === null ? {} : { gamma_flip: Math.round((flip + basis) * 100) / 100 },
    },
  };
}

const rule = { level: 'future.gamma_flip', direction: 'any' } as const;

describe('future.gamma_flip', () => {
  it('is read from the levels payload and named for the ticker', () => {
    expect(levelEndpoint('future.gamma_flip')).toBe('levels');
    expect(futureLevelText('future.gamma_flip', 'SPX', 'ES')).toBe('ES equivalent of the SPX gamma flip');
    expect(levelLabel('future.gamma_flip')).toBe('ES/NQ/RTY equivalent of the gamma flip');
    expect(alertConditionSchema.parse({ kind: 'level_cross', ...rule }).kind).toBe('level_cross');
  });

  it('fires when SPX crosses its flip, quoting the ES level and the ES-equivalent price', () => {
    const fired = levelCrossing('SPX', rule, payload(5940, 5950, 13.2), payload(5960, 5950, 13.25));
    expect(fired?.title).toBe(
      'SPX ES-equivalent price rose above the ES equivalent of the SPX gamma flip (5,953.20 → 5,973.25)',
    );
    expect(fired?.message).toBe(
      'ES-equivalent price moved from 5,953.20 to 5,973.25, above the ES equivalent of the SPX gamma flip at 5,963.25 (+0.17%). ES-equivalent price is SPX spot + 13.25, the ESZ6 basis.',
    );
    expect(fired?.details).toMatchObject({
      level: 'future.gamma_flip',
      spot: 5973.25,
      level_value: 5963.25,
      future: 'ES',
      contract: 'ESZ6',
      basis: 13.25,
      ticker_spot: 5960,
    });
  });

  it('SPY: spot × ratio + basis against the ES level, in index points', () => {
    const spy = (price: number) => {
      const p = payload(price, 595, 13.25);
      return {
        ...p,
        ticker: 'SPY',
        futures_equivalent: { ...p.futures_equivalent, ratio: 10, levels: { gamma_flip: 5963.25 } },
      };
    };
    const fired = levelCrossing('SPY', rule, spy(594), spy(596));
    expect(fired?.title).toBe(
      'SPY ES-equivalent price rose above the ES equivalent of the SPY gamma flip (5,953.25 → 5,973.25)',
    );
    expect(fired?.message).toContain('ES-equivalent price is SPY spot × 10.0000 + 13.25, the ESZ6 basis.');
    expect(fired?.details).toMatchObject({
      spot: 5973.25,
      level_value: 5963.25,
      ratio: 10,
      ticker_spot: 596,
    });
  });

  it('reads the ES level on the tick, from a payload stored with cents before it too', () => {
    // Flip 5950 + basis 13.21 = 5963.21, on the tick 5963.25: an ES-equivalent 5963.23 is still below.
    expect(levelCrossing('SPX', rule, payload(5940, 5950, 13.21), payload(5950.02, 5950, 13.21))).toBeNull();
    const fired = levelCrossing('SPX', rule, payload(5940, 5950, 13.21), payload(5950.05, 5950, 13.21));
    expect(fired?.details).toMatchObject({ spot: 5963.26, level_value: 5963.25 });
    expect(fired?.message).toContain('at 5,963.25');
  });

  it('does not fire when SPX stays on its side of the flip, nor without a basis', () => {
    expect(levelCrossing('SPX', rule, payload(5940, 5950, 13.2), payload(5945, 5950, 13.25))).toBeNull();
    expect(levelCrossing('SPX', rule, payload(5940, 5950, null), payload(5960, 5950, null))).toBeNull();
  });
});
