// A ChartSpec + palette → uPlot options. Colours are resolved here (not per draw), the legend is
// ours (uPlot's is off), zoom is a drag selection the chart component turns into an x range.
import uPlot from 'uplot';
import type { ChartSpec, SeriesSpec, XRange } from './chart-spec.ts';
import type { ChartPalette } from './chart-theme.ts';
import { barPaths, noPaths, stackPaths } from './paths.ts';
import { textWidth } from './text-width.ts';

export interface OptionsInput {
  spec: ChartSpec;
  palette: ChartPalette;
  font: string;
  width: number;
  height: number;
  hooks: uPlot.Hooks.Arrays;
  /** The x range to show (a window or a zoom); null shows every point. */
  xRange: () => XRange | null;
  /** Replaces uPlot's double-click (which would show every strike) with our reset. */
  ondblclick: () => void;
}

/** Height of one row of marker labels above the plot, CSS pixels. */
export const MARKER_ROW_HEIGHT = 15;

/**
 * A y range padded by 8 %, with zero kept in view when bars or stacks hang from it, and a
 * sensible span when every value is equal or there is none.
 */
export function paddedRange(min: number | null, max: number | null, includeZero: boolean): [number, number] {
  let lo = min ?? 0;
  let hi = max ?? 1;
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) [lo, hi] = [0, 1];
  if (includeZero) {
    lo = Math.min(lo, 0);
    hi = Math.max(hi, 0);
  }
  if (hi - lo <= 0) {
    const d = Math.abs(hi) * 0.1 || 1;
    return [lo - d, hi + d];
  }
  const pad = (hi - lo) * 0.08;
  return [includeZero && lo === 0 ? 0 : lo - pad, includeZero && hi === 0 ? 0 : hi + pad];
}

/** At most this many values in view: a line draws its points, or a lone value would not show at all. */
export const SPARSE_POINTS = 2;

/** Whether `values[idx0..idx1]` hold at least one and at most SPARSE_POINTS finite numbers. */
export function sparse(values: ArrayLike<number | null | undefined>, idx0: number, idx1: number): boolean {
  let count = 0;
  for (let i = Math.max(0, idx0); i <= Math.min(idx1, values.length - 1); i++) {
    const v = values[i];
    if (typeof v === 'number' && Number.isFinite(v) && ++count > SPARSE_POINTS) return false;
  }
  return count > 0;
}

function seriesOptions(s: SeriesSpec, palette: ChartPalette, dateX: boolean): uPlot.Series {
  const base: uPlot.Series = {
    label: s.label,
    scale: s.scale ?? 'y',
    points: { show: false },
    spanGaps: s.spanGaps ?? dateX,
  };
  const stroke = palette.color(s.color);
  switch (s.kind) {
    case 'line':
      return {
        ...base,
        // A metric with one stored day (one just added to the catalog) is a dot, not nothing.
        points: {
          show: (u, i, idx0, idx1) => sparse(u.data[i] as ArrayLike<number | null>, idx0, idx1),
          size: 6,
        },
        stroke,
        width: s.width ?? 1.5,
        ...(s.dash ? { dash: s.dash } : {}),
        ...(s.fill ? { fill: palette.alpha(s.color, s.fill), fillTo: 0 } : {}),
      };
    case 'step': {
      // uPlot.paths.stepped is optional in uPlot's types (absent from its lite build); without it the
      // series keeps uPlot's default paths, as it would with `paths: undefined`.
      const stepped = uPlot.paths.stepped?.({ align: 1 });
      return {
        ...base,
        stroke,
        width: s.width ?? 1.25,
        ...(stepped ? { paths: stepped } : {}),
        ...(s.fill ? { fill: palette.alpha(s.color, s.fill), fillTo: 0 } : {}),
      };
    }
    case 'bars':
      return {
        ...base,
        stroke,
        width: 0,
        fill: palette.alpha(s.color, s.fill ?? 0.7),
        fillTo: 0,
        paths: barPaths(0.8, 48),
      };
    case 'stack':
      return {
        ...base,
        stroke,
        width: 0,
        fill: palette.alpha(s.color, s.fill ?? 0.55),
        paths: s.stack ? stackPaths(s.stack.lo, s.stack.hi) : noPaths,
      };
    case 'helper':
      return { ...base, label: '', stroke: 'transparent', width: 0, paths: noPaths };
  }
}

