// The one formatter of the figures of figure-labels.ts, shared by the renderer (every screen), the
// core (CSV exports) and alert messages, so a figure reads the same everywhere:
// - every number is rounded once, half away from zero on its decimal value (0.725 → 0.73, never
//   0.72 because 0.725 is 0.72499… in binary), then printed;
// - percent distances (to the flip, to a level) have two decimals, the headline included;
// - IV changes and spreads are vol points ("−0.16 pts"), never a percent;
// - levels and prices carry "$" for stocks and ETFs and none for indexes (SPX, NDX, RUT, VIX…),
//   which are quoted in points.
import { isIndexUnderlying } from './index-underlyings.ts';
import { DISTANCE_DIGITS, FIGURES, figureKeyOf, type Figure } from './figure-labels.ts';

export const MISSING = '—';

type Num = number | null | undefined;
const isNum = (value: Num): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * `value` rounded half away from zero to `digits` decimals, on its decimal value: binary noise
 * (0.725 stored as 0.72499…, 1.005 × 100 = 100.4999…) is cut at 15 significant digits first.
 */
export function roundHalfAway(value: number, digits: number): number {
  const factor = 10 ** digits;
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  const rounded = (Math.sign(value) * Math.round(scaled)) / factor;
  return Object.is(rounded, -0) ? 0 : Number(rounded.toFixed(digits));
}

const formatters = new Map<number, Intl.NumberFormat>();
/** `value` (already rounded) grouped with exactly `digits` decimals: 1,290.00. */
function grouped(value: number, digits: number): string {
  let f = formatters.get(digits);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    formatters.set(digits, f);
  }
  return f.format(roundHalfAway(value, digits));
}

/** A signed magnitude: "−" (the minus sign) for negatives, "+" on request; zero after rounding has no sign. */
function signed(value: number, digits: number, plus: boolean): string {
  const text = grouped(Math.abs(value), digits);
  if (roundHalfAway(value, digits) === 0) return text;
  return `${value < 0 ? '−' : plus ? '+' : ''}${text}`;
}

/** A value already in percent units (1.78 → "1.78%"); `sign` forces a leading + on positives. */
export function formatPct(value: Num, options: { digits?: number; sign?: boolean } = {}): string {
  if (!isNum(value)) return MISSING;
  return `${signed(value, options.digits ?? 2, options.sign ?? false)}%`;
}

/** The distance from spot to the flip (or to any level), percent of spot, signed, two decimals. */
export function formatDistancePct(value: Num): string {
  return formatPct(value, { digits: DISTANCE_DIGITS, sign: true });
}

/** A difference of two IVs in vol points: +0.42 pts, −1.10 pts. */
export function formatVolPoints(value: Num, digits = 2): string {
  return isNum(value) ? `${signed(value, digits, true)} pts` : MISSING;
}

/**
 * The ATM IV change in vol points, from the API's relative change (`iv_pct_chg`, percent of the
 * prior IV) and today's ATM IV (a decimal): prior = iv / (1 + c), change = iv − prior, × 100.
 */
export function ivChangePoints(atmIv: Num, pctChange: Num): number | null {
  if (!isNum(atmIv) || !isNum(pctChange) || pctChange <= -100) return null;
  return ((atmIv * pctChange) / (100 + pctChange)) * 100;
}

/** True when `ticker` is quoted in index points rather than dollars. */
export function quotedInPoints(ticker: string | null | undefined): boolean {
  return typeof ticker === 'string' && isIndexUnderlying(ticker);
}

const subDollar = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 });

/**
 * A price or level of `ticker`: "$663.60" for a stock or ETF, "5,912.40" (index points, no "$")
 * for an index. Two decimals; a sub-dollar stock price keeps up to four where they carry something.
 */
export function formatLevel(value: Num, ticker: string | null | undefined): string {
  if (!isNum(value)) return MISSING;
  const abs = Math.abs(value);
  const text = abs < 1 && abs !== 0 ? subDollar.format(roundHalfAway(abs, 4)) : grouped(abs, 2);
  const sign = value < 0 ? '−' : '';
  return quotedInPoints(ticker) ? `${sign}${text}` : `${sign}$${text}`;
}

