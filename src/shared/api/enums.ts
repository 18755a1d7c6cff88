// Every enumeration of the spec ("Enumerations" and the per-endpoint rules) as a const array plus
// a z.enum. The four state labels are open (the spec lists the values seen, not the full set).
import { z } from 'zod';
import { openLabel } from './primitives.ts';

export const DIRECTIONS = ['long', 'short', 'neutral'] as const;
export const directionSchema = z.enum(DIRECTIONS);
export type Direction = z.infer<typeof directionSchema>;

export const OPPORTUNITY_TIERS = ['high', 'moderate', 'low', 'pass'] as const;
export const opportunityTierSchema = z.enum(OPPORTUNITY_TIERS);
export type OpportunityTier = z.infer<typeof opportunityTierSchema>;

export const REGIME_LABELS = [
  'trending_low_vol',
  'trending_high_vol',
  'range_bound',
  'choppy_volatile',
  'trending_down_low_vol',
  'trending_down_high_vol',
  'flush_panic',
] as const;
export const regimeLabelSchema = z.enum(REGIME_LABELS);
export type RegimeLabel = z.infer<typeof regimeLabelSchema>;

export const TRADE_TYPES = ['directional', 'mean_reversion', 'vol_premium', 'pass'] as const;
export const tradeTypeSchema = z.enum(TRADE_TYPES);
export type TradeType = z.infer<typeof tradeTypeSchema>;

export const TRADE_BIASES = [
  'long_breakout',
  'long_cautious',
  'fade_premium',
  'stand_aside',
  'short_rally',
  'reversal_caution',
] as const;
export const tradeBiasSchema = z.enum(TRADE_BIASES);
export type TradeBias = z.infer<typeof tradeBiasSchema>;

export const INCOME_STRATEGIES = ['cc', 'csp'] as const;
export const incomeStrategySchema = z.enum(INCOME_STRATEGIES);
export type IncomeStrategy = z.infer<typeof incomeStrategySchema>;

export const INCOME_TIERS = ['high', 'moderate', 'low', 'pass'] as const;
export const incomeTierSchema = z.enum(INCOME_TIERS);
export type IncomeTier = z.infer<typeof incomeTierSchema>;

export const EARNINGS_TIMES = ['bmo', 'amc', 'dmh'] as const;
export const earningsTimeSchema = z.enum(EARNINGS_TIMES);
export type EarningsTime = z.infer<typeof earningsTimeSchema>;

export const GAMMA_REGIMES = ['positive', 'negative', 'neutral', 'unknown'] as const;
export const gammaRegimeSchema = z.enum(GAMMA_REGIMES);
export type GammaRegime = z.infer<typeof gammaRegimeSchema>;

export const SCREENER_PRESETS = [
  'momentum_breakout',
  'capitulation_reversal',
  'range_premium_seller',
  'trend_pullback',
  'highvol_breakdown',
] as const;
export const screenerPresetSchema = z.enum(SCREENER_PRESETS);
export type ScreenerPreset = z.infer<typeof screenerPresetSchema>;

// ---- State labels: the values the presets use; other strings pass -------------------------------

export const TREND_STATES = ['up', 'sideways', 'down'] as const;
export const trendStateSchema = openLabel(TREND_STATES);
export type TrendState = z.infer<typeof trendStateSchema>;

export const MOMENTUM_STATES = ['strong', 'improving', 'fading'] as const;
export const momentumStateSchema = openLabel(MOMENTUM_STATES);
export type MomentumState = z.infer<typeof momentumStateSchema>;

export const EXTENSION_STATES = ['neutral', 'oversold'] as const;
export const extensionStateSchema = openLabel(EXTENSION_STATES);
export type ExtensionState = z.infer<typeof extensionStateSchema>;

export const REALIZED_VOL_STATES = ['subdued', 'contracting', 'expanding', 'elevated'] as const;
export const realizedVolStateSchema = openLabel(REALIZED_VOL_STATES);
export type RealizedVolState = z.infer<typeof realizedVolStateSchema>;

/**
 * Every value our engine writes for each state label (service/engine/interpret/states.ts): the
 * spec's "values seen" plus the ones it has not listed (`overbought`, `weak`). What a filter
 * offers, so no value the data takes is missing from a control (the Extension filter once lacked
 * `overbought`).
 */
export const STATE_LABEL_VALUES = {
  trend_state: TREND_STATES,
  momentum_state: [...MOMENTUM_STATES, 'weak'],
  extension_state: ['overbought', ...EXTENSION_STATES],
  realized_vol_state: REALIZED_VOL_STATES,
} as const satisfies Readonly<Record<string, readonly string[]>>;

