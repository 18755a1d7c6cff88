import { describe, expect, it } from 'vitest';
import { evaluateCondition, type AlertSnapshot } from '../../../../src/core/alerts/conditions.ts';
import { bufferedCrossAtLast, zoneOf, type LevelPoint } from '../../../../src/core/alerts/level-buffer.ts';
import { alertConditionSchema, type LevelBuffer } from '../../../../src/shared/alert-rules.ts';

const T0 = Date.UTC(2026, 2, 2, 19, 0);
const FLIP = 100;
const points = (spots: readonly number[]): LevelPoint[] =>
  spots.map((spot, i) => ({ asof: T0 + i * 300_000, spot, level: FLIP }));

/** Every prefix of the sequence evaluated as live would: the firings, as "index:from→to". */
function firings(spots: readonly number[], buffer: LevelBuffer): string[] {
  const out: string[] = [];
  for (let i = 1; i < spots.length; i++) {
    const cross = bufferedCrossAtLast(points(spots.slice(0, i + 1)), buffer);
    if (cross) out.push(`${i}:${cross.from}→${cross.to}`);
  }
  return out;
}

describe('zones around the level', () => {
  it.each<[number, number, string]>([
    [100.3, 0.25, 'above'],
    [100.2, 0.25, 'inside'],
    [99.8, 0.25, 'inside'],
    [99.7, 0.25, 'below'],
    [100, 0, 'inside'],
    [100.01, 0, 'above'],
  ])('spot %d with a %d %% band', (spot, pct, zone) => {
    expect(zoneOf({ spot, level: FLIP }, pct)).toBe(zone);
  });
});

describe('hysteresis: sequences of spot against a flip at 100', () => {
  it.each<[string, number[], LevelBuffer, string[]]>([
    [
      'no buffer: every side change fires',
      [101, 99, 101, 99],
      { pct: 0, snapshots: 1 },
      ['1:above→below', '2:below→above', '3:above→below'],
    ],
    [
      'a whipsaw inside the band fires nothing',
      [101, 99.9, 100.1, 99.85, 100.2, 99.9],
      { pct: 0.25, snapshots: 1 },
      [],
    ],
    [
      'a clean break fires once',
      [101, 100.1, 99.5, 99.2, 99],
      { pct: 0.25, snapshots: 1 },
      ['2:above→below'],
    ],
    [
      'the break must hold 2 snapshots',
      [101, 99.5, 101, 99.5, 99.4],
      { pct: 0.25, snapshots: 2 },
      ['4:above→below'],
    ],
    [
      'the way back must clear the band too',
      [101, 99.5, 100.1, 99.9, 100.2, 100.6],
      { pct: 0.25, snapshots: 1 },
      ['1:above→below', '5:below→above'],
    ],
    [
      'a snapshot inside the band breaks the run',
      [101, 99.5, 99.9, 99.5, 99.4],
      { pct: 0.25, snapshots: 2 },
      ['4:above→below'],
    ],
    [
      'starting inside the band, the first clear side is settled',
      [100.1, 99.9, 99.5, 99.4, 101, 101.2],
      { pct: 0.25, snapshots: 2 },
      ['5:below→above'],
    ],
    ['no snapshot, no decision', [101], { pct: 0.25, snapshots: 1 }, []],
  ])('%s', (_name, spots, buffer, expected) => {
    expect(firings(spots, buffer)).toEqual(expected);
  });

  it('a point without data neither confirms nor breaks a run', () => {
    const seq = points([101, 99.5, 0, 99.4]).map((p, i) => (i === 2 ? null : p));
    expect(bufferedCrossAtLast(seq, { pct: 0.25, snapshots: 2 })).toMatchObject({
      from: 'above',
      to: 'below',
      held: 2,
    });
  });
});

describe('a buffered flip rule through evaluateCondition, with the series history', () => {
  const snap = (spot: number, i: number): AlertSnapshot => ({
    endpoint: 'market_structure',
    ticker: 'IWM',
    params: {},
    asof: T0 + i * 300_000,
    payload: { key_levels: { spot, gamma_flip: FLIP } },
  });
  const condition = alertConditionSchema.parse({
    kind: 'level_cross',
    level: 'gamma_flip',
    buffer: { pct: 0.25, snapshots: 2 },
  });

  /** The IWM afternoon of the issue: 14:00 to 14:35 around the flip, then a real break. */
  const spots = [100.6, 100.1, 99.9, 100.15, 99.85, 100.05, 99.95, 99.6, 99.5, 99.4];

  it('fires once, after the break held, and says by how much and with which buffer', () => {
    const series = spots.map(snap);
    const fired = series.slice(1).flatMap((curr, k) => {
      const i = k + 1;
      const memory = { lastFiredAsof: () => null, sawValue: () => false, history: () => series.slice(0, i) };
      return evaluateCondition(condition, series[i - 1] as AlertSnapshot, curr, memory).map((f) => ({
        i,
        f,
      }));
    });
    expect(fired.map(({ i, f }) => `${i}:${f.from}→${f.to}`)).toEqual(['8:above→below']);
    const message = fired[0]?.f.message ?? '';
    expect(message).toContain('below the gamma flip at $100.00');
    expect(message).toContain('−0.50%; buffer 0.25% beyond the gamma flip for 2 snapshots in a row');
  });

  it('without history (a caller that keeps none) a 2-snapshot buffer cannot confirm', () => {
    const memory = { lastFiredAsof: () => null, sawValue: () => false };
    expect(evaluateCondition(condition, snap(101, 0), snap(99, 1), memory)).toEqual([]);
  });

  it('a rule saved before buffers parses unchanged and fires on a plain side change', () => {
    const old = alertConditionSchema.parse({ kind: 'level_cross', level: 'gamma_flip' });
    expect(old).toEqual({ kind: 'level_cross', level: 'gamma_flip', direction: 'any' });
    const memory = { lastFiredAsof: () => null, sawValue: () => false };
    expect(evaluateCondition(old, snap(100.1, 0), snap(99.9, 1), memory)).toHaveLength(1);
  });
});
