// The series metric catalog (valid `metrics` keys) and the series payload (`svc.series.v2`).
import { z } from 'zod';
import { envelopeSchema, tickerMetaSchema } from './envelope.ts';
import { isoDate, tickerText } from './primitives.ts';

export interface MetricInfo {
  readonly type: 'float' | 'string';
  readonly unit: string;
  readonly meaning: string;
}

/** The spec's catalog, verbatim: key → type, unit, meaning. */
export const SPEC_METRIC_CATALOG = {
  price: { type: 'float', unit: 'usd', meaning: 'underlying last price' },
  iv_rank: { type: 'float', unit: '0-100', meaning: 'IV rank percentile' },
  iv_pct_chg: { type: 'float', unit: 'pct', meaning: 'ATM IV percent change vs prior period' },
  atm_iv: { type: 'float', unit: 'decimal', meaning: 'ATM implied volatility (0.25 = 25 %)' },
  put_call_25d_iv_ratio: { type: 'float', unit: 'ratio', meaning: '25-delta put IV / 25-delta call IV' },
  put_call_iv_spread: { type: 'float', unit: 'iv_points', meaning: 'put IV minus call IV' },
  pcr_oi: { type: 'float', unit: 'ratio', meaning: 'put/call open-interest ratio' },
  pcr_volume: { type: 'float', unit: 'ratio', meaning: "put/call ratio of the day's volume" },
  put_call_ratio_oi_30day_change: {
    type: 'float',
    unit: 'delta',
    meaning: '30-day change in OI put/call ratio',
  },
  put_call_ratio_oi_60day_change: {
    type: 'float',
    unit: 'delta',
    meaning: '60-day change in OI put/call ratio',
  },
  gex_flip: { type: 'float', unit: 'usd', meaning: 'gamma flip price level' },
  gex_usd_per_1_pct_move: {
    type: 'float',
    unit: 'usd_per_1pct_move',
    meaning: 'cumulative gamma notional per 1 % move',
  },
  nearest_gex_usd_per_1_pct_move: {
    type: 'float',
    unit: 'usd_per_1pct_move',
    meaning: 'nearest-expiration gamma notional per 1 % move',
  },
  gex_volume_ratio: { type: 'float', unit: 'ratio', meaning: 'gamma-to-volume ratio' },
  pct_gamma_expiring: {
    type: 'float',
    unit: 'percent',
    meaning: 'share of gamma expiring in the nearest expiry bucket relative to total',
  },
  call_regime: { type: 'string', unit: '', meaning: 'call flow regime label' },
  speculative_interest_score: {
    type: 'float',
    unit: '0-1',
    meaning: 'speculative interest score (1 is highest)',
  },
  realized_vol_20d: {
    type: 'float',
    unit: 'pct_annualized',
    meaning: 'annualized 20-day realized volatility from daily log returns',
  },
  trend_score: { type: 'float', unit: 'score', meaning: 'signed trend strength' },
  momentum_score: { type: 'float', unit: 'score', meaning: 'momentum score' },
  extension_score: { type: 'float', unit: 'score', meaning: 'price extension vs trend anchor' },
  realized_vol_score: { type: 'float', unit: 'score', meaning: 'realized-vol regime score' },
  trend_alignment_score: {
    type: 'float',
    unit: 'score',
    meaning: 'agreement across trend, momentum and extension',
  },
  opportunity_score: {
    type: 'float',
    unit: '0-10',
    meaning: 'composite opportunity score from the trade-setup interpreter',
  },
} as const satisfies Record<string, MetricInfo>;

/**
 * Ours, beyond the spec's catalog (additive: a client that knows only the spec's keys never asks
 * for them). Computed by the engine like the others (vanna-charm.ts, more-levels.ts).
 */
export const EXTENSION_METRIC_CATALOG = {
  vanna_usd_per_1_vol_pt: {
    type: 'float',
    unit: 'usd_per_1vol_point',
    meaning: 'dealer vanna exposure: USD of delta dealers gain per 1 volatility point (calls +, puts −)',
  },
  charm_usd_per_day: {
    type: 'float',
    unit: 'usd_per_day',
    meaning: 'dealer charm exposure: USD of delta dealers gain per calendar day (calls +, puts −)',
  },
  zero_dte_gex_usd_per_1_pct_move: {
    type: 'float',
    unit: 'usd_per_1pct_move',
    meaning: 'gamma notional per 1 % move of the expiration ending that day alone',
  },
  zero_dte_gamma_share_pct: {
    type: 'float',
    unit: 'percent',
    meaning: 'share of gross gamma in the expiration ending that day',
  },
} as const satisfies Record<string, MetricInfo>;

