import { describe, expect, it } from 'vitest';
import {
  buildOptions,
  paddedRange,
  rightPadding,
  sparse,
} from '../../../../src/renderer/features/charts/frame/chart-options.ts';
import {
  expirationsSpec,
  gexSpec,
  seriesSpec,
} from '../../../../src/renderer/features/charts/chart-catalog.ts';
import { paletteFrom, withAlpha } from '../../../../src/renderer/features/charts/frame/chart-theme.ts';
import {
  formatCompact,
  formatCount,
  formatDay,
  formatStrike,
} from '../../../../src/renderer/features/charts/frame/chart-format.ts';

const palette = paletteFrom(
  (token) =>
    ({ '--text': '#111820', '--pos': '#0f7a43', '--neg': 'rgb(192 38 47)', '--border': '#d5dbe2' })[token] ??
    '',
);

describe('paddedRange', () => {
  it.each([
    { min: 10, max: 20, zero: false, want: [9.2, 20.8] },
    { min: 10, max: 20, zero: true, want: [0, 21.6] },
    { min: -20, max: -10, zero: true, want: [-21.6, 0] },
    { min: -10, max: 10, zero: true, want: [-11.6, 11.6] },
    { min: 5, max: 5, zero: false, want: [4.5, 5.5] },
    { min: 0, max: 0, zero: true, want: [-1, 1] },
    { min: null, max: null, zero: false, want: [-0.08, 1.08] },
  ])('[$min, $max] (zero $zero) → $want', ({ min, max, zero, want }) => {
    const [lo, hi] = paddedRange(min, max, zero);
    expect(lo).toBeCloseTo(want[0] as number, 9);
    expect(hi).toBeCloseTo(want[1] as number, 9);
  });
});

describe('theme colours', () => {
  it.each([
    ['#0f7a43', 0.5, 'rgba(15, 122, 67, 0.5)'],
    ['#fff', 1, 'rgba(255, 255, 255, 1)'],
    ['#000', 2, 'rgba(0, 0, 0, 1)'],
    ['rgb(192 38 47)', 0.25, 'color-mix(in srgb, rgb(192 38 47) 25%, transparent)'],
  ])('withAlpha(%s, %d) = %s', (color, a, want) => {
    expect(withAlpha(color, a)).toBe(want);
  });

  it('reads tokens once and falls back to grey for an unknown one', () => {
    let reads = 0;
    const p = paletteFrom((t) => {
      reads += 1;
      return t === '--pos' ? ' #0f7a43 ' : '';
    });
    const before = reads;
    expect(p.color('--pos')).toBe('#0f7a43');
    expect(p.color('--pos')).toBe('#0f7a43');
    expect(reads - before).toBe(1);
    expect(p.color('--nope')).toBe('#888888');
  });
});

const baseInput = {
  palette,
  font: '11px sans-serif',
  width: 600,
  height: 280,
  hooks: {},
  ondblclick: () => undefined,
  xRange: () => null,
};

