// What each polling job fetches. A job expands into requests; each request names the snapshot
// series it feeds (endpoint, ticker, identifying parameters) and how to call the client. The
// per-ticker views come from the table of stored views (src/shared/stored-views.ts); the series
// and the rankings, which are no view of one snapshot, are written here.
import type { PollJob } from '../../shared/bridge/settings.ts';
import type { SnapshotEndpoint } from '../../shared/bridge/tickers.ts';
import type { ScreenerPreset } from '../../shared/api/enums.ts';
import {
  storedSeriesKey,
  storedView,
  storedViewsOf,
  type SeriesParams,
  type StoredViewName,
} from '../../shared/stored-views.ts';
import { viewCall, type ViewCall, type ViewParams } from './view-calls.ts';

export interface PollRequest {
  job: PollJob;
  endpoint: SnapshotEndpoint;
  ticker: string | null;
  /** Parameters that tell snapshot series apart (the screener name, the curve bucket). */
  params: SeriesParams;
  /** De-duplication key in the queue (storedSeriesKey). */
  key: string;
  call: ViewCall;
}

export interface JobScope {
  /** Every ticker of every watchlist, upper-case, de-duplicated. */
  tickers: readonly string[];
  screeners: readonly ScreenerPreset[];
  /** Lookback of series requests (backfill uses its own). */
  seriesWindow: string;
  /**
   * `ttl` asked of the rankings (their Cache-Control max-age), when the server's default does not
   * fit: under an accelerated market clock a 15-minute wall-clock max-age would hide hours of
   * market time, so the poller asks for 0 and revalidates (a 304 when nothing changed).
   */
  rankingTtl?: number;
}

/** The catalog metrics a series request asks for: every numeric one charts and thresholds use. */
export const SERIES_METRICS = [
  'price',
  'iv_rank',
  'atm_iv',
  'iv_pct_chg',
  'put_call_25d_iv_ratio',
  'put_call_iv_spread',
  'pcr_oi',
  'pcr_volume',
  'gex_flip',
  'gex_usd_per_1_pct_move',
  'nearest_gex_usd_per_1_pct_move',
  'pct_gamma_expiring',
  'speculative_interest_score',
  'realized_vol_20d',
  'trend_score',
  'momentum_score',
  'opportunity_score',
] as const;

/** Items requested from the rankings: the spec's maxima, so the UI can filter locally. */
export const TOP_SETUPS_LIMIT = 200;
export const INCOME_LIMIT = 50;

function request(
  job: PollJob,
  endpoint: SnapshotEndpoint,
  ticker: string | null,
  params: SeriesParams,
  call: ViewCall,
): PollRequest {
  return { job, endpoint, ticker, params, key: storedSeriesKey({ endpoint, ticker, params }), call };
}

/** One stored view of `ticker`, fetched by its row's job; its params are the row's by default. */
function viewRequest<V extends StoredViewName>(view: V, ticker: string, params: ViewParams[V]): PollRequest {
  return request(storedView(view).job, view, ticker, params, viewCall(view, ticker, params));
}

const ttlQuery = (scope: JobScope): { ttl?: number } =>
  scope.rankingTtl === undefined ? {} : { ttl: scope.rankingTtl };

const perTicker = (scope: JobScope, make: (ticker: string) => PollRequest[]): PollRequest[] =>
  scope.tickers.flatMap(make);

export function requestsFor(job: PollJob, scope: JobScope): PollRequest[] {
  switch (job) {
    case 'signals':
    case 'market_structure':
    case 'curves':
      return perTicker(scope, (t) =>
        storedViewsOf(job).map((row) => viewRequest(row.endpoint, t, row.params)),
      );
    case 'screeners':
      return scope.screeners.map((name) =>
        request(job, 'screener', null, { name }, (c, o) => c.screener(name, ttlQuery(scope), o)),
      );
    case 'top_setups':
      return [
        request(job, 'top_setups', null, { limit: String(TOP_SETUPS_LIMIT) }, (c, o) =>
          c.topSetups({ limit: TOP_SETUPS_LIMIT, ...ttlQuery(scope) }, o),
        ),
      ];
    case 'income':
      return [
        request(job, 'income_setups', null, { limit: String(INCOME_LIMIT) }, (c, o) =>
          c.incomeSetups({ limit: INCOME_LIMIT }, o),
        ),
      ];
    case 'series':
      return perTicker(scope, (t) => [seriesRequest(t, scope.seriesWindow)]);
  }
}

/** One ticker's series; also what a backfill asks for when a ticker is added. */
export function seriesRequest(ticker: string, window: string): PollRequest {
  return request('series', 'series', ticker, { window }, (c, o) =>
    c.series(ticker, { metrics: [...SERIES_METRICS], window }, o),
  );
}
