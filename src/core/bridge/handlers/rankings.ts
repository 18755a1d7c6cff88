// Bridge methods of Rankings: the stored top setups, screeners and income lists, and the saved
// views (filters, user screeners) the Rankings page keeps.
import type { BridgeHandlers } from '../../../shared/bridge/contract.ts';
import { BridgeFailure } from '../../../shared/bridge/result.ts';
import type { BridgeApp } from '../bridge-app.ts';
import { income, screener, topSetups } from '../../queries/ranking-lists.ts';

export type RankingMethods =
  | 'rankings:topSetups'
  | 'rankings:screener'
  | 'rankings:income'
  | 'views:list'
  | 'views:create'
  | 'views:rename'
  | 'views:delete';

export type RankingContext = Pick<BridgeApp, 'store' | 'marketNow' | 'settings'>;

export function rankingHandlers(ctx: RankingContext): Pick<BridgeHandlers, RankingMethods> {
  const { store } = ctx;
  const rankingTime = () => ({ marketNow: ctx.marketNow(), schedules: ctx.settings().schedules });
  return {
    'rankings:topSetups': async (input) => topSetups(store, rankingTime(), input),
    'rankings:screener': async (input) => screener(store, rankingTime(), input),
    'rankings:income': async (input) => income(store, rankingTime(), input),
    'views:list': async ({ kind }) => store.savedViews.list(kind),
    'views:create': async ({ name, ...body }) => store.savedViews.create(name, body),
    'views:rename': async ({ id, name }) => store.savedViews.rename(id, name),
    'views:delete': async ({ id }) => {
      if (!store.savedViews.delete(id)) throw new BridgeFailure('not_found', `No saved view ${id}`);
      return { id };
    },
  };
}
