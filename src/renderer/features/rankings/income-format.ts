// Money and yields of the income table as a trader reads them: a premium in dollars and cents
// ("$0.51", not "0.5100"), an annualized yield in percent with two decimals under 10 % and one
// above ("4.25%", "18.3%"). Kept here rather than in lib/format.ts, which another part owns.
import { formatDollars, formatPercent } from '../../lib/format.ts';

export function formatPremium(value: number | null | undefined): string {
  return formatDollars(value);
}

/** `value` is a decimal (0.0425 → "4.25%"). */
export function formatYield(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return formatPercent(null);
  const pct = value * 100;
  return formatPercent(pct, { digits: Math.abs(pct) < 10 ? 2 : 1 });
}
