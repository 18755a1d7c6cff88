// The specs of the app's charts: which columns, drawn how, in which colour, read in which unit.
// Each matches the column layout of its shaping function (curve-data.ts, series-axes.ts). Green
// and red keep their app-wide meaning: calls (+ gamma) and puts (− gamma).
import type { MetricKey } from '../../../shared/api/series.ts';
import { formatUsdCompact } from '../../lib/format.ts';
import { formatCompact, formatCount, formatDay, formatStrike } from './frame/chart-format.ts';
import type { ChartSpec, SeriesSpec } from './frame/chart-spec.ts';
import { EXPIRATION_LAYERS, expirationEdges, type ExpirationLayer } from './curves/curve-data.ts';
import { figureName } from '../../../shared/figure-labels.ts';
import { formatFigure, formatPct } from '../../../shared/figure-format.ts';
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
