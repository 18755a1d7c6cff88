// Price with its levels over time: the stored market-structure snapshots of one ticker between two
// instants (each one's spot, gamma flip, walls and ±1σ 1d, as it had them), evenly thinned to a
// bound, plus the daily closes of the metric store. Reads go through the store's repositories, so
// they see the active data source's rows only. Stored data only: the past is never fetched here.
import type { BridgeOutput, BridgeParsedInput } from '../../shared/bridge/contract.ts';
import {
  LEVELS_HISTORY_MAX_POINTS,
  type DailyClose,
  type LevelsHistoryWindow,
  type LevelsPoint,
} from '../../shared/bridge/levels-history.ts';
import {
  epochToNy,
  isTradingDay,
  nyToEpoch,
  previousTradingDay,
  type IsoDate,
} from '../../shared/market-calendar.ts';
import type { Store } from '../store/database.ts';
import { chartLevelsOf, LEVELS_ENDPOINT, type ChartLevels } from '../store/key-levels.ts';
import { sampleEvenly } from './replay-frames.ts';
import { windowStart } from './series.ts';
import { iso } from './snapshot-meta.ts';

/**
 * Rows listed (without bodies) per query, the store's own bound: six months polled every minute
 * is ~50,000. Beyond it the newest rows are left out, and `truncated` is set.
 */
const MAX_LISTED = 100_000;
// The snapshots whose chart levels are kept beside them (store/key-levels.ts): written and read alike.
const KEY = { endpoint: LEVELS_ENDPOINT, params: {} } as const;

export interface LevelsHistoryQuery {
  ticker: string;
  /** Inclusive bounds, epoch ms. */
  from: number;
  to: number;
  /** At most this many points (default LEVELS_HISTORY_MAX_POINTS). */
  cap?: number;
}

export interface LevelsHistoryRows {
  points: LevelsPoint[];
  total: number;
  truncated: boolean;
  closes: DailyClose[];
}

const finite = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

const pointOf = (asof: number, levels: ChartLevels | null): LevelsPoint | null =>
  levels === null ? null : { asof: iso(asof), ...levels };

/** A stored record's key levels as a point; null when the body has none a chart can use. */
export function levelsPointOf(asof: number, data: unknown): LevelsPoint | null {
  return pointOf(asof, chartLevelsOf(data));
}

/**
 * The snapshots of the window, evenly thinned to `cap` (first and last kept), and the window's
 * daily closes. Only the chosen snapshots' bodies are read.
 */
export function levelsHistoryRows(store: Store<unknown>, query: LevelsHistoryQuery): LevelsHistoryRows {
  const { ticker, from, to } = query;
  const cap = query.cap ?? LEVELS_HISTORY_MAX_POINTS;
  // Ids alone are listed (a 6M window is ~50,000), the chosen ones' bodies read in one statement.
  const listed = store.snapshots.ids({ ...KEY, ticker, from, to, order: 'asc', limit: MAX_LISTED });
  const chosen = sampleEvenly(listed, cap);
  // The levels kept beside each snapshot; bodies are decoded only for snapshots stored before
  // they were kept (migration 012).
  const kept = store.snapshots.levelsOf(chosen);
  const older = new Map(
    store.snapshots
      .dataOf(kept.filter((k) => k.levels === undefined).map((k) => k.id))
      .map((snap) => [snap.id, chartLevelsOf(snap.data)]),
  );
  const points: LevelsPoint[] = [];
  for (const { id, asof, levels } of kept) {
    const point = pointOf(asof, levels === undefined ? (older.get(id) ?? null) : levels);
    if (point) points.push(point);
  }
  const table = store.metrics.series(ticker, ['price', 'gex_flip'], {
    from: epochToNy(from).date,
    to: epochToNy(to).date,
  });
  const closes: DailyClose[] = [];
  table.dates.forEach((date, i) => {
    const price = finite(table.columns['price']?.[i]);
    if (price !== null) closes.push({ date, price, gex_flip: finite(table.columns['gex_flip']?.[i]) });
  });
  return { points, total: listed.length, truncated: listed.length > chosen.length, closes };
}

/** The first New York date of a window ending on `end`: its day, five sessions, or months back. */
export function windowFirstDate(window: LevelsHistoryWindow, end: IsoDate): IsoDate {
  switch (window) {
    case '1d':
      return end;
    case '5d': {
      let day = isTradingDay(end) ? end : previousTradingDay(end);
      for (let i = 1; i < 5; i++) day = previousTradingDay(day);
      return day;
    }
    case '1m':
    case '6m':
      return windowStart(window, end);
  }
}

/** The newest stored instant of the ticker (a market-structure snapshot or a price point), or null. */
function newestStored(store: Store<unknown>, ticker: string): number | null {
  const snap = store.snapshots.range({ ...KEY, ticker, order: 'desc', limit: 1 })[0]?.asof ?? null;
  const price = store.metrics.latest(ticker, 'price')?.ts ?? null;
  if (snap === null) return price;
  return price === null ? snap : Math.max(snap, price);
}

export function levelsHistory(
  store: Store<unknown>,
  input: BridgeParsedInput<'ticker:levelsHistory'>,
  marketNow: number,
): BridgeOutput<'ticker:levelsHistory'> {
  const { ticker, window } = input;
  // History review ends at the chosen instant; otherwise at the ticker's own newest data, so a
  // chain folder whose files stop days ago still shows its last day as "today".
  const stored = newestStored(store, ticker);
  const end = input.at === undefined ? stored : Math.min(Date.parse(input.at), marketNow);
  if (end === null)
    return { ticker, window, from: null, to: null, points: [], total: 0, truncated: false, closes: [] };
  const to = Math.min(end, marketNow);
  const from = nyToEpoch(windowFirstDate(window, epochToNy(to).date), 0);
  return { ticker, window, from: iso(from), to: iso(to), ...levelsHistoryRows(store, { ticker, from, to }) };
}
