// The specs of the app's charts: which columns, drawn how, in which colour, read in which unit.
// Each matches the column layout of its shaping function (curve-data.ts, series-axes.ts). Green
// and red keep their app-wide meaning: calls (+ gamma) and puts (− gamma).
import type { MetricKey } from '../../../shared/api/series.ts';
import { formatUsdCompact } from '../../lib/format.ts';
import { formatCompact, formatCount, formatDay, formatStrike } from './frame/chart-format.ts';
import type { ChartSpec, SeriesSpec } from './frame/chart-spec.ts';
import { EXPIRATION_LAYERS, expirationEdges, type ExpirationLayer } from './curves/curve-data.ts';
import { figureName } from '../../../shared/figure-labels.ts';
import { formatFigure, formatPct, formatVolPoints } from '../../../shared/figure-format.ts';
import { formatDays } from './term/term-data.ts';
import { labelOf } from '../ticker/field-labels.ts';
import { groupByAxis } from './series/series-axes.ts';

const STRIKE_X = { kind: 'strike', label: 'Strike', format: formatStrike } as const;
const MARKER_ROWS = 3;

export function gammaCurveSpec(naive: boolean): ChartSpec {
  return {
    x: STRIKE_X,
    series: [
      {
        key: 'gamma',
        label: naive ? 'Gamma (naive: all +)' : 'Dealer gamma',
        color: '--chart-1',
        kind: 'line',
        fill: 0.18,
        width: 1.5,
        format: formatCompact,
      },
    ],
    axes: [{ scale: 'y', label: 'Shares per $1', format: formatCompact, side: 'left' }],
    zoom: true,
    markerRows: MARKER_ROWS,
  };
}

const LAYER_STYLE: Record<ExpirationLayer, { label: string; color: string }> = {
  nearest: { label: 'Nearest', color: '--chart-1' },
  first_weekly: { label: 'First weekly', color: '--chart-2' },
  first_monthly: { label: 'First monthly', color: '--chart-3' },
  all_other_expiries: { label: 'All other', color: '--chart-4' },
};

/** Four stacked layers, then combined as a line, then the layers' edges (helpers). */
export function expirationsSpec(): ChartSpec {
  const layers: SeriesSpec[] = EXPIRATION_LAYERS.map((key, i) => ({
    key,
    ...LAYER_STYLE[key],
    kind: 'stack',
    fill: 0.5,
    stack: expirationEdges(i),
    format: formatCompact,
  }));
  const helpers: SeriesSpec[] = ['lo', 'hi'].flatMap((edge) =>
    EXPIRATION_LAYERS.map((key) => ({
      key: `${key}-${edge}`,
      label: '',
      color: '--faint',
      kind: 'helper' as const,
      format: formatCompact,
    })),
  );
  return {
    x: STRIKE_X,
    series: [
      ...layers,
      {
        key: 'combined',
        label: 'Combined',
        color: '--text',
        kind: 'line',
        width: 1.5,
        format: formatCompact,
      },
      ...helpers,
    ],
    axes: [{ scale: 'y', label: 'Shares per $1', format: formatCompact, side: 'left' }],
    zoom: true,
    markerRows: MARKER_ROWS,
  };
}

/** Call and put GEX as bars (or steps) around zero with net on top; net alone when not split. */
export function gexSpec(split: boolean, mode: 'bars' | 'step'): ChartSpec {
  const side = mode === 'bars' ? ('bars' as const) : ('step' as const);
  const sides: SeriesSpec[] = split
    ? [
        {
          key: 'call',
          label: 'Call GEX',
          color: '--pos',
          kind: side,
          fill: mode === 'bars' ? 0.65 : 0.12,
          format: formatUsdCompact,
        },
        {
          key: 'put',
          label: 'Put GEX',
          color: '--neg',
          kind: side,
          fill: mode === 'bars' ? 0.65 : 0.12,
          format: formatUsdCompact,
        },
      ]
    : [];
  return {
    x: STRIKE_X,
    series: [
      ...sides,
      {
        key: 'net',
        label: 'Net GEX',
        color: split ? '--text' : '--chart-1',
        kind: split ? (mode === 'bars' ? 'line' : 'step') : side,
        width: 1.5,
        ...(split ? {} : { fill: mode === 'bars' ? 0.65 : 0.15 }),
        format: formatUsdCompact,
      },
    ],
    axes: [{ scale: 'y', label: 'USD per 1% move', format: formatUsdCompact, side: 'left' }],
    zoom: true,
    markerRows: MARKER_ROWS,
  };
}

