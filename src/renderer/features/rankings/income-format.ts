// Money and yields of the income table as a trader reads them: a premium in dollars and cents
// ("$0.51", not "0.5100"), an annualized yield in percent with two decimals under 10 % and one
// above ("4.25%", "18.3%"). Kept here rather than in lib/format.ts, which another part owns.
import { formatDollars, formatNumber, formatPercent } from '../../lib/format.ts';

export function formatPremium(value: number | null | undefined): string {
  return formatDollars(value);
}

/** `value` is a decimal (0.0425 → "4.25%"). */
export function formatYield(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return formatPercent(null);
  const pct = value * 100;
  return formatPercent(pct, { digits: Math.abs(pct) < 10 ? 2 : 1 });
}

/** The strategy as a trader names it; an index's short put settles in cash, it is not cash-secured stock. */
export function strategyName(item: {
  strategy: string;
  strategy_label?: string | undefined;
  settlement?: 'cash' | 'physical' | undefined;
}): string {
  const label =
    item.strategy_label ??
    (item.strategy === 'cc'
      ? 'covered call'
      : item.settlement === 'cash'
        ? 'cash-settled short put'
        : 'cash-secured put');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** Delta with two decimals and its sign ("0.21", "−0.18"). */
export function formatDelta(value: number | null | undefined): string {
  return formatNumber(value, 2);
}

/** Open interest, a whole count. */
export function formatOi(value: number | null | undefined): string {
  return formatNumber(value, 0);
}

/** "$1.02 / $1.10", or a dash where the vendor gave no quote. */
export function formatBidAsk(bid: number | null | undefined, ask: number | null | undefined): string {
  if (typeof bid !== 'number' && typeof ask !== 'number') return formatDollars(null);
  return `${formatDollars(bid)} / ${formatDollars(ask)}`;
}
