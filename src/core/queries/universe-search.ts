// Ticker suggestions for a typed query: an exact symbol first, then symbols starting with it, then
// names with a word starting with it. A name's trailing note ("(simulated)", "(imported)") is not
// searched: every simulated name carries it, so "MU" would otherwise suggest the whole universe,
// AAPL first.
import type { UniverseEntry } from '../../shared/bridge/tickers.ts';

const NOTE = /\s*\([^)]*\)\s*$/;

/** 0 exact symbol, 1 symbol prefix, 2 a word of the name starts with the query, -1 no match. */
export function suggestionRank(entry: Pick<UniverseEntry, 'ticker' | 'name'>, query: string): number {
  const q = query.trim().toUpperCase();
  if (q === '') return 3;
  if (entry.ticker === q) return 0;
  if (entry.ticker.startsWith(q)) return 1;
  const words = entry.name
    .replace(NOTE, '')
    .toUpperCase()
    .split(/[^A-Z0-9&]+/);
  return words.some((w) => w.startsWith(q)) ? 2 : -1;
}

export function searchUniverse(
  universe: readonly UniverseEntry[],
  query: string,
  limit: number,
): UniverseEntry[] {
  return universe
    .map((u) => ({ u, rank: suggestionRank(u, query) }))
    .filter((x) => x.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.u.ticker.localeCompare(b.u.ticker))
    .slice(0, limit)
    .map((x) => x.u);
}
