// Per-ticker data for the watchlist table and the ticker views: stored API v2 payloads with the
// metadata of the snapshot they come from.
import { z } from 'zod';
import {
  gammaCurveBucketSchema,
  gammaCurveViewSchema,
  gammaRegimeSchema,
  gexByStrikeBucketSchema,
  levelsEquivalentSchema,
  levelsTextFormatSchema,
  opportunityTierSchema,
  regimeLabelSchema,
  directionSchema,
} from '../api/index.ts';
import {
  explainDataSchema,
  gammaCurveDataSchema,
  gammaExpirationsDataSchema,
  gexByStrikeDataSchema,
  levelsDataSchema,
  marketStructureDataSchema,
  metricKeySchema,
  optionsVolumeDataSchema,
  seriesDataSchema,
  signalsDataSchema,
  tickerStateDataSchema,
  tradeSetupDataSchema,
} from './api-payloads.ts';
import { idSchema, isoTimeSchema, tickerSchema, windowSchema } from './common.ts';
import { curveOriginSchema } from './curve-origin.ts';

/** What the watcher stores snapshots of: one name per API v2 endpoint it polls. */
export const SNAPSHOT_ENDPOINTS = [
  'state',
  'market_structure',
  'signals',
  'explain',
  'trade_setup',
  'levels',
  'series',
  'curve_gamma',
  'curve_gamma_expirations',
  'curve_gex_by_strike',
  'options_volume',
  'top_setups',
  'screener',
  'income_setups',
] as const;
export const snapshotEndpointSchema = z.enum(SNAPSHOT_ENDPOINTS);
export type SnapshotEndpoint = z.infer<typeof snapshotEndpointSchema>;

/** Where a payload came from. `stale` is true when it is older than its job's schedule allows. */
export const snapshotMetaSchema = z.object({
  id: idSchema,
  endpoint: snapshotEndpointSchema,
  ticker: z.string().nullable(),
  /** `meta.asof` of the API response: the market instant the payload describes. */
  asof: isoTimeSchema,
  /** When the watcher fetched it. */
  fetchedAt: isoTimeSchema,
  stale: z.boolean(),
});
export type SnapshotMeta = z.infer<typeof snapshotMetaSchema>;

const num = z.number().nullable();

/** Fields of a table row whose change since the previous snapshot is reported in `changed`. */
export const TICKER_ROW_FIELDS = [
  'price',
  'gamma_regime',
  'regime_label',
  'opportunity_score',
  'opportunity_tier',
  'direction',
  'iv_rank',
  'atm_iv',
  'gex_flip',
  'dist_to_gex_flip_pct',
  'expected_move_1d_pct',
  'expected_move_1d',
] as const;
export const tickerRowFieldSchema = z.enum(TICKER_ROW_FIELDS);
export type TickerRowField = z.infer<typeof tickerRowFieldSchema>;

export const TICKER_ROW_STATUSES = ['ok', 'pending', 'unknown_ticker', 'error'] as const;

/**
 * One row of the watchlist table, from the latest signals / market-structure snapshots. Metric
 * fields keep their API names and units (`_pct` in percent, IV decimal); null when unknown.
 */
export const tickerRowSchema = z.object({
  ticker: z.string(),
  /** `pending`: not fetched yet; `unknown_ticker`: the source has no such symbol. */
  status: z.enum(TICKER_ROW_STATUSES),
  error: z.string().nullable(),
  price: num,
  gamma_regime: gammaRegimeSchema.nullable(),
  regime_label: regimeLabelSchema.nullable(),
  opportunity_score: num,
  opportunity_tier: opportunityTierSchema.nullable(),
  direction: directionSchema.nullable(),
  iv_rank: num,
  atm_iv: num,
  gex_flip: num,
  dist_to_gex_flip_pct: num,
  /** Expected 1-day 1σ move, percent of spot and USD. */
  expected_move_1d_pct: num,
  expected_move_1d: num,
  asof: isoTimeSchema.nullable(),
  stale: z.boolean(),
  /** Fields that differ from the previous snapshot of this ticker. */
  changed: z.array(tickerRowFieldSchema),
  /** Without an IV rank yet: the sessions of ATM IV stored and needed ("3 of 20 sessions"). */
  ivRankPending: z.object({ stored: z.number(), needed: z.number() }).nullable().optional(),
});
export type TickerRow = z.infer<typeof tickerRowSchema>;

export const tickersLatestInputSchema = z.union([
  z.object({ watchlistId: idSchema }),
  z.object({ tickers: z.array(tickerSchema).max(1000) }),
]);

export const universeEntrySchema = z.object({
  ticker: z.string(),
  name: z.string(),
  kind: z.string(),
  /** One of the symbols served without a key in demo mode. */
  demo: z.boolean(),
});
export type UniverseEntry = z.infer<typeof universeEntrySchema>;

// ---- ticker:view -----------------------------------------------------------------------------

