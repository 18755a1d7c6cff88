// Bridge methods of watchlists: the lists and the tickers on them. A ticker newly watched is
// announced to the app (tickersAdded), which backfills its history and fetches its views.
import type { BridgeHandlers } from '../../../shared/bridge/contract.ts';
import { BridgeFailure } from '../../../shared/bridge/result.ts';
import type { Watchlist as BridgeWatchlist } from '../../../shared/bridge/watchlists.ts';
import type { BridgeApp } from '../bridge-app.ts';
import type { Watchlist } from '../../store/repositories/watchlists.ts';

export type WatchlistMethods =
  | 'watchlists:list'
  | 'watchlists:create'
  | 'watchlists:rename'
  | 'watchlists:delete'
  | 'watchlists:reorder'
  | 'watchlist:addTicker'
  | 'watchlist:removeTicker'
  | 'watchlist:moveTicker'
  | 'watchlist:importTickers';

export type WatchlistContext = Pick<BridgeApp, 'store' | 'source' | 'universe' | 'tickersAdded'>;

export const toList = (w: Watchlist): BridgeWatchlist => ({
  id: w.id,
  name: w.name,
  tickers: [...w.tickers],
});

export function mustList(ctx: Pick<BridgeApp, 'store'>, id: number): Watchlist {
  const list = ctx.store.watchlists.get(id);
  if (!list) throw new BridgeFailure('not_found', `no watchlist ${id}`);
  return list;
}

/** A source that lists its tickers (the local service) must have it; a remote one answers 404 itself. */
export function checkTicker(ctx: Pick<BridgeApp, 'source' | 'universe'>, ticker: string): void {
  if (!ctx.source.listsUniverse) return;
  if (!ctx.universe().some((u) => u.ticker === ticker)) {
    throw new BridgeFailure(
      'not_found',
      `${ticker} is not in the market's universe (universe:search lists what is)`,
    );
  }
}

export function watchlistHandlers(ctx: WatchlistContext): Pick<BridgeHandlers, WatchlistMethods> {
  const { store } = ctx;
  return {
    'watchlists:list': async () => store.watchlists.list().map(toList),
    'watchlists:create': async ({ name, tickers }) => {
      (tickers ?? []).forEach((t) => checkTicker(ctx, t));
      const list = store.watchlists.create(name, tickers ?? []);
      if (list.tickers.length) ctx.tickersAdded(list.tickers);
      return toList(list);
    },
    'watchlists:rename': async ({ id, name }) => toList(store.watchlists.rename(mustList(ctx, id).id, name)),
    'watchlists:delete': async ({ id }) => {
      if (!store.watchlists.delete(id)) throw new BridgeFailure('not_found', `no watchlist ${id}`);
      return { id };
    },
    'watchlists:reorder': async ({ ids }) => store.watchlists.reorder(ids).map(toList),
    'watchlist:addTicker': async ({ watchlistId, ticker }) => {
      const list = mustList(ctx, watchlistId);
      checkTicker(ctx, ticker);
      const wasWatched = store.watchlists.allTickers().includes(ticker);
      const updated = store.watchlists.addTickers(list.id, [ticker]);
      if (!wasWatched) ctx.tickersAdded([ticker]);
      return toList(updated);
    },
    'watchlist:removeTicker': async ({ watchlistId, ticker }) => {
      const list = mustList(ctx, watchlistId);
      if (!list.tickers.includes(ticker))
        throw new BridgeFailure('not_found', `${ticker} is not on ${list.name}`);
      return toList(store.watchlists.removeTickers(list.id, [ticker]));
    },
    'watchlist:importTickers': async ({ watchlistId, tickers }) => {
      const list = mustList(ctx, watchlistId);
      const watched = new Set(store.watchlists.allTickers());
      const added: string[] = [];
      const already: string[] = [];
      const refused: { ticker: string; reason: string }[] = [];
      for (const ticker of new Set(tickers)) {
        if (list.tickers.includes(ticker)) {
          already.push(ticker);
          continue;
        }
        try {
          checkTicker(ctx, ticker);
          added.push(ticker);
        } catch (error) {
          if (!(error instanceof BridgeFailure)) throw error;
          refused.push({ ticker, reason: `not in the data source's universe` });
        }
      }
      const updated = added.length > 0 ? store.watchlists.addTickers(list.id, added) : list;
      const fresh = added.filter((t) => !watched.has(t));
      if (fresh.length > 0) ctx.tickersAdded(fresh);
      return { watchlist: toList(updated), added, already, refused };
    },
    'watchlist:moveTicker': async ({ watchlistId, ticker, toIndex }) => {
      const list = mustList(ctx, watchlistId);
      const rest = list.tickers.filter((t) => t !== ticker);
      if (rest.length === list.tickers.length)
        throw new BridgeFailure('not_found', `${ticker} is not on ${list.name}`);
      rest.splice(Math.min(toIndex, rest.length), 0, ticker);
      return toList(store.watchlists.reorderTickers(list.id, rest));
    },
  };
}
