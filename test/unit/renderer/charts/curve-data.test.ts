import { describe, expect, it } from 'vitest';
import {
  gammaColumns,
  gexColumns,
  greekColumns,
  listedExpirations,
  volumeColumns,
} from '../../../../src/renderer/features/charts/curves/curve-data.ts';
import {
  expirationsSpec,
  gammaCurveSpec,
  gexSpec,
  greekSpec,
  volumeSpec,
} from '../../../../src/renderer/features/charts/chart-catalog.ts';
import { expirationColumns } from '../../../../src/renderer/features/charts/curves/curve-data.ts';

describe('gammaColumns', () => {
  it('sorts by strike and keeps typed arrays', () => {
    const [x, gamma] = gammaColumns([
      { strike: 105, gamma: 3 },
      { strike: 95, gamma: 1 },
      { strike: 100, gamma: 2 },
    ]);
    expect(x).toBeInstanceOf(Float64Array);
    expect([...x]).toEqual([95, 100, 105]);
    expect([...(gamma as Float64Array)]).toEqual([1, 2, 3]);
  });

  it('drops points without a finite strike', () => {
    const [x] = gammaColumns([
      { strike: Number.NaN, gamma: 1 },
      { strike: 100, gamma: 2 },
    ]);
    expect([...x]).toEqual([100]);
  });
});

describe('gexColumns', () => {
  it('splits call, put and net when every point has both sides (combined)', () => {
    const { columns, split } = gexColumns([
      { strike: 100, net: 5, call: 8, put: -3 },
      { strike: 90, net: -2, call: 1, put: -3 },
    ]);
    expect(split).toBe(true);
    expect(columns.map((c) => [...c])).toEqual([
      [90, 100],
      [1, 8],
      [-3, -3],
      [-2, 5],
    ]);
  });

  it('gives net alone when a bucket has no sides', () => {
    const { columns, split } = gexColumns([{ strike: 100, net: 5 }]);
    expect(split).toBe(false);
    expect(columns).toHaveLength(2);
  });
});

describe('volumeColumns', () => {
  it('mirrors put volume below zero', () => {
    const cols = volumeColumns([{ strike: 100, call_volume: 40, put_volume: 25, total: 65 }]);
    expect(cols.map((c) => [...c])).toEqual([[100], [40], [-25]]);
  });
});

describe('listedExpirations', () => {
  it.each([
    {
      name: 'our service: combined lists every date, buckets name one each',
      expiries: {
        combined: ['2026-03-20', '2026-03-06', '2026-03-13'],
        nearest: '2026-03-06',
        first_weekly: '2026-03-13',
        first_monthly: '2026-03-20',
        all_other_expiries: [],
      },
      want: ['2026-03-06', '2026-03-13', '2026-03-20'],
    },
    {
      name: 'descriptions and nulls are left out',
      expiries: {
        combined: 'all',
        nearest: '2026-03-06',
        first_weekly: null,
        first_monthly: 'n/a',
        all_other_expiries: ['2026-04-17', 'x'],
      },
      want: ['2026-03-06', '2026-04-17'],
    },
    { name: 'nothing', expiries: null, want: [] },
  ])('$name', ({ expiries, want }) => {
    expect(listedExpirations(expiries)).toEqual(want);
  });
});

describe('specs match their columns', () => {
  const expPoint = {
    strike: 100,
    combined: 4,
    nearest: 1,
    first_weekly: 1,
    first_monthly: 1,
    all_other_expiries: 1,
  };
  it.each([
    { name: 'gamma', spec: gammaCurveSpec(false), columns: gammaColumns([{ strike: 1, gamma: 1 }]) },
    { name: 'gamma naive', spec: gammaCurveSpec(true), columns: gammaColumns([{ strike: 1, gamma: 1 }]) },
    { name: 'gamma by expiration', spec: expirationsSpec(), columns: expirationColumns([expPoint]) },
    {
      name: 'gex split, bars',
      spec: gexSpec(true, 'bars'),
      columns: gexColumns([{ strike: 1, net: 0, call: 1, put: -1 }]).columns,
    },
    {
      name: 'gex net only, steps',
      spec: gexSpec(false, 'step'),
      columns: gexColumns([{ strike: 1, net: 0 }]).columns,
    },
    {
      name: 'volume',
      spec: volumeSpec(),
      columns: volumeColumns([{ strike: 1, call_volume: 1, put_volume: 1, total: 2 }]),
    },
  ])('$name: one series per column after x, stack edges pointing at real columns', ({ spec, columns }) => {
    expect(spec.series).toHaveLength(columns.length - 1);
    for (const s of spec.series) {
      if (s.kind !== 'stack') continue;
      expect(s.stack?.lo).toBeLessThan(columns.length);
      expect(s.stack?.hi).toBeLessThan(columns.length);
      expect(spec.series[(s.stack?.lo ?? 0) - 1]?.kind).toBe('helper');
      expect(spec.series[(s.stack?.hi ?? 0) - 1]?.kind).toBe('helper');
    }
  });

  it('colours calls green and puts red (their meaning app-wide)', () => {
    const gex = gexSpec(true, 'bars');
    expect(gex.series.find((s) => s.key === 'call')?.color).toBe('--pos');
    expect(gex.series.find((s) => s.key === 'put')?.color).toBe('--neg');
  });
});

describe('greekColumns (dealer vanna and charm by strike)', () => {
  const points = [
    { strike: 105, net: 1, vanna: 3e6, charm: -2e5 },
    { strike: 95, net: -1, vanna: -1e6, charm: 4e5 },
    { strike: 100, net: 0, vanna: 0 },
  ];
  it.each([
    ['vanna', [95, 100, 105], [-1e6, 0, 3e6]],
    ['charm', [95, 100, 105], [4e5, Number.NaN, -2e5]],
  ] as const)('%s: strikes ascending, a strike without a value is NaN (a gap)', (greek, strikes, values) => {
    const { columns, published } = greekColumns(points, greek);
    expect([...columns[0]]).toEqual(strikes);
    expect([...(columns[1] as Float64Array)]).toEqual(values);
    expect(published).toBe(true);
  });

  it('a payload without them (another service, an older snapshot) reads as not published', () => {
    const { published } = greekColumns([{ strike: 100, net: 1 }], 'vanna');
    expect(published).toBe(false);
  });
});

describe('greekSpec', () => {
  it.each([
    ['vanna', 'USD of delta per vol point', 'Dealer vanna'],
    ['charm', 'USD of delta per day', 'Dealer charm'],
  ] as const)('%s: one signed series read in %s', (greek, unit, label) => {
    const spec = greekSpec(greek, 'bars');
    expect(spec.axes.map((a) => a.label)).toEqual([unit]);
    expect(spec.series.map((s) => [s.key, s.label, s.kind])).toEqual([[greek, label, 'bars']]);
    expect(spec.series[0]?.format(-2_040_182_241)).toBe('−$2.0B');
    expect(greekSpec(greek, 'step').series[0]?.kind).toBe('step');
  });
});
