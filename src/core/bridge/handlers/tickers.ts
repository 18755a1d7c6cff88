// Bridge methods of tickers: the universe search, the watchlist rows, a ticker's stored views,
// curves, series and timeline, and snapshot diffs. Curves and views the poller does not fetch are
// fetched when asked for (one CurveFetcher per set of handlers) and announced like polled ones.
import type { BridgeHandlers } from '../../../shared/bridge/contract.ts';
import type { BridgeApp } from '../bridge-app.ts';
import { CurveFetcher } from '../../queries/curve-fetch.ts';
import { optionsVolume, tickerCurve } from '../../queries/curve-views.ts';
import { levelsHistory } from '../../queries/levels-history.ts';
import { levelsText } from '../../queries/levels-text.ts';
import { tickerSeries } from '../../queries/series.ts';
import { diffSnapshots } from '../../queries/snapshot-diff.ts';
import { fetchTickerOnDemand } from '../../queries/ticker-fetch.ts';
import { tickerRows } from '../../queries/ticker-rows.ts';
import { tickerView, timeline } from '../../queries/ticker-views.ts';
import { searchUniverse } from '../../queries/universe-search.ts';
import { mustList } from './watchlists.ts';

export type TickerMethods =
  | 'universe:search'
  | 'tickers:latest'
  | 'ticker:view'
  | 'ticker:fetch'
  | 'ticker:curve'
  | 'ticker:series'
  | 'ticker:levelsText'
  | 'ticker:optionsVolume'
  | 'ticker:timeline'
  | 'ticker:levelsHistory'
  | 'snapshots:diff';

export type TickerContext = Pick<
  BridgeApp,
  'store' | 'poller' | 'universe' | 'marketNow' | 'wallNow' | 'sourceWork' | 'source'
>;

export function tickerHandlers(ctx: TickerContext): Pick<BridgeHandlers, TickerMethods> {
  const { store } = ctx;
  const view = () => ({ store, marketNow: ctx.marketNow() });
  const fetcher = new CurveFetcher({
    // The source in use, taken at each fetch: a switch of source replaces it.
    // Its ingest announces what it stored and delivers the alerts it raised at once.
    source: () => {
      const work = ctx.sourceWork();
      return { id: work.id, client: work.client, ingest: work.ingest };
    },
    marketNow: () => ctx.marketNow(),
    wallNow: () => ctx.wallNow(),
  });
  const curves = () => ({ ...view(), fetcher });

  return {
    'universe:search': async ({ query, limit }) => ({
      suggestions: searchUniverse(ctx.universe(), query, limit),
    }),
    'tickers:latest': async (input) => {
      const tickers = 'watchlistId' in input ? mustList(ctx, input.watchlistId).tickers : input.tickers;
      return {
        rows: tickerRows(
          { store, marketNow: ctx.marketNow(), tickerError: (t) => ctx.poller.tickerError(t) },
          tickers,
        ),
      };
    },
    'ticker:view': async (input) => tickerView(view(), input),
    'ticker:fetch': async (input) =>
      fetchTickerOnDemand(
        {
          store: ctx.sourceWork().store,
          fetcher,
          watched: (t) => store.watchlists.allTickers().includes(t),
        },
        input,
      ),
    'ticker:curve': async (input) => tickerCurve(curves(), input),
    'ticker:series': async (input) => tickerSeries(store, input, ctx.marketNow()),
    // The store reads the source in use: its levels are the simulator's when it is.
    'ticker:levelsText': async (input) => levelsText(store, input, ctx.marketNow(), ctx.source.simulated),
    'ticker:optionsVolume': async (input) => optionsVolume(curves(), input),
    'ticker:timeline': async (input) => timeline(view(), input),
    'ticker:levelsHistory': async (input) => levelsHistory(store, input, ctx.marketNow()),
    'snapshots:diff': async (input) => diffSnapshots(view(), input),
  };
}
