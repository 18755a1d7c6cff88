import { describe, expect, it } from 'vitest';
import { payloadCells } from '../../../../src/core/store/snapshot-columns.ts';

describe('payloadCells: one readable column per scalar field', () => {
  const payload = {
    headline: 'SPY holds above its flip',
    iv_rank: 82.96,
    atm_iv: 0.13040000000000002,
    tags: ['near_flip', 'iv_elevated'],
    drivers: { flip_context: { state: 'above_flip', distance_pct: -1.78912 } },
    key_levels: { spot: 601.234, plus_1sigma_1d: 606.5 },
    supporting_factors: { gamma_notional_per_1pct_move_usd: 1234567.89 },
    levels: [
      { label: 'Call wall', price: 610, kind: 'call_wall' },
      { label: 'Put wall', price: 590, kind: 'put_wall' },
    ],
    structures: [{ strike: 600.456 }],
  };
  const cells = payloadCells(payload);

  it.each([
    ['headline', 'Headline', 'SPY holds above its flip'],
    ['iv_rank', 'IV rank', 83],
    ['atm_iv', 'ATM IV (30d) (%)', 13.04],
    ['tags', 'Tags', 'near_flip; iv_elevated'],
    ['drivers.flip_context.state', 'Drivers: Flip context', 'above_flip'],
    ['drivers.flip_context.distance_pct', 'Drivers: Distance to flip (%)', -1.79],
    ['key_levels.spot', 'Key levels: Spot ($)', 601.23],
    ['key_levels.plus_1sigma_1d', 'Key levels: +1σ 1D ($)', 606.5],
    [
      'supporting_factors.gamma_notional_per_1pct_move_usd',
      'Supporting factors: Net GEX per 1% move ($)',
      1234568,
    ],
    ['levels.call_wall.price', 'Levels: Call wall price ($)', 610],
    ['levels.put_wall.price', 'Levels: Put wall price ($)', 590],
    ['structures.1.strike', 'Structures: #1 strike ($)', 600.46],
  ])('%s → %s = %j', (path, header, value) => {
    expect(cells.find((c) => c.path === path)).toEqual({ path, header, value });
  });

  it('no cell holds JSON', () => {
    for (const cell of cells) expect(String(cell.value)).not.toMatch(/^[[{]/);
  });

  it('levels are keyed by kind, so a reordered list keeps its columns', () => {
    const reordered = payloadCells({ levels: [...payload.levels].reverse() });
    expect(reordered.find((c) => c.path === 'levels.call_wall.price')?.value).toBe(610);
  });
});
