// Alert messages state the levels involved: spot, the level, the distance.
import { describe, expect, it } from 'vitest';
import { evaluateCondition, type AlertSnapshot } from '../../../../src/core/alerts/conditions.ts';
import { levelCrossing } from '../../../../src/core/alerts/level-cross.ts';
import { alertConditionSchema } from '../../../../src/shared/alert-rules.ts';
import { priceText, signedPct } from '../../../../src/shared/alert-labels.ts';

const T0 = Date.UTC(2026, 2, 2, 19, 0);
const noMemory = { lastFiredAsof: () => null, sawValue: () => false };

describe('prices and percentages in alert words', () => {
  it.each<[string, number, string]>([
    ['SPY', 598.2, '$598.20'],
    ['AAPL', 1234.5, '$1,234.50'],
    ['SPX', 5982.1, '5,982.10'],
    ['^SPX', 5982.1, '5,982.10'],
    ['NDX', 21000, '21,000.00'],
    ['VIX', 18.456, '18.46'],
  ])('%s %d reads %s', (ticker, value, text) => {
    expect(priceText(ticker, value)).toBe(text);
  });

  it.each<[number, string]>([
    [0.3166, '+0.32%'],
    [-0.3166, '−0.32%'],
    [0.001, '0.00%'],
  ])('%d → %s', (pct, text) => {
    expect(signedPct(pct)).toBe(text);
  });
});

describe('gamma-regime messages name spot, the flip and the distance', () => {
  const snap = (ticker: string, price: number, flip: number, regime: string, i: number): AlertSnapshot => ({
    endpoint: 'signals',
    ticker,
    params: {},
    asof: T0 + i * 300_000,
    payload: { ticker, price, gex_flip: flip, gamma_regime: regime },
  });
  const rule = alertConditionSchema.parse({
    kind: 'gamma_regime_change',
    dwell: { snapshots: 1, minutes: 0 },
  });

  it.each<[string, [number, number, string], [number, number, string], string]>([
    [
      'SPY',
      [601.3, 600.1, 'positive'],
      [598.2, 600.1, 'negative'],
      'SPY gamma Positive → Negative: spot $598.20 crossed below the flip $600.10 (−0.32%).',
    ],
    [
      'SPX',
      [5985, 6001, 'negative'],
      [6020, 6001, 'positive'],
      'SPX gamma Negative → Positive: spot 6,020.00 crossed above the flip 6,001.00 (+0.32%).',
    ],
    [
      'IWM',
      [210, 209, 'positive'],
      [210, 211, 'negative'],
      'IWM gamma Positive → Negative: spot $210.00 is now below the flip $211.00 (−0.48%; the flip moved from $209.00).',
    ],
  ])('%s', (ticker, a, b, message) => {
    const out = evaluateCondition(rule, snap(ticker, ...a, 0), snap(ticker, ...b, 1), noMemory);
    expect(out.map((f) => f.message)).toEqual([message]);
  });

  it('a payload without a flip keeps the plain wording', () => {
    const plain = (regime: string, i: number): AlertSnapshot => ({
      ...snap('SPY', 600, 0, regime, i),
      payload: { ticker: 'SPY', price: 600, gamma_regime: regime },
    });
    const out = evaluateCondition(rule, plain('positive', 0), plain('negative', 1), noMemory);
    expect(out[0]?.message).toBe('Gamma regime changed from Positive to Negative at $600.00.');
  });

  it('a buffer keeps a whipsaw across the flip from confirming a regime', () => {
    const buffered = alertConditionSchema.parse({
      kind: 'gamma_regime_change',
      dwell: { snapshots: 2, minutes: 0 },
      buffer: { pct: 0.25 },
    });
    // Spot at 100.1 / 99.9 around a flip at 100: inside the band, shown "negative" but not believed.
    const series = [
      snap('IWM', 101, 100, 'positive', 0),
      snap('IWM', 99.9, 100, 'negative', 1),
      snap('IWM', 100.1, 100, 'positive', 2),
      snap('IWM', 99.85, 100, 'negative', 3),
      snap('IWM', 99.6, 100, 'negative', 4),
      snap('IWM', 99.5, 100, 'negative', 5),
    ];
    const fired = series.slice(1).flatMap((curr, k) =>
      evaluateCondition(buffered, series[k] as AlertSnapshot, curr, {
        ...noMemory,
        history: () => series.slice(0, k + 1),
      }).map(() => k + 1),
    );
    expect(fired).toEqual([5]);
    // Without the buffer the same series confirms the first flicker that holds 2 snapshots.
    const plain = alertConditionSchema.parse({
      kind: 'gamma_regime_change',
      dwell: { snapshots: 2, minutes: 0 },
    });
    const unbuffered = series.slice(1).flatMap((curr, k) =>
      evaluateCondition(plain, series[k] as AlertSnapshot, curr, {
        ...noMemory,
        history: () => series.slice(0, k + 1),
      }).map(() => k + 1),
    );
    expect(unbuffered).toEqual([4]);
  });
});

describe('wall crosses name the wall and spot', () => {
  const levels = (price: number, wall: number) => ({
    price,
    levels: [
      { kind: 'spot', price },
      { kind: 'call_wall', price: wall },
    ],
  });
  it.each<[string, string, string]>([
    [
      'SPY',
      'SPY spot rose above the call wall ($609.00 → $611.50)',
      'Spot moved from $609.00 to $611.50, above the call wall at $610.00 (+0.25%).',
    ],
    [
      'SPX',
      'SPX spot rose above the call wall (609.00 → 611.50)',
      'Spot moved from 609.00 to 611.50, above the call wall at 610.00 (+0.25%).',
    ],
  ])('%s', (ticker, title, message) => {
    const crossing = levelCrossing(
      ticker,
      { level: 'call_wall', direction: 'any' },
      levels(609, 610),
      levels(611.5, 610),
    );
    expect(crossing?.title).toBe(title);
    expect(crossing?.message).toBe(message);
  });
});
