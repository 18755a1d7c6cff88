// The skew chart's data (charts/skew/skew-data.ts): IVs in percent by strike with gaps kept, the
// ATM IV, and a sentence for every empty or partial case.
import { describe, expect, it } from 'vitest';
import type { OptionsVolumeData, VolumePoint } from '../../../../src/shared/api/options-volume.ts';
import { pastSkewColumn, skewView } from '../../../../src/renderer/features/charts/skew/skew-data.ts';
import { skewSpec } from '../../../../src/renderer/features/charts/chart-catalog.ts';

const point = (strike: number, call_iv?: number | null, put_iv?: number | null): VolumePoint => ({
  strike,
  call_volume: 1,
  put_volume: 2,
  total: 3,
  ...(call_iv !== undefined ? { call_iv } : {}),
  ...(put_iv !== undefined ? { put_iv } : {}),
});

function payload(points: VolumePoint[], atm_iv?: number | null): OptionsVolumeData {
  return {
    ticker: 'SPY',
    asof: '2026-11-18 11:00 ET',
    expiry: '2026-11-20',
    price: 100,
    points,
    totals: { call_volume: points.length, put_volume: 2 * points.length, total: 3 * points.length },
    ...(atm_iv !== undefined ? { atm_iv } : {}),
  };
}

describe('skewView', () => {
  it('gives strikes ascending, call and put IV in percent, gaps as null, and the ATM IV', () => {
    const v = skewView(
      payload([point(105, 0.18, null), point(95, 0.26, 0.27), point(100, 0.2, 0.22)], 0.21),
      false,
    );
    expect(v.columns?.[0]).toEqual(Float64Array.from([95, 100, 105]));
    expect(v.columns?.[1]).toEqual([26, 20, 18].map((x) => expect.closeTo(x, 10)));
    expect(v.columns?.[2]?.[0]).toBeCloseTo(27, 10);
    expect(v.columns?.[2]?.[2]).toBeNull();
    expect(v.atmPct).toBeCloseTo(21, 10);
    expect([v.calls, v.puts]).toEqual([3, 2]);
    expect(v.note).toBe('Partial: 1 of 6 contracts have no usable IV (the lines break there).');
  });

  it('a complete smile has no note', () => {
    expect(skewView(payload([point(100, 0.2, 0.22)], 0.21), false).note).toBeNull();
  });

  it.each<[string, OptionsVolumeData | null, boolean, RegExp]>([
    ['all expirations summed', payload([point(100, 0.2, 0.2)], 0.2), true, /per expiration/],
    ['no payload', null, false, /No strikes/],
    [
      'a snapshot stored before IV was fetched',
      payload([point(100), point(105)]),
      false,
      /stored without IV/,
    ],
    ['no usable IV anywhere', payload([point(100, null, null)], null), false, /has a usable IV quote/],
  ])('%s: nothing to draw, and says why', (_name, data, summed, note) => {
    const v = skewView(data, summed);
    expect(v.columns).toBeNull();
    expect(v.note).toMatch(note);
  });

  it.each<[string, VolumePoint[], number | null, string]>([
    ['calls only', [point(100, 0.2, null)], 0.2, 'Partial: no put has a usable IV quote.'],
    ['puts only', [point(100, null, 0.2)], 0.2, 'Partial: no call has a usable IV quote.'],
    ['no ATM IV', [point(100, 0.2, 0.2)], null, 'Partial: no ATM IV for this expiration.'],
  ])('%s: drawn, with a partial note', (_name, points, atm, note) => {
    const v = skewView(payload(points, atm), false);
    expect(v.columns).not.toBeNull();
    expect(v.note).toBe(note);
  });
});

describe('skewSpec', () => {
  it('names the lines from the label table and reads IVs in percent', () => {
    const spec = skewSpec();
    expect(spec.series.map((s) => [s.key, s.label, s.color])).toEqual([
      ['call_iv', 'Call IV', '--pos'],
      ['put_iv', 'Put IV', '--neg'],
    ]);
    expect(spec.series[0]?.format(21.345)).toBe('21.3%');
    expect(spec.axes[0]?.label).toMatch(/%/);
    expect(spec.axes[0]?.format(20)).toBe('20.0%');
  });
});

describe('pastSkewColumn (an earlier snapshot at the strikes shown)', () => {
  const past = {
    ...payload([point(95, 0.3, 0.31), point(100, 0.21, 0.22), point(105, 0.19, 0.2), point(110, null, 0.17)]),
    price: 100,
  };
  it.each([
    {
      name: 'the out-of-the-money side of that time: puts below its spot, calls at and above it',
      strikes: [95, 100, 105],
      want: [31, 21, 19],
    },
    { name: 'the other side where one is missing', strikes: [110], want: [17] },
    { name: 'a strike the earlier chain did not list is a gap', strikes: [97.5, 100], want: [null, 21] },
    { name: 'decimal strikes match to the cent', strikes: [100.0000001], want: [21] },
  ])('$name', ({ strikes, want }) => {
    const got = pastSkewColumn(Float64Array.from(strikes), past);
    expect(got.map((v) => (v === null ? null : Math.round(v * 100) / 100))).toEqual(want);
  });
});
