// The words alerts use for the values they watch. Alert titles leave the app (desktop
// notifications, webhooks) and the rule editor shows the same values, so both sides take them from
// here rather than printing enum values (`trending_down_high_vol`) a trader should never read.
import { futureLevelBase, type CrossLevel } from './alert-rules.ts';
import { METRIC_CATALOG, type MetricKey } from './api/series.ts';
import { formatDistancePct, formatLevel } from './figure-format.ts';

export const REGIME_LABEL_TEXT: Readonly<Record<string, string>> = {
  trending_low_vol: 'Trending, low vol',
  trending_high_vol: 'Trending, high vol',
  range_bound: 'Range-bound',
  choppy_volatile: 'Choppy, volatile',
  trending_down_low_vol: 'Trending down, low vol',
  trending_down_high_vol: 'Trending down, high vol',
  flush_panic: 'Flush / panic',
};

export const SCREENER_TEXT: Readonly<Record<string, string>> = {
  momentum_breakout: 'Momentum breakout',
  capitulation_reversal: 'Capitulation reversal',
  range_premium_seller: 'Range premium seller',
  trend_pullback: 'Trend pullback',
  highvol_breakdown: 'High-vol breakdown',
};

/** Level names as they read inside a sentence ("crossed above the call wall"). */
export const LEVEL_TEXT: Readonly<Record<CrossLevel, string>> = {
  gamma_flip: 'gamma flip',
  call_wall: 'call wall',
  put_wall: 'put wall',
  max_pain: 'max pain',
  plus_1sigma_1d: '+1σ (1D)',
  minus_1sigma_1d: '−1σ (1D)',
  plus_1sigma_1w: '+1σ (1W)',
  minus_1sigma_1w: '−1σ (1W)',
  abs_gamma_strike: 'absolute-gamma strike',
  gex_positive_1: 'largest positive GEX strike',
  gex_negative_1: 'largest negative GEX strike',
  nearest_expiry_flip: 'nearest-expiry flip',
  zero_dte_flip: '0DTE flip',
  zero_dte_call_wall: '0DTE call wall',
  zero_dte_put_wall: '0DTE put wall',
  'future.gamma_flip': 'ES/NQ/RTY equivalent of the gamma flip',
  'future.call_wall': 'ES/NQ/RTY equivalent of the call wall',
  'future.put_wall': 'ES/NQ/RTY equivalent of the put wall',
  custom: 'custom price',
};

/**
 * A futures level's name for one ticker and its future: "ES equivalent of the SPX gamma flip";
 * any other level's as levelText.
 */
export function futureLevelText(level: CrossLevel, ticker: string, symbol: string): string {
  const base = futureLevelBase(level);
  return base === null
    ? levelText(level)
    : `${symbol} equivalent of the ${ticker} ${LEVEL_TEXT[base as CrossLevel]}`;
}

const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Any enum-like value as words: the known tables first, then underscores to spaces. */
export function valueText(value: string): string {
  const known = REGIME_LABEL_TEXT[value] ?? SCREENER_TEXT[value];
  return known ?? sentence(value.replaceAll('_', ' ').trim());
}

/** A level's name inside a sentence; a custom level names its price. */
export function levelText(level: CrossLevel, price?: number): string {
  if (level === 'custom') return price === undefined ? 'custom price' : price.toFixed(2);
  return LEVEL_TEXT[level];
}

/** A level's name as a label (Sentence case), e.g. for a select. */
export function levelLabel(level: CrossLevel): string {
  return sentence(LEVEL_TEXT[level]);
}

/**
 * A series metric inside an alert title written by the core ("SPY IV rank percentile above 70"),
 * from the spec's catalog meaning. The renderer has nicer labels (features/ticker/field-labels.ts),
 * but the core may not import the renderer; the catalog is the one description both share.
 * `price` stays "price" ("underlying last price" reads oddly in a title).
 */
export function metricText(metric: string): string {
  if (metric === 'price') return 'price';
  const info = (METRIC_CATALOG as Readonly<Record<string, { meaning: string }>>)[metric as MetricKey];
  if (!info) return metric.replaceAll('_', ' ');
  return info.meaning.replace(/\s*\(.*\)$/, '');
}

/** Sentence case for a text that starts a sentence. */
export function sentenceCase(text: string): string {
  return sentence(text);
}

/**
 * A price level or spot of `ticker` in an alert's words: the app's one level formatter ("$598.20";
 * an index's levels are points, "5,982.10"), so an alert reads exactly as the screens do.
 */
export function priceText(ticker: string, value: number): string {
  return formatLevel(value, ticker);
}

/** A signed distance in percent, as every screen writes it: "+0.32%", "−0.32%", "0.00%". */
export function signedPct(pct: number): string {
  return formatDistancePct(pct);
}