/** Not in the enumerations at all: the spec only names `aligned` (in the screener notes). */
export const TREND_ALIGNMENT_STATES = ['aligned'] as const;
export const trendAlignmentStateSchema = openLabel(TREND_ALIGNMENT_STATES);
export type TrendAlignmentState = z.infer<typeof trendAlignmentStateSchema>;

// ---- Market-structure driver states (stated with their values: strict) --------------------------

export const FLIP_CONTEXT_STATES = ['above_flip', 'below_flip', 'at_flip'] as const;
export const flipContextStateSchema = z.enum(FLIP_CONTEXT_STATES);
export type FlipContextState = z.infer<typeof flipContextStateSchema>;

export const GAMMA_TONE_STATES = ['positive', 'negative', 'strong_positive', 'strong_negative'] as const;
export const gammaToneStateSchema = z.enum(GAMMA_TONE_STATES);
export type GammaToneState = z.infer<typeof gammaToneStateSchema>;

export const SKEW_TONE_STATES = ['defensive', 'balanced', 'upside_leaning'] as const;
export const skewToneStateSchema = z.enum(SKEW_TONE_STATES);
export type SkewToneState = z.infer<typeof skewToneStateSchema>;

/** "e.g. stabilizing, neutral, mixed, fragile": examples, so open. */
export const BIAS_LABELS = ['stabilizing', 'neutral', 'mixed', 'fragile'] as const;
export const biasLabelSchema = openLabel(BIAS_LABELS);

// ---- Query enumerations of the per-ticker endpoints --------------------------------------------

/** `exp` on /curves/gamma, besides a YYYY-MM-DD date (rule 1). */
export const GAMMA_CURVE_BUCKETS = ['combined', 'nearest', 'first_weekly', 'first_monthly'] as const;
export const gammaCurveBucketSchema = z.enum(GAMMA_CURVE_BUCKETS);
export type GammaCurveBucket = z.infer<typeof gammaCurveBucketSchema>;

/** `exp` on /curves/gex_by_strike (rule 4); call/put split only for `combined`. */
export const GEX_BY_STRIKE_BUCKETS = ['combined', 'nearest', 'first_monthly'] as const;
export const gexByStrikeBucketSchema = z.enum(GEX_BY_STRIKE_BUCKETS);
export type GexByStrikeBucket = z.infer<typeof gexByStrikeBucketSchema>;

/** `exp` on /options/volume, besides a listed YYYY-MM-DD date; there is no default. */
export const OPTIONS_VOLUME_BUCKETS = ['nearest', 'first_weekly', 'first_monthly'] as const;

/** The four per-expiration buckets of /curves/gamma/expirations, in `series_order`. */
export const EXPIRATION_BUCKETS = ['nearest', 'first_weekly', 'first_monthly', 'all_other_expiries'] as const;
export type ExpirationBucket = (typeof EXPIRATION_BUCKETS)[number];

/** `view` on /curves/gamma: only `naive` is defined (rule 3). */
export const GAMMA_CURVE_VIEWS = ['naive'] as const;
export const gammaCurveViewSchema = z.enum(GAMMA_CURVE_VIEWS);

/** `include` on /market-structure. */
export const MARKET_STRUCTURE_INCLUDES = ['state', 'call_diag'] as const;
export const marketStructureIncludeSchema = z.enum(MARKET_STRUCTURE_INCLUDES);
export type MarketStructureInclude = z.infer<typeof marketStructureIncludeSchema>;

/**
 * /levels formats (spec: "not shown"). Our choice, after ARCHITECTURE.md: `json` (the default, an
 * envelope) and the two plain-text charting formats.
 */
export const LEVELS_TEXT_FORMATS = ['tradingview', 'tos'] as const;
export const levelsTextFormatSchema = z.enum(LEVELS_TEXT_FORMATS);
export type LevelsTextFormat = z.infer<typeof levelsTextFormatSchema>;
export const LEVELS_FORMATS = ['json', ...LEVELS_TEXT_FORMATS] as const;
/** Ours: a text format's levels as their futures equivalents (SPX on ES1!, /ES). */
export const LEVELS_EQUIVALENTS = ['future'] as const;
export const levelsEquivalentSchema = z.enum(LEVELS_EQUIVALENTS);
export const levelsFormatSchema = z.enum(LEVELS_FORMATS);
export type LevelsFormat = z.infer<typeof levelsFormatSchema>;