/** Width of an axis: its widest value plus room for ticks, measured with the axis font. */
function axisSize(font: string): uPlot.Axis.Size {
  return (u, values) => {
    if (!values || values.length === 0) return 40;
    const widest = Math.max(...values.map((v) => textWidth(u.ctx, font, String(v))));
    return Math.ceil(widest) + 18;
  };
}

/**
 * Room right of the plot. A time axis centres its labels on their ticks, and its last one
 * ("10:00am") is wider than a strike's: without an axis on the right to sit over, half of it
 * would be cut off at the chart's edge.
 */
export function rightPadding(spec: Pick<ChartSpec, 'x' | 'axes'>): number {
  const rightAxis = spec.axes.some((axis) => axis.side === 'right');
  return spec.x.kind === 'date' && !rightAxis ? 30 : 12;
}

export function buildOptions(input: OptionsInput): uPlot.Options {
  const { spec, palette, font } = input;
  const dateX = spec.x.kind === 'date';
  const zeroScales = new Set(
    spec.series.filter((s) => s.kind === 'bars' || s.kind === 'stack').map((s) => s.scale ?? 'y'),
  );
  // Every x rescale (new data, zoom, reset) goes through this range, so the window holds.
  const xRange: uPlot.Scale.Range = (_u, min, max) => {
    const r = input.xRange();
    return r ? [r.min, r.max] : [min, max];
  };
  const scales: uPlot.Scales = { x: { time: dateX, range: xRange } };
  for (const axis of spec.axes) {
    const includeZero = zeroScales.has(axis.scale);
    scales[axis.scale] = { auto: true, range: (_u, min, max) => paddedRange(min, max, includeZero) };
  }
  const grid = { stroke: palette.grid, width: 1 };
  const ticks = { stroke: palette.grid, width: 1, size: 4 };
  const axes: uPlot.Axis[] = [
    {
      scale: 'x',
      stroke: palette.muted,
      font,
      grid,
      ticks,
      space: dateX ? 70 : 56,
      ...(dateX ? {} : { values: (_u: uPlot, splits: number[]) => splits.map((v) => spec.x.format(v)) }),
    },
    ...spec.axes.map((axis, i): uPlot.Axis => ({
      scale: axis.scale,
      side: axis.side === 'left' ? 3 : 1,
      stroke: axis.color ? palette.color(axis.color) : palette.muted,
      font,
      // Only the first y axis draws a grid: several grids on one plot read as noise.
      grid: i === 0 ? grid : { show: false },
      ticks,
      space: 36,
      size: axisSize(font),
      values: (_u: uPlot, splits: number[]) => splits.map((v) => axis.format(v)),
    })),
  ];
  return {
    width: input.width,
    height: input.height,
    legend: { show: false },
    padding: [spec.markerRows > 0 ? spec.markerRows * MARKER_ROW_HEIGHT + 6 : 10, rightPadding(spec), 4, 4],
    ...(dateX ? { tzDate: (ts: number) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC') } : {}),
    scales,
    axes,
    series: [{ label: spec.x.label }, ...spec.series.map((s) => seriesOptions(s, palette, dateX))],
    cursor: {
      drag: { x: spec.zoom, y: false, setScale: false },
      points: { size: 7, width: 1.5 },
      focus: { prox: -1 },
      bind: {
        dblclick: () => () => {
          input.ondblclick();
          return null;
        },
      },
    },
    select: { show: spec.zoom, left: 0, top: 0, width: 0, height: 0 },
    hooks: input.hooks,
  };
}
