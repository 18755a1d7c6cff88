// Sorting and filtering of watchlist rows, and the table's column heads, kept free of Svelte so
// they are tested directly. Heads of figures are the shared label table's names and definitions.
import type { TickerRow } from '../../../shared/bridge/tickers.ts';
import { figureDefinition, figureName } from '../../../shared/figure-labels.ts';
import { FLIP_DISTANCE_HELP } from '../../../shared/flip-distance.ts';

export const SORT_KEYS = [
  'manual',
  'ticker',
  'price',
  'gamma_regime',
  'regime_label',
  'opportunity_score',
  'iv_rank',
  'atm_iv',
  'dist_to_gex_flip_pct',
  'expected_move_1d_pct',
  'asof',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDir = 'asc' | 'desc';

export interface ColumnHead {
  key: SortKey;
  label: string;
  numeric: boolean;
  title?: string;
}

/** A figure's column: its one name, its definition on hover. */
const figure = (key: SortKey & string, extra = ''): ColumnHead => ({
  key,
  label: figureName(key) ?? key,
  numeric: true,
  title: `${figureDefinition(key) ?? ''}${extra}`.trim(),
});

/** The watchlist's columns, in order. */
export const COLUMNS: readonly ColumnHead[] = [
  { key: 'ticker', label: 'Ticker', numeric: false },
  figure('price'),
  {
    key: 'gamma_regime',
    label: 'Gamma',
    numeric: false,
    title: 'Dealers’ net gamma at spot, as on the Market structure card: long (+) or short (−) gamma',
  },
  { key: 'regime_label', label: 'Regime', numeric: false },
  {
    key: 'opportunity_score',
    label: 'Score · tier',
    numeric: false,
    title: 'Opportunity score (0-10) and tier',
  },
  figure('iv_rank'),
  figure('atm_iv'),
  { ...figure('dist_to_gex_flip_pct'), title: FLIP_DISTANCE_HELP },
  {
    key: 'expected_move_1d_pct',
    label: figureName('expected_move_pct_1d') ?? 'Expected move 1D',
    numeric: true,
    title: figureDefinition('expected_move_pct_1d') ?? '',
  },
  { key: 'asof', label: 'Updated', numeric: false },
];

export interface TableFilter {
  /** Matches ticker or regime label, case-insensitive. */
  text: string;
  gamma: 'any' | 'positive' | 'negative';
  /** Minimum tier; `any` shows all. */
  minTier: 'any' | 'low' | 'moderate' | 'high';
  staleOnly: boolean;
}

export const EMPTY_FILTER: TableFilter = { text: '', gamma: 'any', minTier: 'any', staleOnly: false };

const TIER_RANK: Record<string, number> = { pass: 0, low: 1, moderate: 2, high: 3 };
const GAMMA_RANK: Record<string, number> = { negative: 0, neutral: 1, unknown: 2, positive: 3 };

function keyOf(row: TickerRow, key: SortKey): string | number | null {
  switch (key) {
    case 'manual':
      return null;
    case 'ticker':
      return row.ticker;
    case 'gamma_regime':
      return row.gamma_regime === null ? null : (GAMMA_RANK[row.gamma_regime] ?? null);
    case 'regime_label':
      return row.regime_label;
    case 'asof':
      return row.asof === null ? null : Date.parse(row.asof);
    default:
      return row[key];
  }
}

/**
 * Rows in the chosen order. `manual` keeps the watchlist's own order. Unknown values always sort
 * last, whichever the direction, so a pending ticker never tops the list.
 */
export function sortRows(rows: readonly TickerRow[], key: SortKey, dir: SortDir): TickerRow[] {
  if (key === 'manual') return [...rows];
  const sign = dir === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: keyOf(row, key) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) {
        if (a.value === b.value) return a.index - b.index;
        return a.value === null ? 1 : -1;
      }
      const cmp =
        typeof a.value === 'number' && typeof b.value === 'number'
          ? a.value - b.value
          : String(a.value).localeCompare(String(b.value));
      return cmp === 0 ? a.index - b.index : cmp * sign;
    })
    .map((entry) => entry.row);
}

export function filterRows(rows: readonly TickerRow[], filter: TableFilter): TickerRow[] {
  const text = filter.text.trim().toLowerCase();
  const minRank = filter.minTier === 'any' ? -1 : TIER_RANK[filter.minTier]!;
  return rows.filter((row) => {
    if (
      text &&
      !row.ticker.toLowerCase().includes(text) &&
      !(row.regime_label ?? '').replaceAll('_', ' ').includes(text)
    ) {
      return false;
    }
    if (filter.gamma !== 'any' && row.gamma_regime !== filter.gamma) return false;
    if (minRank >= 0 && (row.opportunity_tier === null || TIER_RANK[row.opportunity_tier]! < minRank))
      return false;
    if (filter.staleOnly && !row.stale) return false;
    return true;
  });
}

/** Clicking a column header: a new column starts in its natural direction, the same one flips. */
export function nextSort(
  current: { key: SortKey; dir: SortDir },
  clicked: SortKey,
): { key: SortKey; dir: SortDir } {
  if (current.key === clicked) {
    // Third click on a column returns to the user's own order.
    if (current.dir === (naturalDir(clicked) === 'asc' ? 'desc' : 'asc'))
      return { key: 'manual', dir: 'asc' };
    return { key: clicked, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  }
  return { key: clicked, dir: naturalDir(clicked) };
}

function naturalDir(key: SortKey): SortDir {
  return key === 'ticker' || key === 'regime_label' || key === 'manual' ? 'asc' : 'desc';
}

/** The list after moving `ticker` one place up or down (or to an index); unchanged when impossible. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= items.length) return [...items];
  const target = Math.max(0, Math.min(items.length - 1, to));
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

/** Tickers present before and after whose snapshot moved on: the rows whose changes to show. */
export function updatedTickers(before: readonly TickerRow[], after: readonly TickerRow[]): Set<string> {
  const previous = new Map(before.map((row) => [row.ticker, row.asof]));
  const out = new Set<string>();
  for (const row of after) {
    const was = previous.get(row.ticker);
    if (was !== undefined && row.asof !== null && row.asof !== was) out.add(row.ticker);
  }
  return out;
}

/** No ticker: the starting value of the set above. */
export const NO_TICKERS: ReadonlySet<string> = new Set();

/** Rows in the order of `tickers`; rows of tickers the order does not name (yet) keep theirs, last. */
export function inListOrder(rows: readonly TickerRow[], tickers: readonly string[]): TickerRow[] {
  const byTicker = new Map(rows.map((r) => [r.ticker, r]));
  const ordered = tickers.map((t) => byTicker.get(t)).filter((r): r is TickerRow => r !== undefined);
  const named = new Set(tickers);
  return [...ordered, ...rows.filter((r) => !named.has(r.ticker))];
}
