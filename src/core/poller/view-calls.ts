// How the client asks for each stored view (src/shared/stored-views.ts): the view's params are its
// query, plus what is always sent beside them and is no part of the series' identity. The poller
// calls these with a row's params, the on-demand curve queries with the params the UI asked for.
import type { GAMMA_CURVE_VIEWS, GexByStrikeBucket } from '../../shared/api/enums.ts';
import type { StoredViewName } from '../../shared/stored-views.ts';
import type { RequestOptions } from '../../client/index.ts';
import type { PollClient, PollResult } from './poll-client.ts';

type NoParams = Readonly<Record<string, never>>;
type GammaCurveView = (typeof GAMMA_CURVE_VIEWS)[number];

/** Each view's params as the client types them; the table holds the values the poller sends. */
export interface ViewParams {
  signals: NoParams;
  market_structure: NoParams;
  trade_setup: NoParams;
  explain: NoParams;
  levels: NoParams;
  state: NoParams;
  /** A bucket or a listed date; `view` only for the naive curve (the signed one keeps the poller's key). */
  curve_gamma: { readonly exp: string; readonly view?: GammaCurveView };
  curve_gamma_expirations: NoParams;
  curve_gex_by_strike: { readonly exp: GexByStrikeBucket };
  /** A bucket naming one expiration, or a date. */
  options_volume: { readonly exp: string };
}

export type ViewCall = (client: PollClient, options: RequestOptions) => Promise<PollResult>;

const VIEW_CALLS: {
  readonly [V in StoredViewName]: (
    client: PollClient,
    ticker: string,
    params: ViewParams[V],
    options: RequestOptions,
  ) => Promise<PollResult>;
} = {
  signals: (c, t, _p, o) => c.signals(t, o),
  market_structure: (c, t, _p, o) => c.marketStructure(t, {}, o),
  trade_setup: (c, t, _p, o) => c.tradeSetup(t, o),
  explain: (c, t, _p, o) => c.explain(t, {}, o),
  levels: (c, t, _p, o) => c.levels(t, o),
  // With the recommendation: the ticker view shows it offline.
  state: (c, t, _p, o) => c.tickerState(t, { trade_recommendation: true }, o),
  curve_gamma: (c, t, p, o) => c.gammaCurve(t, p, o),
  curve_gamma_expirations: (c, t, _p, o) => c.gammaExpirations(t, o),
  curve_gex_by_strike: (c, t, p, o) => c.gexByStrike(t, p, o),
  options_volume: (c, t, p, o) => {
    // The API has volume per expiration only: `combined` is never sent (see allExpirationsVolume).
    if (p.exp === 'combined') throw new RangeError('option volume is per expiration, not combined');
    // With the IV columns (the skew chart); stored under the same key, so older IV-less
    // snapshots still read (the columns are optional).
    return c.optionsVolume(t, { exp: p.exp, include: 'iv' }, o);
  },
};

/** The client call that fetches one view of `ticker` with `params`. */
export function viewCall<V extends StoredViewName>(view: V, ticker: string, params: ViewParams[V]): ViewCall {
  const call = VIEW_CALLS[view];
  return (client, options) => call(client, ticker, params, options);
}