/**
 * A move or distance in `ticker`'s price unit, cents always: "$30.17" for a stock or ETF, "30.17"
 * (index points, no "$") for an index, as its levels read.
 */
export function formatMove(value: Num, ticker: string | null | undefined): string {
  if (!isNum(value)) return MISSING;
  const text = grouped(roundHalfAway(Math.abs(value), 2), 2);
  const sign = value < 0 ? '−' : '';
  return quotedInPoints(ticker) ? `${sign}${text}` : `${sign}$${text}`;
}

/** The unit a level is read in, for a header or tooltip: "index points" or "USD". */
export function levelUnit(ticker: string | null | undefined): string {
  return quotedInPoints(ticker) ? 'index points' : 'USD';
}

/** USD notional, compact: $1.2B, −$350.0M, $12.3K, $512. */
export function formatUsdCompact(value: Num): string {
  if (!isNum(value)) return MISSING;
  const abs = Math.abs(value);
  const sign = value < 0 ? '−' : '';
  if (abs < 1000) return `${sign}$${roundHalfAway(abs, 0).toFixed(0)}`;
  const units: [number, string][] = [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [size, suffix] of units) {
    // Compare after rounding, so 999,950 reads $1.0M rather than $1000.0K.
    const tenths = roundHalfAway((abs / size) * 10, 0);
    if (tenths >= 10) return `${sign}$${(tenths / 10).toFixed(1)}${suffix}`;
  }
  return `${sign}$${abs.toFixed(0)}`;
}

/** What some figures need besides their own value: the ATM IV turns `iv_pct_chg` into vol points. */
export interface FigureContext {
  ticker?: string | null;
  /** Today's ATM IV, a decimal. */
  atm_iv?: number | null;
}

/**
 * Any figure of the label table by its key or path, in its one unit and rounding: the formatter
 * screens, exports and alert messages call, with the figure's name from figureName(). `iv_pct_chg`
 * (the API's relative change) reads in vol points, so it needs `context.atm_iv`. Keys the table
 * does not know read as plain numbers with two decimals.
 */
export function formatFigure(keyOrPath: string, value: Num, context: FigureContext = {}): string {
  if (!isNum(value)) return MISSING;
  const key = figureKeyOf(keyOrPath);
  if (!key) return signed(value, 2, false);
  const figure: Figure = FIGURES[key];
  if (key === 'iv_pct_chg') return formatVolPoints(ivChangePoints(context.atm_iv, value), figure.digits);
  const ticker = context.ticker ?? null;
  switch (figure.unit) {
    case 'level':
      return formatLevel(value, ticker);
    case 'usd':
      return formatUsdCompact(value);
    case 'percent':
      return formatPct(value, { digits: figure.digits, sign: figure.signed === true });
    case 'iv':
      return formatPct(value * 100, { digits: figure.digits });
    case 'vol_points':
      return formatVolPoints(value, figure.digits);
    default:
      return signed(value, figure.digits, figure.signed === true);
  }
}

/**
 * How a threshold on `metric` is typed and read: in the unit its figure is shown in. An IV is a
 * decimal in the API (0.102) and "10.2%" on every screen, so a trader types 11 for 11 %: its scale
 * is 100. Every other figure is typed as it is shown (scale 1). Rules store the API's unit.
 */
export function thresholdScale(metric: string): number {
  const key = figureKeyOf(metric);
  return key !== undefined && FIGURES[key].unit === 'iv' ? 100 : 1;
}

/** A stored threshold in the unit it is typed in (0.105 → 10.5 for an IV), without binary noise. */
export function thresholdShown(metric: string, value: number): number {
  return Number((value * thresholdScale(metric)).toPrecision(12));
}

/** A threshold as a sentence reads it: "10.5%" for an ATM IV of 0.105, else as its figure reads. */
export function formatThreshold(metric: string, value: number, context: FigureContext = {}): string {
  return thresholdScale(metric) === 100
    ? `${thresholdShown(metric, value)}%`
    : formatFigure(metric, value, context);
}