/** The unit of each dealer exposure by strike, as the axis names it. */
export const GREEK_UNITS = {
  vanna: 'USD of delta per vol point',
  charm: 'USD of delta per day',
} as const;

/**
 * Dealer vanna or charm by strike (curve-data.ts greekColumns): one signed series, as bars or
 * steps like net GEX, read in USD of delta per vol point (vanna) or per day (charm).
 */
export function greekSpec(greek: 'vanna' | 'charm', mode: 'bars' | 'step'): ChartSpec {
  const figure = greek === 'vanna' ? 'vanna_usd_per_1_vol_pt' : 'charm_usd_per_day';
  return {
    x: STRIKE_X,
    series: [
      {
        key: greek,
        label: greek === 'vanna' ? 'Dealer vanna' : 'Dealer charm',
        color: greek === 'vanna' ? '--chart-3' : '--chart-5',
        kind: mode === 'bars' ? 'bars' : 'step',
        fill: mode === 'bars' ? 0.65 : 0.15,
        width: 1.5,
        format: (v) => formatFigure(figure, v),
      },
    ],
    axes: [{ scale: 'y', label: GREEK_UNITS[greek], format: formatUsdCompact, side: 'left' }],
    zoom: true,
    markerRows: MARKER_ROWS,
  };
}

export function volumeSpec(): ChartSpec {
  return {
    x: STRIKE_X,
    series: [
      { key: 'calls', label: 'Call volume', color: '--pos', kind: 'bars', fill: 0.7, format: formatCount },
      { key: 'puts', label: 'Put volume', color: '--neg', kind: 'bars', fill: 0.7, format: formatCount },
    ],
    // Puts are drawn below zero as negative numbers; the ticks read as counts, and the side labels
    // (drawn inside the plot) say which side is which.
    axes: [
      {
        scale: 'y',
        label: 'Contracts, calls above zero, puts below',
        format: (v) => formatCompact(Math.abs(v)),
        side: 'left',
      },
    ],
    sides: { above: 'Calls ▲', below: 'Puts ▼' },
    zoom: true,
    markerRows: MARKER_ROWS,
  };
}

/**
 * IV by strike for one expiration (skew-data.ts columns, in percent): calls green and solid, puts
 * red and dashed on top, so both stay visible where the two sides quote the same IV (parity makes
 * them nearly equal; the simulator's are equal).
 */
export function skewSpec(): ChartSpec {
  const side = (
    key: 'call_iv' | 'put_iv',
    style: Pick<SeriesSpec, 'color' | 'width' | 'dash'>,
  ): SeriesSpec => ({
    key,
    label: figureName(key) ?? key,
    kind: 'line',
    ...style,
    format: (v) => formatFigure(key, v / 100),
  });
  return {
    x: STRIKE_X,
    series: [
      side('call_iv', { color: '--pos', width: 2.5 }),
      side('put_iv', { color: '--neg', width: 1.5, dash: [6, 4] }),
    ],
    axes: [
      {
        scale: 'y',
        label: 'Implied volatility, % annualized',
        format: (v) => formatPct(v, { digits: 1 }),
        side: 'left',
      },
    ],
    zoom: true,
    markerRows: MARKER_ROWS,
  };
}

/** The overlays' ATM IV lines: dashed, in colours of their own (never the shown curve's). */
const OVERLAY_STYLES: readonly Pick<SeriesSpec, 'color' | 'dash'>[] = [
  { color: '--chart-2', dash: [6, 4] },
  { color: '--chart-3', dash: [2, 3] },
];

/**
 * IV by strike overlays (skew-data.ts overlay columns): one dashed line per earlier snapshot, the
 * call IV of that time where it exists, else the put IV (parity makes them nearly equal).
 */