/** Every key /series answers: the spec's catalog, then ours. */
export const METRIC_CATALOG = { ...SPEC_METRIC_CATALOG, ...EXTENSION_METRIC_CATALOG } as const;

export type MetricKey = keyof typeof METRIC_CATALOG;
export const METRIC_KEYS = Object.keys(METRIC_CATALOG) as [MetricKey, ...MetricKey[]];
export const metricKeySchema = z.enum(METRIC_KEYS);

/**
 * The spec's default `metrics` list uses `pc_25d_ratio`, which is not a catalog key. We accept it
 * as an alias of `put_call_25d_iv_ratio` (ARCHITECTURE.md, "Where the spec is silent").
 */
export const METRIC_KEY_ALIASES = { pc_25d_ratio: 'put_call_25d_iv_ratio' } as const satisfies Record<
  string,
  MetricKey
>;
export type MetricKeyAlias = keyof typeof METRIC_KEY_ALIASES;
export type MetricKeyInput = MetricKey | MetricKeyAlias;

/** The spec's default `metrics` for /series, aliases resolved. */
export const DEFAULT_SERIES_METRICS: readonly MetricKey[] = [
  'price',
  'iv_rank',
  'gex_flip',
  'put_call_25d_iv_ratio',
];
export const DEFAULT_SERIES_WINDOW = '180d';

/** A catalog key for `raw` (case and surrounding spaces ignored, aliases resolved), or null. */
export function normalizeMetricKey(raw: string): MetricKey | null {
  const key = raw.trim().toLowerCase();
  if (Object.hasOwn(METRIC_CATALOG, key)) return key as MetricKey;
  if (Object.hasOwn(METRIC_KEY_ALIASES, key)) return METRIC_KEY_ALIASES[key as MetricKeyAlias];
  return null;
}

/** `window`: a lookback such as 30d, 180d, 2y (days, weeks, months, years). */
export const SERIES_WINDOW_PATTERN = /^[1-9]\d{0,3}[dwmy]$/;
export const seriesWindowSchema = z
  .string()
  .regex(SERIES_WINDOW_PATTERN, 'window must look like 30d, 12w, 6m or 2y');

/**
 * Series point (spec: "not shown"). Our choice: `{ date, <metric>: value }`, one point per day,
 * latest value of the day; a metric with no value that day is null. Float metrics are numbers,
 * `call_regime` is a string; the payload-level check below enforces that for the listed metrics.
 */
export const seriesPointSchema = z.looseObject({ date: isoDate });
export type SeriesPoint = z.infer<typeof seriesPointSchema> & Record<string, number | string | null>;

/** Series data (spec: "not shown"). Our choice: `{ ticker, window, metrics[], points[] }`, oldest first. */
export const seriesDataSchema = z
  .looseObject({
    ticker: tickerText,
    window: z.string().min(1),
    metrics: z.array(z.string().min(1)),
    points: z.array(seriesPointSchema),
  })
  .superRefine((data, ctx) => {
    data.points.forEach((point, i) => {
      const values = point as Record<string, unknown>;
      for (const metric of data.metrics) {
        const value = values[metric];
        if (value === undefined || value === null) continue;
        const key = normalizeMetricKey(metric);
        const want = key ? METRIC_CATALOG[key].type : null;
        const ok =
          want === 'string'
            ? typeof value === 'string'
            : want === 'float'
              ? typeof value === 'number' && Number.isFinite(value)
              : typeof value === 'number' || typeof value === 'string';
        if (!ok) {
          ctx.addIssue({
            code: 'custom',
            path: ['points', i, metric],
            message: `expected ${want === 'string' ? 'a string' : 'a number'} or null`,
          });
        }
      }
    });
  });
export type SeriesData = z.infer<typeof seriesDataSchema>;

export const seriesResponseSchema = envelopeSchema(tickerMetaSchema('series'), seriesDataSchema);
export type SeriesResponse = z.infer<typeof seriesResponseSchema>;
