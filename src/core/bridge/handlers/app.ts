// Bridge methods of the app itself: what it is and runs on (app:info), and the first-run
// onboarding, which may create the first watchlist.
import type { BridgeHandlers } from '../../../shared/bridge/contract.ts';
import type { BridgeApp } from '../bridge-app.ts';
import { commandEntry, mcpConfigOf } from '../../queries/mcp-config.ts';
import { checkTicker } from './watchlists.ts';

export type AppMethods = 'app:info' | 'app:completeOnboarding' | 'app:mcpConfig';

export type AppContext = Pick<
  BridgeApp,
  | 'store'
  | 'events'
  | 'info'
  | 'source'
  | 'universe'
  | 'tickersAdded'
  | 'dataDir'
  | 'settings'
  | 'secretsStatus'
>;

export function appHandlers(ctx: AppContext): Pick<BridgeHandlers, AppMethods> {
  const { store } = ctx;
  return {
    'app:info': async () => ctx.info(),
    'app:mcpConfig': async () =>
      mcpConfigOf({
        dataDir: ctx.dataDir,
        dataSource: ctx.settings().dataSource,
        secrets: ctx.secretsStatus(),
        nodePath: process.versions.electron === undefined ? process.execPath : null,
        entry: commandEntry(),
      }),
    'app:completeOnboarding': async (input) => {
      if (input.tickers?.length) {
        input.tickers.forEach((t) => checkTicker(ctx, t.toUpperCase()));
        const list = store.watchlists.create(input.watchlistName ?? 'My watchlist', input.tickers);
        ctx.tickersAdded(list.tickers);
      }
      store.flags.set('onboarded', true);
      // Also on the event stream: an app:changed computed before this call (still saying first run)
      // may reach the window after this answer, and would bring the welcome screen back.
      const info = ctx.info();
      ctx.events.emit('app:changed', info);
      return info;
    },
  };
}
