// Views of a ticker on no watchlist, fetched on demand. The poller fetches only watched tickers, so
// a ticker opened from Rankings had nothing stored and every tab said "add it to a watchlist". Here
// its views (signals; market structure, trade setup, explanation, levels, state; its series) are
// asked of the data source through the same on-demand fetcher as curves (its ETag cache, retries,
// one request per series at a time), and stored as snapshots like polled ones, so History has them;
// no watchlist changes. Fresh stored views are not asked for again. A watched ticker is left to the
// poller.
import type { BridgeOutput, BridgeParsedInput } from '../../shared/bridge/contract.ts';
import type { TickerFetchSource } from '../../shared/bridge/ticker-fetch.ts';
import { requestsFor, seriesRequest, type PollRequest } from '../poller/jobs.ts';
import type { Store } from '../store/database.ts';
import type { CurveFetcher, CurveRequest, Resolved } from './curve-fetch.ts';
import { iso } from './snapshot-meta.ts';

export interface TickerFetchDeps {
  store: Store<unknown>;
  fetcher: Pick<CurveFetcher, 'resolve'>;
  /** Whether the ticker is on any watchlist (then the poller keeps it fresh). */
  watched(ticker: string): boolean;
  /** The series lookback the poller uses. */
  seriesWindow?: string;
}

/** The requests the poller would make for one watched ticker's views. */
export function onDemandRequests(ticker: string, seriesWindow = '30d'): CurveRequest[] {
  const scope = { tickers: [ticker], screeners: [], seriesWindow };
  const requests: PollRequest[] = [
    ...requestsFor('signals', scope),
    ...requestsFor('market_structure', scope),
    seriesRequest(ticker, seriesWindow),
  ];
  return requests.map(({ endpoint, params, call }) => ({ endpoint, ticker, params, call }));
}

/** One word for the whole set: the signals' origin decides, the others only add a failure. */
function overall(results: readonly Resolved[]): { source: TickerFetchSource; message: string | null } {
  const failed = results.find((r) => r.origin.message !== null);
  const message = failed?.origin.message ?? null;
  const signals = results[0]?.origin.source;
  if (results.some((r) => r.origin.source === 'fetched')) return { source: 'fetched', message };
  switch (signals) {
    case 'stored':
      return { source: 'stored', message };
    case 'stored_fallback':
      return { source: 'stored_fallback', message };
    case 'unavailable':
      return { source: 'unavailable', message };
    default:
      return { source: 'unreachable', message };
  }
}

export async function fetchTickerOnDemand(
  deps: TickerFetchDeps,
  input: BridgeParsedInput<'ticker:fetch'>,
): Promise<BridgeOutput<'ticker:fetch'>> {
  const { ticker } = input;
  const latestAsof = () => {
    const snap = deps.store.snapshots.latest({ endpoint: 'signals', ticker });
    return snap ? iso(snap.asof) : null;
  };
  if (deps.watched(ticker)) return { ticker, source: 'watched', asof: latestAsof(), message: null };
  const requests = onDemandRequests(ticker, deps.seriesWindow);
  // Signals first: if the source does not know the ticker or cannot be reached, say so at once
  // rather than after five more failures.
  const signals = await deps.fetcher.resolve(requests[0] as CurveRequest, undefined);
  const first = signals.origin.source;
  const rest =
    first === 'unreachable' || first === 'unavailable'
      ? []
      : await Promise.all(requests.slice(1).map((r) => deps.fetcher.resolve(r, undefined)));
  const { source, message } = overall([signals, ...rest]);
  return { ticker, source, asof: latestAsof(), message };
}
