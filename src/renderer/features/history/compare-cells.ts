// How one leaf of a stored snapshot reads in the compare table. Numbers are formatted by the name
// of their last path segment (the same unit rules as the ticker views: `_pct` in percent, IV
// decimals as percent, prices with two decimals), so "601" reads "601.00" and "-4.05" reads
// "−4.05%". A numeric change also gets its difference, which is what a trader scans for.
import { leafText } from '../../lib/flatten.ts';
import { formatField, formatNumber, formatUsdCompact } from '../../lib/format.ts';

/** The payload's implied volatilities given as decimals (0.13 = 13 %). */
const IV_DECIMALS = new Set(['atm_iv', 'ivAtMaxDelta']);

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The last path segment that is a name, not an array index: "levels.3.price" → "price". */
export function fieldOf(path: string): string {
  const parts = path.split('.').filter((p) => !/^\d+$/.test(p));
  return parts[parts.length - 1] ?? path;
}

/** One cell: numbers by their field's unit, everything else as the plain leaf text. */
export function cellText(path: string, value: unknown): string {
  if (isNum(value)) return formatField(fieldOf(path), value);
  if (value === null) return '—';
  return leafText(value);
}

/**
 * B − A for two numbers, signed, in the field's own unit: percentage points for `_pct` and IV
 * fields ("+0.12 pp"), the plain number otherwise. Empty when either side is not a number.
 */
export function deltaText(path: string, a: unknown, b: unknown): string {
  if (!isNum(a) || !isNum(b)) return '';
  const field = fieldOf(path);
  if (/usd|notional|gex_value/.test(field)) {
    if (b === a) return '0';
    const text = formatUsdCompact(b - a);
    return b > a ? `+${text}` : text;
  }
  const iv = IV_DECIMALS.has(field);
  const pct = /(^|_)pct(_|$)/.test(field);
  const diff = iv ? (b - a) * 100 : b - a;
  const digits = Math.abs(diff) >= 100 ? 0 : 2;
  const text = formatNumber(Math.abs(diff), digits);
  if (Number(text.replaceAll(',', '')) === 0) return '0';
  return `${diff < 0 ? '−' : '+'}${text}${pct || iv ? ' pp' : ''}`;
}
