// What a chart shows, independent of uPlot: the chart components turn a spec into uPlot options.
// A spec changes rarely (a different set of series); data changes often and never rebuilds it.

/** How one column of the data is drawn. `stack` fills between two helper columns (lo, hi). */
export type SeriesKind = 'line' | 'step' | 'bars' | 'stack' | 'helper';

export interface SeriesSpec {
  key: string;
  label: string;
  /** A colour custom property of app.css, e.g. `--pos`, so both themes work. */
  color: string;
  kind: SeriesKind;
  /** The y scale; `y` unless several units share the chart. */
  scale?: string;
  width?: number;
  dash?: number[];
  /** Draw a line across points this series has no value at (overlays on a shared x); default: date axes only. */
  spanGaps?: boolean;
  /** Fill opacity (0-1) for bars and stacks. */
  fill?: number;
  /** For `stack`: the data columns holding the layer's lower and upper edges. */
  stack?: { lo: number; hi: number };
  /** How a value of this series reads in the tooltip. */
  format: (value: number) => string;
}

export interface AxisSpec {
  scale: string;
  label: string;
  format: (value: number) => string;
  side: 'left' | 'right';
  /** Colour of the axis label, when the axis belongs to one series. */
  color?: string;
}

export interface ChartSpec {
  x: {
    /** `days`: days to expiry (the term structure), a plain number axis like strikes. */
    kind: 'strike' | 'date' | 'days';
    label: string;
    format: (value: number) => string;
    /** The tooltip's title for a point, when it says more than "<label> <value>" (an expiration's date). */
    title?: (value: number) => string;
  };
  /** One per data column after x, in the same order. */
  series: SeriesSpec[];
  axes: AxisSpec[];
  /**
   * Captions for the two sides of zero, drawn inside the plot (top left, bottom left), when the
   * chart mirrors one quantity below the axis (option volume: calls above, puts below).
   */
  sides?: { above: string; below: string };
  /** Drag to zoom the x range, double-click to reset it. */
  zoom: boolean;
  /** Rows of marker labels kept free above the plot (0 when the chart has no markers). */
  markerRows: number;
}

export type MarkerKind =
  | 'spot'
  | 'flip'
  | 'call_wall'
  | 'put_wall'
  | 'max_pain'
  | 'sigma_1d'
  | 'sigma_1w'
  // The more levels (markers.ts MORE_LEVELS), off by default.
  | 'abs_gamma'
  | 'gex_positive'
  | 'gex_negative'
  | 'nearest_flip'
  | 'zero_dte_flip'
  | 'zero_dte_call_wall'
  | 'zero_dte_put_wall'
  | 'asof'
  /** A horizontal IV line (the skew chart's ATM IV): its label carries its value, in percent. */
  | 'atm_iv';

/** A vertical line at an x value, with a label: spot, gamma flip, a wall, ±1σ, or a chosen instant. */
export interface Marker {
  key: string;
  kind: MarkerKind;
  value: number;
  label: string;
}

export interface XRange {
  min: number;
  max: number;
}

/** Columns for uPlot: x first, one column per series. Typed arrays for the big ones. */
export type Columns = [Float64Array, ...(Float64Array | (number | null)[])[]];

/** The series the tooltip and legend list (helper columns only shape the drawing). */
export function visibleSeries(spec: ChartSpec): { spec: SeriesSpec; column: number }[] {
  return spec.series
    .map((s, i) => ({ spec: s, column: i + 1 }))
    .filter((entry) => entry.spec.kind !== 'helper');
}
