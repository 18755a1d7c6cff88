// Replay of one ticker's curves and key levels over a stored day or week: the frame instants
// (every time the poller stored a replayed curve or the levels), the days that have any, and what
// was stored at or before a batch of instants. Stored data only: the past is never fetched here.
import type { BridgeOutput, BridgeParsedInput } from '../../shared/bridge/contract.ts';
import {
  REPLAY_MAX_DAYS,
  REPLAY_MAX_FRAMES,
  replayFrameSchema,
  type ReplayFrame,
  type ReplaySpan,
} from '../../shared/bridge/replay.ts';
import { STORED_VIEWS, storedView, type SeriesIdentity } from '../../shared/stored-views.ts';
import { addDays, epochToNy, nyToEpoch, weekday, type IsoDate } from '../../shared/market-calendar.ts';
import type { Store } from '../store/database.ts';
import type { Snapshot } from '../store/repositories/snapshots.ts';
import { curveRequest } from './curve-views.ts';
import { thinnedSessions } from './thinned-sessions.ts';
import { iso, snapshotMeta } from './snapshot-meta.ts';
import { payload } from './ticker-views.ts';

export interface ReplayDeps {
  store: Store<unknown>;
}

type FrameKey = Pick<SeriesIdentity, 'endpoint' | 'params'>;

/** The stored views the replay shows, under the poller's params: a new one of these is a new frame. */
const FRAME_KEYS: readonly FrameKey[] = STORED_VIEWS.flatMap(({ endpoint, params, replayed }) =>
  replayed ? [{ endpoint, params }] : [],
);

/** Rows read per key and span: far above a week polled every minute, and a bound on memory. */
const MAX_ROWS_PER_KEY = 20_000;

/** The span's first and last millisecond: the New York day, or its Monday-to-Sunday week. */
export function spanBounds(span: ReplaySpan, date: IsoDate): { from: number; to: number } {
  const first = span === 'day' ? date : addDays(date, -((weekday(date) + 6) % 7));
  const after = addDays(first, span === 'day' ? 1 : 7);
  return { from: nyToEpoch(first, 0), to: nyToEpoch(after, 0) - 1 };
}

/**
 * `cap` of `items`, evenly spread, the first and the last always kept; all of them when they fit.
 */
export function sampleEvenly<T>(items: readonly T[], cap: number): T[] {
  if (items.length <= cap) return [...items];
  if (cap <= 1) return items.slice(0, Math.max(0, cap));
  const out: T[] = [];
  for (let k = 0; k < cap; k++) out.push(items[Math.round((k * (items.length - 1)) / (cap - 1))] as T);
  return out;
}

function latestAsof(store: Store<unknown>, ticker: string, to: number | undefined): number | null {
  let best: number | null = null;
  for (const key of FRAME_KEYS) {
    const [row] = store.snapshots.range({
      ...key,
      ticker,
      ...(to === undefined ? {} : { to }),
      order: 'desc',
      limit: 1,
    });
    if (row && (best === null || row.asof > best)) best = row.asof;
  }
  return best;
}

/** New York dates with a stored frame, newest first: one indexed look-up per key and day. */
function storedDays(store: Store<unknown>, ticker: string): IsoDate[] {
  const days: IsoDate[] = [];
  let to: number | undefined;
  while (days.length < REPLAY_MAX_DAYS) {
    const asof = latestAsof(store, ticker, to);
    if (asof === null) break;
    const { date } = epochToNy(asof);
    days.push(date);
    to = nyToEpoch(date, 0) - 1;
  }
  return days;
}