export const TICKER_VIEWS = [
  'market_structure',
  'signals',
  'explain',
  'trade_setup',
  'state',
  'levels',
] as const;
export const tickerViewNameSchema = z.enum(TICKER_VIEWS);
export type TickerViewName = z.infer<typeof tickerViewNameSchema>;

export const tickerViewInputSchema = z.object({
  ticker: tickerSchema,
  view: tickerViewNameSchema,
  /** The stored payload at or before this instant; the latest when absent. */
  at: isoTimeSchema.optional(),
});

/** `snapshot` and `data` are null together when nothing is stored yet for that view. */
const viewResult = <V extends TickerViewName, T extends z.ZodType>(view: V, data: T) =>
  z.object({
    ticker: z.string(),
    view: z.literal(view),
    snapshot: snapshotMetaSchema.nullable(),
    data: data.nullable(),
  });

export const tickerViewOutputSchema = z.discriminatedUnion('view', [
  viewResult('market_structure', marketStructureDataSchema),
  viewResult('signals', signalsDataSchema),
  viewResult('explain', explainDataSchema),
  viewResult('trade_setup', tradeSetupDataSchema),
  viewResult('state', tickerStateDataSchema),
  viewResult('levels', levelsDataSchema),
]);
export type TickerViewResult = z.infer<typeof tickerViewOutputSchema>;

// ---- ticker:curve ----------------------------------------------------------------------------

export const CURVE_KINDS = ['gamma', 'gamma_expirations', 'gex_by_strike'] as const;
export const curveKindSchema = z.enum(CURVE_KINDS);
export type CurveKind = z.infer<typeof curveKindSchema>;

export const tickerCurveInputSchema = z.discriminatedUnion('kind', [
  z.object({
    ticker: tickerSchema,
    kind: z.literal('gamma'),
    exp: z.union([gammaCurveBucketSchema, z.iso.date()]).optional(),
    view: gammaCurveViewSchema.optional(),
    at: isoTimeSchema.optional(),
  }),
  z.object({ ticker: tickerSchema, kind: z.literal('gamma_expirations'), at: isoTimeSchema.optional() }),
  z.object({
    ticker: tickerSchema,
    kind: z.literal('gex_by_strike'),
    exp: gexByStrikeBucketSchema.optional(),
    at: isoTimeSchema.optional(),
  }),
]);

const curveResult = <K extends CurveKind, T extends z.ZodType>(kind: K, data: T) =>
  z.object({
    ticker: z.string(),
    kind: z.literal(kind),
    snapshot: snapshotMetaSchema.nullable(),
    data: data.nullable(),
    /** How the answer was obtained; absent means `stored`. */
    origin: curveOriginSchema.optional(),
  });

export const tickerCurveOutputSchema = z.discriminatedUnion('kind', [
  curveResult('gamma', gammaCurveDataSchema),
  curveResult('gamma_expirations', gammaExpirationsDataSchema),
  curveResult('gex_by_strike', gexByStrikeDataSchema),
]);
export type TickerCurveResult = z.infer<typeof tickerCurveOutputSchema>;

// ---- series, levels text, options volume -----------------------------------------------------

export const tickerSeriesInputSchema = z.object({
  ticker: tickerSchema,
  metrics: z.array(metricKeySchema).min(1).max(12),
  window: windowSchema.default('180d'),
  /** History review: the window ends on this instant's New York date instead of today. */
  at: isoTimeSchema.optional(),
});
export const tickerSeriesOutputSchema = z.object({
  ticker: z.string(),
  /** From the watcher's metric store: every stored snapshot, downsampled to the latest per day. */
  data: seriesDataSchema,
});
export type TickerSeriesResult = z.infer<typeof tickerSeriesOutputSchema>;

export const levelsTextInputSchema = z.object({
  ticker: tickerSchema,
  format: levelsTextFormatSchema,
  /** `future`: the levels' futures equivalents, for a chart of the future (SPX on ES1!, /ES). */
  equivalent: levelsEquivalentSchema.optional(),
});
export const levelsTextOutputSchema = z.object({
  ticker: z.string(),
  format: levelsTextFormatSchema,
  text: z.string(),
  /** A file name for saving the text, e.g. `SPY-levels-tradingview.txt`. */
  suggestedName: z.string(),
  asof: isoTimeSchema.nullable(),
});

export const optionsVolumeInputSchema = z.object({
  ticker: tickerSchema,
  /** The API requires it: a bucket name or YYYY-MM-DD. */
  exp: z.union([gammaCurveBucketSchema, z.iso.date()]),
  /** History review: the volume stored at or before this instant; the latest when absent. */
  at: isoTimeSchema.optional(),
});
export const optionsVolumeOutputSchema = z.object({
  ticker: z.string(),
  snapshot: snapshotMetaSchema.nullable(),
  data: optionsVolumeDataSchema.nullable(),
  /** How the answer was obtained; absent means `stored`. */
  origin: curveOriginSchema.optional(),
});
