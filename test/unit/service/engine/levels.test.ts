import { describe, expect, it } from 'vitest';
import { isLevelKind, levelSchema, type KeyLevel } from '../../../../src/shared/api/levels.ts';
import { keyLevelsSchema } from '../../../../src/shared/api/market-structure.ts';
import { analyzeChain, analyzeChainDetailed } from '../../../../src/service/engine/analyze.ts';
import { keyLevels, keyLevelsRecord, maxPain } from '../../../../src/service/engine/levels.ts';
import { renderThinkorswim, renderTradingView } from '../../../../src/shared/api/levels-render.ts';
import { makeChain } from '../../../support/chain-factory.ts';

describe('keyLevels', () => {
  const chain = makeChain({ ticker: 'spy', spot: 100 });
  const levels = keyLevels(chain);
  const m = analyzeChain(chain);
  const byId = new Map(levels.map((l) => [l.id, l]));

  it('every level matches the schema, sorted by price descending', () => {
    for (const l of levels) levelSchema.parse(l);
    for (let i = 1; i < levels.length; i++) {
      expect((levels[i - 1] as { price: number }).price).toBeGreaterThanOrEqual(
        (levels[i] as { price: number }).price,
      );
    }
  });

  it.each([
    ['1d', 1],
    ['1w', 5],
    ['1m', 21],
  ])('±1σ %s = spot × (1 ± atm_iv × √(%d/252)), the move in cents', (h, days) => {
    const move = Math.round(100 * (m.atm_iv as number) * Math.sqrt(days / 252) * 100) / 100;
    expect(byId.get(`plus_1sigma_${h}`)?.price).toBeCloseTo(100 + move, 10);
    expect(byId.get(`minus_1sigma_${h}`)?.price).toBeCloseTo(100 - move, 10);
    expect(byId.get(`plus_1sigma_${h}`)?.kind).toBe(`sigma_${h}`);
  });

  it('every kind emitted is a known API kind, max pain included', () => {
    expect(levels.filter((l) => !isLevelKind(l.kind))).toEqual([]);
    expect(byId.get('max_pain')?.kind).toBe('max_pain');
  });

  it('spot and the gamma flip are levels', () => {
    expect(byId.get('spot')?.price).toBe(100);
    expect(byId.get('gamma_flip')?.price).toBe(m.gex_flip);
  });

  it('reuses an analysis when given one', () => {
    expect(keyLevels(chain, analyzeChainDetailed(chain))).toEqual(levels);
  });

  it('omits what cannot be computed', () => {
    const noOi = keyLevels(makeChain({ oiFn: () => 0 }));
    expect(noOi.map((l) => l.id)).not.toContain('gamma_flip');
    expect(noOi.map((l) => l.id)).not.toContain('call_wall');
    expect(noOi.map((l) => l.id)).not.toContain('max_pain');
    expect(keyLevels(makeChain({ spot: Number.NaN }))).toEqual([]);
  });

  it('the market-structure key_levels object', () => {
    const record = keyLevelsRecord(m);
    expect(keyLevelsSchema.parse(record)).toEqual(record);
    expect(record.plus_1sigma_1w).toBeCloseTo(byId.get('plus_1sigma_1w')?.price as number, 10);
    expect(record.call_wall).toBe(m.call_wall);
    expect(record.put_wall).toBe(m.put_wall);
    expect(record.max_pain).toBe(m.max_pain);
    expect(
      keyLevelsRecord({
        price: 100,
        gex_flip: null,
        atm_iv: null,
        call_wall: null,
        put_wall: null,
        max_pain: null,
      }),
    ).toEqual({
      spot: 100,
      gamma_flip: null,
      plus_1sigma_1d: null,
      minus_1sigma_1d: null,
      plus_1sigma_1w: null,
      minus_1sigma_1w: null,
      plus_1sigma_1m: null,
      minus_1sigma_1m: null,
      call_wall: null,
      put_wall: null,
      max_pain: null,
    });
  });
});

