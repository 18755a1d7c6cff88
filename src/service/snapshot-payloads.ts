// One ticker's snapshot analysed by the service's own pipeline, with the payloads its endpoints
// would have served for it. The data comes from the same builders the routes call
// (http/ticker-payloads.ts, http/curve-payloads.ts), with the parameters the app's poller asks for
// (the table of stored views, src/shared/stored-views.ts, and the calls of
// src/core/poller/view-calls.ts), so a payload made here is the one a poll at that instant stored.
// Core's backtest backfill and the chain-folder import store these as if they had polled them,
// without HTTP; they reach them through src/service/index.ts.
import type { TopSetupsItem } from '../shared/api/index.ts';
import type { SnapshotEndpoint } from '../shared/bridge/tickers.ts';
import { storedView } from '../shared/stored-views.ts';
import { analyzeSnapshot, type TickerAnalysis } from './analysis/ticker-analysis.ts';
import { ExpirySelectionError } from './engine/expirations.ts';
import {
  gammaCurveData,
  gammaExpirationsData,
  gexByStrikeData,
  levelsData,
  levelsIndexOf,
  optionsVolumeData,
} from './http/curve-payloads.ts';
import {
  explainData,
  marketStructureData,
  signalsData,
  tickerStateData,
  tradeSetupData,
} from './http/ticker-payloads.ts';
import { withStrikeIvs } from './http/options-volume-iv.ts';
import type { MarketDataSource } from './market/source.ts';

export interface SnapshotPayloads {
  readonly ticker: string;
  /** The snapshot instant, epoch ms. */
  readonly asof: number;
  /** The ticker's row of /top-setups (computed on first read). */
  readonly topSetupsItem: TopSetupsItem;
  /**
   * The `data` the endpoint serves for this snapshot with the poller's parameters; null for an
   * endpoint that is no per-ticker view of it, or one the endpoint refuses here (a 404).
   */
  payload(endpoint: SnapshotEndpoint): unknown;
}

/** The data of one view; each case calls the route's builder with what the poller sends. */
function buildPayload(
  endpoint: SnapshotEndpoint,
  a: TickerAnalysis,
  index: () => TickerAnalysis | null,
): unknown {
  switch (endpoint) {
    case 'signals':
      return signalsData(a);
    case 'market_structure':
      return marketStructureData(a);
    case 'trade_setup':
      return tradeSetupData(a);
    case 'explain':
      return explainData(a);
    case 'levels':
      return levelsData(a, index());
    case 'state':
      // The poller asks for the recommendation: its ticker view shows it offline.
      return tickerStateData(a, { tradeRecommendation: true });
    case 'curve_gamma':
      // The cached bucket curve: a bucket without `realtime` is never a real-time pull.
      return gammaCurveData(a, {
        exp: storedView('curve_gamma').params.exp,
        view: 'signed',
        realtime: false,
      });
    case 'curve_gamma_expirations':
      return gammaExpirationsData(a);
    case 'curve_gex_by_strike':
      return gexByStrikeData(a, storedView('curve_gex_by_strike').params.exp);
    case 'options_volume':
      // The poller asks with include=iv (the skew chart).
      return withStrikeIvs(a, optionsVolumeData(a, storedView('options_volume').params.exp));
    // Not views of one ticker's snapshot: the series spans many sessions (and its own window), and
    // the rankings are made of the whole universe at an instant, not of this ticker alone.
    case 'series':
    case 'top_setups':
    case 'screener':
    case 'income_setups':
      return null;
  }
}

function payloadOf(
  endpoint: SnapshotEndpoint,
  a: TickerAnalysis,
  index: () => TickerAnalysis | null,
): unknown {
  try {
    return buildPayload(endpoint, a, index);
  } catch (error) {
    // A chain without the asked expiration (no nearest one for options volume): the route answers
    // 404 unknown_expiration there, so a poll would have stored nothing either.
    if (error instanceof ExpirySelectionError) return null;
    throw error;
  }
}

/** The ticker's snapshot at `at` (an instant the source lists), or null when it cannot be analysed. */
export function analyzeSnapshotPayloads(
  source: MarketDataSource,
  ticker: string,
  at: number,
): SnapshotPayloads | null {
  const a = analyzeSnapshot(source, ticker, at);
  if (!a) return null;
  // An ETF's levels read its index's snapshot of the same instant (SPY → SPX → ES), analysed once
  // and only for them.
  const indexTicker = levelsIndexOf(a.ticker);
  let indexed: TickerAnalysis | null | undefined;
  const index = (): TickerAnalysis | null =>
    indexTicker === null ? null : (indexed ??= analyzeSnapshot(source, indexTicker, a.asof));
  return {
    ticker: a.ticker,
    asof: a.asof,
    get topSetupsItem() {
      return a.topSetupsItem;
    },
    payload: (endpoint) => payloadOf(endpoint, a, index),
  };
}