export function skewOverlaySeries(overlays: readonly { key: string; label: string }[]): SeriesSpec[] {
  return overlays.map((o, i) => ({
    key: `past-${o.key}`,
    label: o.label,
    kind: 'line',
    width: 1.5,
    ...(OVERLAY_STYLES[i % OVERLAY_STYLES.length] as Pick<SeriesSpec, 'color' | 'dash'>),
    spanGaps: true,
    format: (v) => formatFigure('call_iv', v / 100),
  }));
}

/**
 * The term structure (term-data.ts columns): ATM IV in percent by days to expiry on the left axis,
 * the 25Δ risk reversal and butterfly in vol points on the right, then one dashed ATM IV line per
 * overlay. The tooltip's title names the expiration of the point.
 */
export function termSpec(
  overlays: readonly { key: string; label: string }[],
  expirationOf: (days: number) => string | undefined,
): ChartSpec {
  const iv = (v: number) => formatFigure('atm_iv', v / 100);
  const points = (v: number) => formatVolPoints(v);
  return {
    x: {
      kind: 'days',
      label: 'Days to expiry',
      format: formatDays,
      title: (days) => {
        const exp = expirationOf(days);
        return exp ? `Expiration ${exp} (${formatDays(days)})` : `${formatDays(days)} to expiry`;
      },
    },
    series: [
      {
        key: 'atm_iv',
        label: 'ATM IV',
        color: '--chart-1',
        kind: 'line',
        scale: 'iv',
        width: 2.5,
        spanGaps: true,
        format: iv,
      },
      {
        key: 'rr25',
        label: '25Δ risk reversal (call − put)',
        color: '--neg',
        kind: 'line',
        scale: 'pts',
        width: 1.5,
        spanGaps: true,
        format: points,
      },
      {
        key: 'bf25',
        label: '25Δ butterfly',
        color: '--chart-5',
        kind: 'line',
        scale: 'pts',
        width: 1.5,
        dash: [4, 2],
        spanGaps: true,
        format: points,
      },
      ...overlays.map((o, i): SeriesSpec => ({
        key: `past-${o.key}`,
        label: `ATM IV, ${o.label}`,
        kind: 'line',
        scale: 'iv',
        width: 1.5,
        ...(OVERLAY_STYLES[i % OVERLAY_STYLES.length] as Pick<SeriesSpec, 'color' | 'dash'>),
        spanGaps: true,
        format: iv,
      })),
    ],
    axes: [
      {
        scale: 'iv',
        label: 'ATM IV, % annualized',
        format: (v) => formatPct(v, { digits: 1 }),
        side: 'left',
        color: '--chart-1',
      },
      { scale: 'pts', label: '25Δ skew, vol points', format: (v) => formatVolPoints(v, 1), side: 'right' },
    ],
    zoom: false,
    markerRows: 0,
  };
}

/**
 * Line colours for series, in pick order: the categorical chart colours (defined with both
 * themes by charts-tab.svelte), never the green/red that mean a gamma regime elsewhere.
 */
export const SERIES_COLORS = [
  '--chart-1',
  '--chart-2',
  '--chart-3',
  '--chart-5',
  '--chart-4',
  '--text',
] as const;

/** One line per metric, one y axis per unit group, alternating left and right. */
export function seriesSpec(metrics: readonly MetricKey[]): ChartSpec {
  const groups = groupByAxis(metrics);
  const series: SeriesSpec[] = metrics.map((metric, i) => {
    const group = groups.find((g) => g.metrics.includes(metric));
    return {
      key: metric,
      label: labelOf(metric),
      color: SERIES_COLORS[i % SERIES_COLORS.length] as string,
      kind: 'line',
      scale: group?.key ?? 'y',
      width: 1.5,
      ...(i >= SERIES_COLORS.length ? { dash: [6, 3] } : {}),
      format: group?.format ?? formatCompact,
    };
  });
  return {
    x: { kind: 'date', label: 'Date', format: formatDay },
    series,
    axes: groups.map((g, i) => {
      const color = g.metrics.length === 1 ? series.find((s) => s.key === g.metrics[0])?.color : undefined;
      return {
        scale: g.key,
        label: g.label,
        format: g.format,
        side: i % 2 === 0 ? ('left' as const) : ('right' as const),
        ...(color ? { color } : {}),
      };
    }),
    zoom: false,
    markerRows: 1,
  };
}
