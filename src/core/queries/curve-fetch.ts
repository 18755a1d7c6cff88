// Curves on demand. The watcher polls only the combined curves and the nearest expiration's
// volume; any other expiration, the naive view, or a curve not polled yet is fetched when the UI
// asks for it, through the app's client (so its ETag cache and retries apply) and stored as a
// snapshot like any polled one, so it is there offline and in history afterwards.
//
// A history time never fetches: the API has no past, and showing today's curve as if it were
// then would be wrong. With the source unreachable, the latest stored one is shown (marked), or
// the answer says plainly that nothing is stored.
import type { CurveOrigin } from '../../shared/bridge/curve-origin.ts';
import type { SnapshotEndpoint } from '../../shared/bridge/tickers.ts';
import { storedSeriesKey, type SeriesParams } from '../../shared/stored-views.ts';
import { ApiError } from '../../client/index.ts';
import { ingestFetched, type IngestDeps } from '../store/ingest.ts';
import type { PollRequest } from '../poller/jobs.ts';
import type { PollClient } from '../poller/poll-client.ts';
import type { ViewCall } from '../poller/view-calls.ts';
import type { Snapshot } from '../store/repositories/snapshots.ts';
import { isStale, STALE_AFTER_MS } from './snapshot-meta.ts';
import { messageOf } from '../../shared/message-of.ts';

export interface CurveRequest {
  endpoint: SnapshotEndpoint;
  ticker: string;
  /** The parameters that identify the stored series (as the poller keys them). */
  params: SeriesParams;
  call: ViewCall;
}

/** A data source as one fetch uses it: its client, and its one ingest with its bound store. */
export interface FetchSource {
  /** The source's identity: what one source fetched says nothing of another's. */
  id: string;
  client: PollClient;
  /**
   * The source's one ingest (a connection's): its store (Store.forSource) is what the fetch reads
   * and writes, and it delivers the alerts a fetched snapshot raises at once.
   */
  ingest: IngestDeps;
}

export interface CurveFetchDeps {
  /**
   * The source in use, taken once per request when it starts: the fetch reads and writes that
   * source only, even if the app switches to another meanwhile.
   */
  source(): FetchSource;
  marketNow(): number;
  wallNow(): number;
  /** Per-attempt timeout of an on-demand request: the UI is waiting. Default 10 s. */
  timeoutMs?: number;
  /**
   * A series fetched this recently (wall ms) is not asked for again even if still stale (a source
   * answering an old asof), unless the market clock moved on by half an hour since. Default 10 s.
   */
  refetchAfterMs?: number;
}

export interface Resolved {
  snapshot: Snapshot | undefined;
  origin: CurveOrigin;
  /**
   * The source refused a real-time pull because the market is closed (409 outside trading hours):
   * its clock may differ from ours (a holiday, a remote source), so the caller falls back as it
   * does when our own clock says closed.
   */
  closed?: true;
}

/** Client failures that mean "the source has no such thing", not "the source is not there". */
const ANSWERED_NO = new Set(['not_found', 'bad_request', 'invalid_input']);

export class CurveFetcher {
  readonly #deps: CurveFetchDeps;
  /** One request per series at a time: a burst of UI reloads shares it. */
  readonly #inFlight = new Map<string, Promise<void>>();
  /** When each series was last fetched: wall and market time. */
  readonly #fetchedAt = new Map<string, { wall: number; market: number }>();

  constructor(deps: CurveFetchDeps) {
    this.#deps = deps;
  }

  /** The stored snapshot for `at` (no fetch), or the latest, fetched first when missing or stale. */
  async resolve(request: CurveRequest, at: string | undefined): Promise<Resolved> {
    const source = this.#deps.source();
    const { store } = source.ingest;
    const key = { endpoint: request.endpoint, ticker: request.ticker, params: request.params };
    if (at !== undefined) {
      const snapshot = store.snapshots.latestAtOrBefore(key, at);
      return { snapshot, origin: { source: snapshot ? 'stored' : 'none_at_time', message: null } };
    }
    const stored = store.snapshots.latest(key);
    const id = `${source.id}|${storedSeriesKey(request)}`;
    if (stored && (!isStale(stored.asof, this.#deps.marketNow()) || this.#justFetched(id))) {
      return { snapshot: stored, origin: { source: 'stored', message: null } };
    }
    try {
      await this.#fetch(id, source, request);
    } catch (error) {
      const message = messageOf(error);
      if (error instanceof ApiError && error.status === 409)
        return { snapshot: stored, origin: { source: 'stored_fallback', message }, closed: true };
      if (stored) return { snapshot: stored, origin: { source: 'stored_fallback', message } };
      const answered =
        (error instanceof ApiError && ANSWERED_NO.has(error.kind)) || error instanceof RangeError;
      return { snapshot: undefined, origin: { source: answered ? 'unavailable' : 'unreachable', message } };
    }
    return { snapshot: store.snapshots.latest(key), origin: { source: 'fetched', message: null } };
  }

  #justFetched(id: string): boolean {
    const last = this.#fetchedAt.get(id);
    if (!last) return false;
    return (
      this.#deps.wallNow() - last.wall < (this.#deps.refetchAfterMs ?? 10_000) &&
      this.#deps.marketNow() - last.market < STALE_AFTER_MS
    );
  }

  #fetch(id: string, source: FetchSource, request: CurveRequest): Promise<void> {
    let pending = this.#inFlight.get(id);
    if (!pending) {
      pending = this.#fetchAndStore(id, source, request).finally(() => this.#inFlight.delete(id));
      this.#inFlight.set(id, pending);
    }
    return pending;
  }

  async #fetchAndStore(id: string, source: FetchSource, request: CurveRequest): Promise<void> {
    const d = this.#deps;
    const result = await request.call(source.client, { timeoutMs: d.timeoutMs ?? 10_000 });
    const pollRequest: PollRequest = { job: 'curves', key: storedSeriesKey(request), ...request };
    const outcome = ingestFetched(source.ingest, [{ request: pollRequest, result }]);
    const failure = outcome.failures[0];
    if (failure) throw new Error(`storing ${id}: ${failure.error}`);
    this.#fetchedAt.set(id, { wall: d.wallNow(), market: d.marketNow() });
  }
}
