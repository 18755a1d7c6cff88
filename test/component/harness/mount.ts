// Mounts one screen as the app shell would (src/renderer/app.svelte): the same state objects,
// built on a bridge client over the renderer's own HTTP transport, which the component test server
// hands to the real core (test/component/bridge-proxy.ts). The screen is unmounted and its states
// stopped when the test ends.
import { mount, unmount, type Component } from 'svelte';
import { onTestFinished } from 'vitest';
import '../../../src/renderer/app.css';
import { AlertsState } from '../../../src/renderer/features/alerts/alerts-state.svelte.ts';
import { HistoryState } from '../../../src/renderer/features/history/history-state.svelte.ts';
import {
  createBridgeClient,
  httpTransport,
  type BridgeClient,
} from '../../../src/renderer/lib/bridge-client.ts';
import { AppState } from '../../../src/renderer/state/app.svelte.ts';
import type { AppContext } from '../../../src/renderer/state/context.ts';
import { TickerDetailState } from '../../../src/renderer/state/ticker-detail.svelte.ts';
import { Toasts } from '../../../src/renderer/state/toasts.svelte.ts';
import { WatchlistsState } from '../../../src/renderer/state/watchlists.svelte.ts';
import Harness from './harness.svelte';

/**
 * Every event stream a test's bridge opened. Chromium keeps six connections per origin: streams
 * left open by earlier tests would hold them all and stall the next calls, so each test's are
 * closed when it ends.
 */
const streams = new Set<EventSource>();

class TrackedEventSource extends EventSource {
  constructor(url: string | URL, init?: EventSourceInit) {
    super(url, init);
    streams.add(this);
  }
  override close(): void {
    streams.delete(this);
    super.close();
  }
}

/** A bridge client to the real core, validating every answer against the contract as the app does. */
export function realBridge(): BridgeClient {
  return createBridgeClient(
    httpTransport({ fetch: window.fetch.bind(window), EventSource: TrackedEventSource }),
  );
}

export interface Mounted extends AppContext {
  /** The screen's root element's container. */
  target: HTMLElement;
}

/**
 * Renders `screen` with `props` inside the app's context; resolves once the shell's first answers
 * (app info, settings, poll status) are in, as the real shell waits for them before any screen.
 * Props that need the app's state (a feature state built on the bridge) are given as a function.
 */
// Svelte's own bound for props: an interface of props has no index signature, so `unknown` would not do.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function renderScreen<P extends Record<string, any>>(
  screen: Component<P>,
  props: NoInfer<P> | ((context: AppContext) => NoInfer<P>),
): Promise<Mounted> {
  const bridge = realBridge();
  const toasts = new Toasts();
  const app = new AppState(bridge);
  const watchlists = new WatchlistsState(bridge);
  const alerts = new AlertsState(bridge);
  const ticker = new TickerDetailState(bridge);
  const history = new HistoryState(bridge);
  const context: AppContext = { bridge, app, watchlists, alerts, ticker, history, toasts };
  watchlists.start();
  alerts.start();
  ticker.start();
  history.start();
  await app.start();

  const target = document.createElement('div');
  target.className = 'component-under-test';
  const shellTarget = document.createElement('div');
  document.body.append(target, shellTarget);
  let contexts = new Map<unknown, unknown>();
  const shell = mount(Harness, {
    target: shellTarget,
    props: { context, oncontexts: (map: Map<unknown, unknown>) => (contexts = map) },
  });
  const given = typeof props === 'function' ? props(context) : props;
  const instance = mount(screen, { target, props: given, context: contexts });
  onTestFinished(async () => {
    await unmount(instance);
    await unmount(shell);
    target.remove();
    shellTarget.remove();
    for (const state of [app, watchlists, alerts, ticker, history]) state.stop();
    for (const stream of [...streams]) stream.close();
  });
  return { ...context, target };
}