describe('buildOptions', () => {
  it('one uPlot series per spec series plus x, our legend instead of uPlot’s, drag zoom without uPlot’s own setScale', () => {
    const spec = expirationsSpec();
    const opts = buildOptions({ ...baseInput, spec });
    expect(opts.series).toHaveLength(spec.series.length + 1);
    expect(opts.legend?.show).toBe(false);
    expect(opts.cursor?.drag).toEqual({ x: true, y: false, setScale: false });
  });

  it('resolves series colours from the theme', () => {
    const opts = buildOptions({ ...baseInput, spec: gexSpec(true, 'bars') });
    expect(opts.series[1]?.fill).toBe('rgba(15, 122, 67, 0.65)');
    expect(opts.series[2]?.fill).toBe('color-mix(in srgb, rgb(192 38 47) 65%, transparent)');
  });

  it('gives bars and stacks a zero-anchored y range, lines a padded one', () => {
    const bars = buildOptions({ ...baseInput, spec: gexSpec(true, 'bars') });
    const range = bars.scales?.['y']?.range;
    expect(typeof range).toBe('function');
    const lines = buildOptions({ ...baseInput, spec: seriesSpec(['price']) });
    const priceRange = lines.scales?.['usd']?.range;
    expect(typeof priceRange).toBe('function');
    if (typeof range === 'function' && typeof priceRange === 'function') {
      // The uPlot instance is not used by our range functions.
      const u = undefined as never;
      expect(range(u, 10, 20, 'y')[0]).toBe(0);
      expect(priceRange(u, 500, 520, 'usd')[0]).toBeCloseTo(498.4, 9);
    }
  });

  it('shows the window (or zoom) it is given on the x scale, every point otherwise', () => {
    let window: { min: number; max: number } | null = { min: 90, max: 110 };
    const opts = buildOptions({ ...baseInput, spec: gexSpec(true, 'bars'), xRange: () => window });
    const range = opts.scales?.['x']?.range;
    if (typeof range !== 'function') throw new Error('x range is not a function');
    expect(range(undefined as never, 50, 150, 'x')).toEqual([90, 110]);
    window = null;
    expect(range(undefined as never, 50, 150, 'x')).toEqual([50, 150]);
  });

  it('uses a UTC time axis for daily series', () => {
    const opts = buildOptions({ ...baseInput, spec: seriesSpec(['price', 'iv_rank']) });
    expect(opts.scales?.['x']?.time).toBe(true);
    expect(opts.axes).toHaveLength(3);
    expect(opts.tzDate?.(Date.UTC(2026, 2, 2) / 1000).getDate()).toBe(2);
  });
});

describe('rightPadding: room for the last x label at the chart’s right edge', () => {
  it.each([
    ['a time axis with no axis on the right (the price chart, one series metric)', seriesSpec(['price']), 30],
    ['a time axis with an axis on the right to sit over', seriesSpec(['price', 'iv_rank']), 12],
    ['strikes (short numbers)', gexSpec(true, 'bars'), 12],
    ['expirations', expirationsSpec(), 12],
  ])('%s: %i px', (_name, spec, expected) => {
    expect(rightPadding(spec)).toBe(expected);
    expect(buildOptions({ ...baseInput, spec }).padding?.[1]).toBe(expected);
  });
});

describe('chart formats', () => {
  it.each([
    [1234567, '1.23M'],
    [-45600, '−45.6K'],
    [512, '512'],
    [0.012345, '0.0123'],
    [Number.NaN, '—'],
  ])('formatCompact(%d) = %s', (v, want) => {
    expect(formatCompact(v)).toBe(want);
  });

  it.each([
    [172.5, '172.5'],
    [510, '510'],
    [1250, '1,250'],
  ])('formatStrike(%d) = %s', (v, want) => {
    expect(formatStrike(v)).toBe(want);
  });

  it('shows mirrored put volume without its sign, and series days in UTC', () => {
    expect(formatCount(-12705)).toBe('12,705');
    expect(formatDay(Date.UTC(2026, 2, 2) / 1000)).toBe('Mar 2, 2026');
  });
});

describe('sparse: a line with one or two values in view draws its points', () => {
  it.each([
    { name: 'one value', values: [null, 3, null], range: [0, 2], want: true },
    { name: 'two values', values: [1, null, 2], range: [0, 2], want: true },
    { name: 'three values: a line reads without dots', values: [1, 2, 3], range: [0, 2], want: false },
    { name: 'only the values in view count', values: [1, 2, 3, null, 4], range: [3, 4], want: true },
    { name: 'nothing in view', values: [null, Number.NaN], range: [0, 1], want: false },
    { name: 'a range past the end', values: [5], range: [0, 9], want: true },
  ])('$name', ({ values, range, want }) => {
    expect(sparse(values, range[0] as number, range[1] as number)).toBe(want);
  });
});
