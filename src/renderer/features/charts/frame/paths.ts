// Path builders for bars and stacked bands, made for dense strike grids. A 2,000-strike chain is
// wider than the plot is in pixels: drawing every bar then means sub-pixel, overlapping,
// anti-aliased rectangles, which is what makes a canvas slow to rasterize. So when points are
// denser than pixels, each pixel column is drawn once (its extreme value); otherwise bars are
// as wide as their own neighbours allow (strike spacing is uneven: 1 near the money, 5 or 10
// further out) and snapped to whole pixels.
import type uPlot from 'uplot';
import { bandRuns } from './stacking.ts';

const NO_PATHS: uPlot.Series.Paths = { stroke: null, fill: null, clip: null, band: null, flags: 0 };
export const noPaths: uPlot.Series.PathBuilder = () => NO_PATHS;

export interface Columns1D {
  /** Pixel column (left edge, whole pixels) of each drawn bar. */
  px: number[];
  value: number[];
}

/**
 * One value per whole-pixel column over points first..last: the one farthest from zero (a bar's
 * visible extent). `xPx` are the points' x positions in pixels, ascending.
 */
export function pixelColumns(
  xPx: ArrayLike<number>,
  values: ArrayLike<number | null | undefined>,
  first: number,
  last: number,
): Columns1D {
  const px: number[] = [];
  const value: number[] = [];
  for (let j = first; j <= last; j++) {
    const v = values[j];
    if (typeof v !== 'number' || !Number.isFinite(v)) continue;
    const col = Math.floor(xPx[j] as number);
    const k = px.length - 1;
    if (k >= 0 && px[k] === col) {
      if (Math.abs(v) > Math.abs(value[k] as number)) value[k] = v;
    } else {
      px.push(col);
      value.push(v);
    }
  }
  return { px, value };
}

/**
 * Whole-pixel [left, width] of each bar over points first..last: `factor` of the distance to the
 * nearer neighbour, at least 1 and at most `maxWidth` pixels, centred on the point.
 */
export function barBoxes(
  xPx: ArrayLike<number>,
  first: number,
  last: number,
  factor: number,
  maxWidth: number,
): [number, number][] {
  const boxes: [number, number][] = [];
  for (let j = first; j <= last; j++) {
    const x = xPx[j] as number;
    const before = j > first ? x - (xPx[j - 1] as number) : Infinity;
    const after = j < last ? (xPx[j + 1] as number) - x : Infinity;
    const room = Math.min(before, after);
    const w = Math.max(1, Math.min(maxWidth, Number.isFinite(room) ? room * factor : maxWidth));
    const left = Math.round(x - w / 2);
    boxes.push([left, Math.max(1, Math.round(x + w / 2) - left)]);
  }
  return boxes;
}

/** Bars from zero, one rectangle per point or per pixel column when points are denser than pixels. */
export function barPaths(factor = 0.8, maxWidth = 48): uPlot.Series.PathBuilder {
  return (u, seriesIdx, idx0, idx1) => {
    const xs = u.data[0];
    const ys = u.data[seriesIdx];
    if (!ys || idx1 < idx0) return NO_PATHS;
    const scale = u.series[seriesIdx]?.scale ?? 'y';
    const ratio = globalThis.devicePixelRatio || 1;
    const xPx = new Float64Array(idx1 + 1);
    for (let j = idx0; j <= idx1; j++) xPx[j] = u.valToPos(xs[j] as number, 'x', true);
    const zero = Math.round(u.valToPos(0, scale, true));
    const fill = new Path2D();
    const rect = (left: number, width: number, v: number) => {
      const y = Math.round(u.valToPos(v, scale, true));
      if (y !== zero) fill.rect(left, Math.min(y, zero), width, Math.abs(zero - y));
    };
    const dense = idx1 - idx0 + 1 > u.bbox.width / 2;
    if (dense) {
      const cols = pixelColumns(xPx, ys as ArrayLike<number | null>, idx0, idx1);
      cols.px.forEach((left, k) => rect(left, 1, cols.value[k] as number));
    } else {
      barBoxes(xPx, idx0, idx1, factor, maxWidth * ratio).forEach(([left, width], k) => {
        const v = ys[idx0 + k];
        if (typeof v === 'number' && Number.isFinite(v)) rect(left, width, v);
      });
    }
    return { stroke: null, fill, clip: null, band: null, flags: 0 };
  };
}

/**
 * The envelope of a band per pixel column over points first..last: the column's lowest lower edge
 * and highest upper edge, for when points are denser than pixels.
 */
export function bandEnvelope(
  xPx: ArrayLike<number>,
  lo: ArrayLike<number | null | undefined>,
  hi: ArrayLike<number | null | undefined>,
  first: number,
  last: number,
): { x: number[]; lo: number[]; hi: number[] } {
  const x: number[] = [];
  const outLo: number[] = [];
  const outHi: number[] = [];
  for (let j = first; j <= last; j++) {
    const l = lo[j] ?? 0;
    const h = hi[j] ?? 0;
    const col = Math.floor(xPx[j] as number);
    const k = x.length - 1;
    if (k >= 0 && Math.floor(x[k] as number) === col) {
      outLo[k] = Math.min(outLo[k] as number, l);
      outHi[k] = Math.max(outHi[k] as number, h);
    } else {
      x.push(xPx[j] as number);
      outLo.push(l);
      outHi.push(h);
    }
  }
  return { x, lo: outLo, hi: outHi };
}

/** Fills between the data columns `lo` and `hi`, one closed shape per run on one side of zero. */
export function stackPaths(lo: number, hi: number): uPlot.Series.PathBuilder {
  return (u, seriesIdx, idx0, idx1) => {
    const xs = u.data[0];
    const los = u.data[lo];
    const his = u.data[hi];
    if (!los || !his || idx1 < idx0) return NO_PATHS;
    const scale = u.series[seriesIdx]?.scale ?? 'y';
    const Y = (v: number) => u.valToPos(v, scale, true);
    const fill = new Path2D();
    const xPx = new Float64Array(idx1 + 1);
    for (let j = idx0; j <= idx1; j++) xPx[j] = u.valToPos(xs[j] as number, 'x', true);
    for (const [a, b] of bandRuns(los as ArrayLike<number>, his as ArrayLike<number>, idx0, idx1)) {
      if (b - a + 1 > (xPx[b] as number) - (xPx[a] as number)) {
        const run = bandEnvelope(xPx, los as ArrayLike<number>, his as ArrayLike<number>, a, b);
        const n = run.x.length;
        fill.moveTo(run.x[0] as number, Y(run.hi[0] as number));
        for (let k = 1; k < n; k++) fill.lineTo(run.x[k] as number, Y(run.hi[k] as number));
        for (let k = n - 1; k >= 0; k--) fill.lineTo(run.x[k] as number, Y(run.lo[k] as number));
      } else {
        fill.moveTo(xPx[a] as number, Y((his[a] as number | null) ?? 0));
        for (let j = a + 1; j <= b; j++) fill.lineTo(xPx[j] as number, Y((his[j] as number | null) ?? 0));
        for (let j = b; j >= a; j--) fill.lineTo(xPx[j] as number, Y((los[j] as number | null) ?? 0));
      }
      fill.closePath();
    }
    return { stroke: null, fill, clip: null, band: null, flags: 0 };
  };
}