export function replayTimes(
  deps: ReplayDeps,
  input: BridgeParsedInput<'replay:times'>,
): BridgeOutput<'replay:times'> {
  const { ticker, span } = input;
  const days = storedDays(deps.store, ticker);
  const date = input.date ?? days[0] ?? null;
  if (date === null)
    return {
      ticker,
      span,
      date: null,
      from: null,
      to: null,
      days,
      times: [],
      total: 0,
      truncated: false,
      thinned: [],
    };
  const { from, to } = spanBounds(span, date);
  const instants = new Set<number>();
  for (const key of FRAME_KEYS) {
    const rows = deps.store.snapshots.range({
      ...key,
      ticker,
      from,
      to,
      order: 'asc',
      limit: MAX_ROWS_PER_KEY,
    });
    for (const row of rows) instants.add(row.asof);
  }
  const all = [...instants].sort((a, b) => a - b);
  const times = sampleEvenly(all, REPLAY_MAX_FRAMES).map(iso);
  return {
    ticker,
    span,
    date,
    from: iso(from),
    to: iso(to),
    days,
    times,
    total: all.length,
    truncated: all.length > times.length,
    thinned: thinnedSessions(deps.store, ticker, from, to),
  };
}

export function replayFrames(
  deps: ReplayDeps,
  input: BridgeParsedInput<'replay:frames'>,
): BridgeOutput<'replay:frames'> {
  const { ticker } = input;
  const curveGamma = curveRequest({
    ticker,
    kind: 'gamma',
    exp: input.gammaExp,
    ...(input.gammaView ? { view: input.gammaView } : {}),
  });
  const curveGexByStrike = curveRequest({ ticker, kind: 'gex_by_strike', exp: input.gexExp });
  const shape = replayFrameSchema.shape;

  // Frames of a batch often stand on the same stored snapshot (curves are polled less often than
  // the levels, so consecutive frames share them): each snapshot is read, and each of its parts
  // parsed, once per batch, looked up by id first (the index alone) and shared between frames.
  const snapshots = new Map<number, Snapshot | undefined>();
  const parsed = new Map<string, unknown>();
  const once = <T>(id: number, part: string, parse: () => T): T => {
    const memo = `${id} ${part}`;
    if (parsed.has(memo)) return parsed.get(memo) as T;
    const value = parse();
    parsed.set(memo, value);
    return value;
  };

  const frameAt = (at: string): ReplayFrame => {
    const atMs = Date.parse(at);
    const find = ({ endpoint, params }: FrameKey): Snapshot | undefined => {
      const id = deps.store.snapshots.idAtOrBefore({ endpoint, ticker, params }, atMs);
      if (id === undefined) return undefined;
      if (!snapshots.has(id)) snapshots.set(id, deps.store.snapshots.byId(id));
      return snapshots.get(id);
    };
    // Stale is judged at the frame's instant: was this curve older than its schedule allowed then?
    const curve = <T>(key: FrameKey, part: string, parse: (d: unknown) => T) => {
      const snap = find(key);
      const data = snap ? once(snap.id, part, () => parse(snap.data)) : null;
      return { snapshot: snap && data !== null ? snapshotMeta(snap, atMs) : null, data };
    };
    const structure = find(storedView('market_structure'));
    const levels = find(storedView('levels'));
    const keyLevels = structure
      ? once(structure.id, 'keyLevels', () =>
          payload(shape.keyLevels.unwrap(), (structure.data as { key_levels?: unknown } | null)?.key_levels),
        )
      : null;
    const levelList = levels
      ? once(levels.id, 'levels', () =>
          payload(shape.levels.unwrap(), (levels.data as { levels?: unknown } | null)?.levels),
        )
      : null;
    // Absent (not null) when the record predates the figure: "none ends today" must be a fact.
    const zeroDteRaw = (structure?.data as { zero_dte?: unknown } | null | undefined)?.zero_dte;
    const zeroDte =
      zeroDteRaw === null
        ? null
        : structure
          ? once(
              structure.id,
              'zeroDte',
              () => payload(shape.zeroDte.unwrap().unwrap(), zeroDteRaw) ?? undefined,
            )
          : undefined;
    return {
      at,
      ...(zeroDte === undefined ? {} : { zeroDte }),
      gamma: curve(curveGamma, 'gamma', (d) => payload(shape.gamma.shape.data.unwrap(), d)),
      expirations: curve(storedView('curve_gamma_expirations'), 'expirations', (d) =>
        payload(shape.expirations.shape.data.unwrap(), d),
      ),
      gex: curve(curveGexByStrike, 'gex', (d) => payload(shape.gex.shape.data.unwrap(), d)),
      keyLevels,
      levels: levelList,
    };
  };
  return { ticker, frames: input.times.map(frameAt) };
}
