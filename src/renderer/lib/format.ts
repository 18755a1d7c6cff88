// How numbers, times and labels read in the UI. One dash for "unknown" everywhere; units follow
// the API: `_pct` fields are already percent, IV fields are decimals.
// The figures' own formatter (levels by ticker, distances, vol points) is shared with the core's
// exports and alert messages: src/shared/figure-format.ts; this file re-exports it.
import {
  formatPct,
  formatUsdCompact as sharedUsdCompact,
  MISSING,
  roundHalfAway,
} from '../../shared/figure-format.ts';
import { PRICE_KEYS } from '../../shared/snapshot-fields.ts';
import { figureName } from '../../shared/figure-labels.ts';

export {
  formatDistancePct,
  formatFigure,
  formatLevel,
  formatMove,
  formatVolPoints,
  ivChangePoints,
  levelUnit,
  MISSING,
  quotedInPoints,
} from '../../shared/figure-format.ts';

type Num = number | null | undefined;

const isNum = (value: Num): value is number => typeof value === 'number' && Number.isFinite(value);

const fixed = (digits: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const formatters = new Map<number, Intl.NumberFormat>();
function grouped(value: number, digits: number): string {
  let f = formatters.get(digits);
  if (!f) {
    f = fixed(digits);
    formatters.set(digits, f);
  }
  return f.format(roundHalfAway(value, digits));
}

const subDollar = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 });

/**
 * A price in USD, two decimals, grouped: 1,290.00. A sub-dollar price keeps up to four decimals
 * only where they carry something (0.1234), never padded zeros: a $0.51 premium reads "0.51".
 */
export function formatPrice(value: Num): string {
  if (!isNum(value)) return MISSING;
  return Math.abs(value) < 1 && value !== 0 ? subDollar.format(roundHalfAway(value, 4)) : grouped(value, 2);
}

/** A move in dollars (an expected move, a distance): cents always, whatever the price ("$0.74"). */
export function formatDollars(value: Num): string {
  if (!isNum(value)) return MISSING;
  return `${value < 0 ? '−' : ''}$${grouped(Math.abs(value), 2)}`;
}

/**
 * A value already in percent units (1.78 → "1.78%"); `sign` forces a leading + on positives.
 * Rounded half away from zero on the decimal value (0.725 → "0.73%"), as everywhere.
 */
export function formatPercent(value: Num, options: { digits?: number; sign?: boolean } = {}): string {
  return formatPct(value, options);
}

/** An implied volatility given as a decimal (0.284 → "28.4%"). */
export function formatIv(value: Num, digits = 1): string {
  if (!isNum(value)) return MISSING;
  return formatPercent(value * 100, { digits });
}

/** USD notional, compact: $1.2B, −$350.0M, $12.3K, $512. */
export function formatUsdCompact(value: Num): string {
  return sharedUsdCompact(value);
}

/** A 0-10 score with one decimal. */
export function formatScore(value: Num): string {
  return isNum(value) ? value.toFixed(1) : MISSING;
}

/** IV rank (0-100) as a whole number. */
export function formatRank(value: Num): string {
  return isNum(value) ? Math.round(value).toString() : MISSING;
}

/** A plain number with `digits` decimals, grouped. */
export function formatNumber(value: Num, digits = 2): string {
  return isNum(value) ? grouped(value, digits).replace('-', '−') : MISSING;
}

/**
 * How long ago, relative to `now` (ms): "just now", "42s ago", "5m ago", "3h ago", "2d ago".
 * Only past instants are described: a time slightly ahead of `now` is clock skew between the
 * process that stamped it and this one (never "updated in 1s"), so it reads "just now".
 */
export function formatRelative(iso: string | null | undefined, now: number): string {
  if (!iso) return MISSING;
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return MISSING;
  const seconds = Math.round((now - t) / 1000);
  if (seconds < 5) return 'just now';
  if (seconds < 60) return `${seconds}s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h ago`;
  return `${Math.floor(seconds / 86_400)}d ago`;
}

const etFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const etDateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

const etYearFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * Market time with its year, where a list reaches across years (the As-of picker):
 * "Nov 27, 2026 10:15 ET".
 */
export function formatMarketDateTime(iso: string | null | undefined): string {
  if (!iso) return MISSING;
  const t = Date.parse(iso);
  return Number.isFinite(t) ? `${etYearFormat.format(t).replace(/, (\d{2}:\d{2})$/, ' $1')} ET` : MISSING;
}

const etYear = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric' });

/** The New York year of an instant (ISO) or of a New York date (YYYY-MM-DD); null when unreadable. */
function marketYear(value: string): number | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return Number(value.slice(0, 4));
  const t = Date.parse(value);
  return Number.isFinite(t) ? Number(etYear.format(t)) : null;
}

/**
 * Whether a list of dates (History's snapshots, Replay's days) shows their years: when any entry is
 * not of the current year (of the clock in force, `now`), every entry does, so "Sep 14" of 2023
 * never sits under "Apr 30" of 2025 as if they were one year's.
 */
export function listShowsYear(dates: readonly string[], now: number): boolean {
  if (!Number.isFinite(now)) return false;
  const current = Number(etYear.format(now));
  return dates.some((d) => {
    const year = marketYear(d);
    return year !== null && year !== current;
  });
}

