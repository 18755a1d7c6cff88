// One ticker's snapshot analysed by the service's own pipeline, with the payloads its endpoints
// would have served for it (as src/service/http/routes builds them). Core's backtest backfill
// stores these as if it had polled them, without HTTP; it reaches them through src/service/index.ts.
import type { TopSetupsItem } from '../shared/api/index.ts';
import type { SnapshotEndpoint } from '../shared/bridge/tickers.ts';
import { displayAsof } from '../shared/market-calendar.ts';
import { analyzeSnapshot, type TickerAnalysis } from './analysis/ticker-analysis.ts';
import { signalsData } from './http/ticker-payloads.ts';
import type { MarketDataSource } from './market/source.ts';

export interface SnapshotPayloads {
  readonly ticker: string;
  /** The snapshot instant, epoch ms. */
  readonly asof: number;
  /** The ticker's row of /top-setups (computed on first read). */
  readonly topSetupsItem: TopSetupsItem;
  /** The `data` the endpoint serves for this snapshot; null for one not built here. */
  payload(endpoint: SnapshotEndpoint): unknown;
}

function payloadOf(endpoint: SnapshotEndpoint, a: TickerAnalysis): unknown {
  switch (endpoint) {
    case 'signals':
      return signalsData(a);
    case 'market_structure':
      return { ticker: a.ticker, asof: displayAsof(a.asof), ...a.marketStructure };
    case 'levels':
      return {
        ticker: a.ticker,
        asof: displayAsof(a.asof),
        price: a.metrics.price,
        levels: a.keyLevels.map(({ id, label, price, kind }) => ({ id, label, price, kind })),
      };
    default:
      return null;
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
  return {
    ticker: a.ticker,
    asof: a.asof,
    get topSetupsItem() {
      return a.topSetupsItem;
    },
    payload: (endpoint) => payloadOf(endpoint, a),
  };
}
