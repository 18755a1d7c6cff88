// The app's state objects, handed to components through Svelte context rather than globals.
import { getContext, setContext } from 'svelte';
import type { BridgeClient } from '../lib/bridge-client.ts';
import type { AlertsState } from './alerts.svelte.ts';
import type { AppState } from './app.svelte.ts';
import type { HistoryState } from './history.svelte.ts';
import type { TickerDetailState } from './ticker-detail.svelte.ts';
import type { Toasts } from './toasts.svelte.ts';
import type { WatchlistsState } from './watchlists.svelte.ts';

export interface AppContext {
  bridge: BridgeClient;
  app: AppState;
  watchlists: WatchlistsState;
  alerts: AlertsState;
  ticker: TickerDetailState;
  history: HistoryState;
  toasts: Toasts;
}

const KEY = Symbol('gammawatch');

export function provideApp(context: AppContext): void {
  setContext(KEY, context);
}

export function useApp(): AppContext {
  const context = getContext<AppContext | undefined>(KEY);
  if (!context) throw new Error('useApp() outside the app shell');
  return context;
}
