// What each polling job fetches. A job expands into requests; each request names the snapshot
// series it feeds (endpoint, ticker, identifying parameters) and how to call the client. The
// tables here are the only place that knows which endpoints back which job.
import type { PollJob } from '../../shared/bridge/settings.ts';
import type { SnapshotEndpoint } from '../../shared/bridge/tickers.ts';
import type { ScreenerPreset } from '../../shared/api/enums.ts';
import type { PollClient, PollResult } from './poll-client.ts';
import type { RequestOptions } from '../../client/index.ts';

export interface PollRequest {
  job: PollJob;
  endpoint: SnapshotEndpoint;
  ticker: string | null;
  /** Parameters that tell snapshot series apart (the screener name, the curve bucket). */
  params: Readonly<Record<string, string>>;
  /** De-duplication key in the queue. */
  key: string;
  call(client: PollClient, options: RequestOptions): Promise<PollResult>;
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
  params: Record<string, string>,
  call: PollRequest['call'],
): PollRequest {
  const paramText = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return { job, endpoint, ticker, params, key: `${endpoint}:${ticker ?? ''}:${paramText}`, call };
}

const ttlQuery = (scope: JobScope): { ttl?: number } =>
  scope.rankingTtl === undefined ? {} : { ttl: scope.rankingTtl };

const perTicker = (scope: JobScope, make: (ticker: string) => PollRequest[]): PollRequest[] =>
  scope.tickers.flatMap(make);

export function requestsFor(job: PollJob, scope: JobScope): PollRequest[] {
  switch (job) {
    case 'signals':
      return perTicker(scope, (t) => [request(job, 'signals', t, {}, (c, o) => c.signals(t, o))]);
    case 'market_structure':
      // The ticker views the UI shows offline: structure, setup, explanation, levels, raw state.
      return perTicker(scope, (t) => [
        request(job, 'market_structure', t, {}, (c, o) => c.marketStructure(t, {}, o)),
        request(job, 'trade_setup', t, {}, (c, o) => c.tradeSetup(t, o)),
        request(job, 'explain', t, {}, (c, o) => c.explain(t, {}, o)),
        request(job, 'levels', t, {}, (c, o) => c.levels(t, o)),
        request(job, 'state', t, {}, (c, o) => c.tickerState(t, { trade_recommendation: true }, o)),
      ]);
    case 'curves':
      return perTicker(scope, (t) => [
        request(job, 'curve_gamma', t, { exp: 'combined' }, (c, o) =>
          c.gammaCurve(t, { exp: 'combined' }, o),
        ),
        request(job, 'curve_gamma_expirations', t, {}, (c, o) => c.gammaExpirations(t, o)),
        request(job, 'curve_gex_by_strike', t, { exp: 'combined' }, (c, o) =>
          c.gexByStrike(t, { exp: 'combined' }, o),
        ),
        request(job, 'options_volume', t, { exp: 'nearest' }, (c, o) =>
          c.optionsVolume(t, { exp: 'nearest', include: 'iv' }, o),
        ),
      ]);
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
