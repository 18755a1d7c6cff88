// /top-setups and the screeners over precomputed rows: a filter, a fixed sort (opportunity_score
// descending, ticker ascending on ties, so equal scores never reorder between requests) and a cut.
// Rows come from the analysis cache's universe (service) or the stored list (core): ranking does
// no analysis.
import type { TopSetupsItem } from '../api/index.ts';
import { IN_FILTERS, type InFilter, type RangeFilter, type TopSetupsQuery } from './top-setups-query.ts';

function passesIn(item: TopSetupsItem, name: InFilter, values: readonly string[]): boolean {
  const field = item[IN_FILTERS[name]];
  return typeof field === 'string' && values.includes(field.toLowerCase());
}

function passesRange(
  item: TopSetupsItem,
  name: RangeFilter,
  [lo, hi]: readonly [number | null, number | null],
): boolean {
  const value = item[name];
  if (typeof value !== 'number') return false; // a bound on a missing value excludes the row
  return (lo === null || value >= lo) && (hi === null || value <= hi);
}

export function matchesTopSetupsQuery(item: TopSetupsItem, query: TopSetupsQuery): boolean {
  if (item.opportunity_score < query.min_score) return false;
  for (const [name, values] of Object.entries(query.in) as [InFilter, readonly string[]][]) {
    if (!passesIn(item, name, values)) return false;
  }
  for (const [name, range] of Object.entries(query.ranges) as [
    RangeFilter,
    readonly [number | null, number | null],
  ][]) {
    if (!passesRange(item, name, range)) return false;
  }
  return true;
}

export function compareSetups(a: TopSetupsItem, b: TopSetupsItem): number {
  return (
    b.opportunity_score - a.opportunity_score || (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0)
  );
}

/** The ranked items: filtered, sorted, cut to `limit`. */
export function rankTopSetups(items: readonly TopSetupsItem[], query: TopSetupsQuery): TopSetupsItem[] {
  return items
    .filter((item) => matchesTopSetupsQuery(item, query))
    .sort(compareSetups)
    .slice(0, query.limit);
}