/** Market time, the way traders read it: "Mar 2, 10:30 ET". */
export function formatMarketTime(iso: string | null | undefined): string {
  if (!iso) return MISSING;
  const t = Date.parse(iso);
  return Number.isFinite(t) ? `${etFormat.format(t)} ET` : MISSING;
}

/** A calendar date in New York: "Mar 2, 2026". */
export function formatMarketDate(iso: string | null | undefined): string {
  if (!iso) return MISSING;
  const t = Date.parse(iso);
  return Number.isFinite(t) ? etDateFormat.format(t) : MISSING;
}

/** Words traders write as acronyms or symbols, whatever the case of the key they come from. */
const ACRONYMS: Readonly<Record<string, string>> = {
  iv: 'IV',
  atm: 'ATM',
  otm: 'OTM',
  itm: 'ITM',
  gex: 'GEX',
  oi: 'OI',
  dte: 'DTE',
  pcr: 'PCR',
  usd: 'USD',
  etf: 'ETF',
  rv: 'RV',
  csp: 'CSP',
  cc: 'CC',
  '25d': '25Δ',
  '10d': '10Δ',
  '1d': '1D',
  '1w': '1W',
  '1m': '1M',
  '3m': '3M',
  '20d': '20D',
  pct: '%',
};

/** snake_case labels for people: "trending_low_vol" → "Trending low vol", "iv_rank_extreme_low" → "IV rank extreme low". */
export function humanize(label: string | null | undefined): string {
  if (!label) return MISSING;
  const words = label
    .replaceAll('_', ' ')
    .trim()
    .split(/\s+/)
    .map((word) => ACRONYMS[word.toLowerCase()] ?? word);
  return sentence(words.join(' '));
}

/**
 * Text from data as the UI shows it: the first letter of each sentence in upper case ("dealers
 * long gamma. spot above" → "Dealers long gamma. Spot above"). Only letters after a sentence end
 * change; numbers, symbols ("−1σ") and the rest of the text are left alone.
 */
export function sentence(text: string | null | undefined): string {
  if (!text) return text === '' ? '' : MISSING;
  return text.replace(
    /(^\s*|[.!?]\s+)(\p{Ll})/gu,
    (_, lead: string, letter: string) => lead + letter.toUpperCase(),
  );
}

/** Byte counts: 512 B, 1.5 KB, 2.3 MB. */
export function formatBytes(value: Num): string {
  if (!isNum(value)) return MISSING;
  if (value < 1024) return `${value} B`;
  if (value < 1024 ** 2) return `${(value / 1024).toFixed(1)} KB`;
  if (value < 1024 ** 3) return `${(value / 1024 ** 2).toFixed(1)} MB`;
  return `${(value / 1024 ** 3).toFixed(1)} GB`;
}

/** Which way a signed value points, for colour: up, down or flat. */
export function trendOf(value: Num): 'up' | 'down' | 'flat' {
  if (!isNum(value) || value === 0) return 'flat';
  return value > 0 ? 'up' : 'down';
}

const MONEY_FIELD = /(^|_)(premium|credit|debit|mid|bid|ask)(_usd)?$/;
const IV_FIELDS = new Set(['atm_iv', 'ivAtMaxDelta', 'realized_vol_20d_decimal']);

/**
 * A field of an API payload, formatted by its name and the spec's unit conventions: `_pct` in
 * percent, IV decimals, USD prices, USD notionals per 1% move, 0-100 ranks, labels humanized.
 */
export function formatField(key: string, value: unknown): string {
  if (value === null || value === undefined) return MISSING;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string')
    return /^\d{4}-\d{2}-\d{2}T/.test(value) ? formatMarketTime(value) : humanize(value);
  if (Array.isArray(value))
    return value.length === 0
      ? MISSING
      : value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
  if (typeof value !== 'number') return JSON.stringify(value);
  if (key.includes('gex_usd') || key.includes('notional') || key.startsWith('gex_value'))
    return formatUsdCompact(value);
  // `_pct` names are percent units (spec convention); the catalog also has `pct_…` and `…_pct_1d`.
  if (/(^|_)pct(_|$)/.test(key))
    return formatPercent(value, { sign: key.startsWith('dist') || key.endsWith('chg_pct') });
  if (IV_FIELDS.has(key)) return formatIv(value);
  // Option premiums and credits are money: "$0.51", never "0.5100".
  if (MONEY_FIELD.test(key)) return formatDollars(value);
  if (key === 'iv_rank') return formatRank(value);
  if (PRICE_KEYS.has(key) || key.startsWith('plus_') || key.startsWith('minus_')) return formatPrice(value);
  if (key === 'realized_vol_20d') return formatPercent(value, { digits: 1 });
  if (key.endsWith('_score'))
    return formatNumber(value, key === 'opportunity_score' || key === 'income_score' ? 1 : 2);
  return formatNumber(value, Number.isInteger(value) ? 0 : 2);
}

/** A payload key for people: "dist_to_gex_flip_pct" → "Dist to gex flip %". */
export function fieldLabel(key: string): string {
  return humanize(
    key
      .replace(/_pct$/, ' %')
      .replace(/^iv/, 'IV')
      .replace(/_iv\b/g, ' IV')
      .replace(/ivAtMaxDelta/, figureName('ivAtMaxDelta') ?? 'IV at top delta·OI strike'),
  );
}
