// The app's state objects, handed to components through Svelte context rather than globals.
// Where reactive state lives: a state one feature reads sits in that feature's folder as
// `features/<f>/<name>-state.svelte.ts` (alerts, history, rankings, replay, curves); this folder holds
// only what the app shell runs and several features read (app, watchlists, the ticker detail shared
// by the ticker view and its charts, toasts), plus `Resource`.
import { getContext, setContext } from 'svelte';
import type { AlertsState } from '../features/alerts/alerts-state.svelte.ts';
import type { HistoryState } from '../features/history/history-state.svelte.ts';
import type { BridgeClient } from '../lib/bridge-client.ts';
import type { AppState } from './app.svelte.ts';
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

/** The app's context when there is one (a component also shown outside the shell, in tests). */
export function maybeApp(): AppContext | undefined {
  return getContext<AppContext | undefined>(KEY);
}

export function useApp(): AppContext {
  const context = getContext<AppContext | undefined>(KEY);
  if (!context) throw new Error('useApp() outside the app shell');
  return context;
}