describe('maxPain', () => {
  // Calls at 100 (OI 100), puts at 110 (OI 300). Total intrinsic value at settlement S:
  //   S=90: 300·20 = 6000; S=100: 300·10 = 3000; S=110: 100·10 = 1000 → 110.
  it('by hand', () => {
    const oi: Record<number, [number, number]> = { 90: [0, 0], 100: [0, 100], 110: [300, 0] };
    const chain = makeChain({
      expirations: ['2025-03-14'],
      strikes: [90, 100, 110],
      oiFn: (c) => (oi[c.strike] as [number, number])[c.isCall ? 1 : 0],
    });
    expect(maxPain(chain, 0)).toBe(110);
  });

  it('the lower strike on a tie, null without open interest', () => {
    // S=90: puts at 100 pay 100·10; S=100: calls at 90 pay 100·10.
    const chain = makeChain({ expirations: ['2025-03-14'], strikes: [90, 100], oiFn: () => 100 });
    expect(maxPain(chain, 0)).toBe(90);
    expect(maxPain(makeChain({ oiFn: () => 0 }), 0)).toBeNull();
  });
});

describe('renderers', () => {
  const levels = [
    { id: 'plus_1sigma_1d', label: '+1σ 1D', price: 225.2504, kind: 'sigma_1d' as const },
    { id: 'gamma_flip', label: 'Gamma "flip"', price: 223.08, kind: 'gamma_flip' as const },
    { id: 'spot', label: 'Spot', price: 218.8, kind: 'spot' as const },
  ];

  it('TradingView: a Pine v5 indicator with one labelled line per level', () => {
    const pine = renderTradingView('TSLA', '2023-08-21T02:38:00.000Z', levels);
    const lines = pine.trim().split('\n');
    expect(lines[0]).toBe('//@version=5');
    expect(lines).toContain(
      'indicator("Gammawatch TSLA levels", overlay = true, max_lines_count = 500, max_labels_count = 500)',
    );
    const calls = lines.filter((l) => l.startsWith('        gwLevel('));
    expect(calls).toHaveLength(3);
    expect(calls[0]).toBe(
      '        gwLevel(showSigma, 225.25, "+1σ 1D 225.25", color.aqua, line.style_dotted)',
    );
    expect(calls[1]).toContain('"Gamma \\"flip\\" 223.08"');
  });

  it('thinkorswim: a thinkScript study with one plot per level', () => {
    const tos = renderThinkorswim('TSLA', '2023-08-21T02:38:00.000Z', levels);
    const plots = tos.split('\n').filter((l) => l.startsWith('plot '));
    expect(plots).toEqual([
      'plot Plus1sigma1d = if showSigma and gwSymbolOk then 225.25 else Double.NaN; # +1σ 1D',
      'plot GammaFlip = if showFlip and gwSymbolOk then 223.08 else Double.NaN; # Gamma "flip"',
      'plot Spot = if showSpot and gwSymbolOk then 218.80 else Double.NaN; # Spot',
    ]);
    expect(tos).toContain('GammaFlip.SetDefaultColor(Color.ORANGE);');
    expect(tos).toContain(
      `AddChartBubble(showFlip and gwSymbolOk and gwLastBar, 223.08, "Gamma 'flip' 223.08", Color.ORANGE, yes);`,
    );
  });
});

describe('index levels: points, never dollars', () => {
  const levels: KeyLevel[] = [
    { id: 'call_wall', label: 'Call wall', price: 6100, kind: 'call_wall' },
    { id: 'spot', label: 'Spot', price: 6016.48, kind: 'spot' },
  ];

  it.each([
    // ticker, tos chart symbol, says index points, says futures
    ['SPX', '$SPX', true, false],
    ['NDX', '$NDX', true, false],
    ['VIX', '$VIX', true, true],
    ['SPY', 'SPY', false, false],
  ])('%s: thinkorswim on a %s chart; index points %s; futures %s', (ticker, symbol, points, futures) => {
    const tos = renderThinkorswim(ticker, '2026-11-18T17:00:00.000Z', levels);
    const pine = renderTradingView(ticker, '2026-11-18T17:00:00.000Z', levels);
    expect(tos).toContain(`on a ${symbol} chart`);
    for (const text of [tos, pine]) {
      expect(text).not.toContain('$6');
      expect(text.includes('Levels in index points')).toBe(points);
      expect(text.includes('settle on VIX futures')).toBe(futures);
    }
    expect(pine).toContain('gwLevel(showSpot, 6016.48, "Spot 6016.48"');
    expect(tos).toContain('plot Spot = if showSpot and gwSymbolOk then 6016.48 else Double.NaN; # Spot');
    expect(tos).toContain(`GetSymbol() == "${symbol}"`);
  });
});
