// One ticker's stored views, live or as of a chosen snapshot time. Live views reload when the
// watcher stores a new snapshot of this ticker; a pinned time never moves. A ticker on no
// watchlist is not polled: live, its views are fetched on demand (`ticker:fetch`) first, and
// `onDemand` says how that went ("Fetched on demand at …", or why not).
import type { TickerFetchResult } from '../../shared/bridge/ticker-fetch.ts';
import type { TickerViewName, TickerViewResult } from '../../shared/bridge/tickers.ts';
import type { BridgeClient } from '../lib/bridge-client.ts';
import { Resource } from './resource.svelte.ts';

type ViewOf<V extends TickerViewName> = Extract<TickerViewResult, { view: V }>;

export class TickerDetailState {
  #ticker = $state('');
  #at = $state<string | null>(null);
  readonly views: { [V in TickerViewName]: Resource<ViewOf<V>> } = {
    market_structure: new Resource(),
    signals: new Resource(),
    explain: new Resource(),
    trade_setup: new Resource(),
    state: new Resource(),
    levels: new Resource(),
  };
  /** The on-demand fetch of the shown ticker (live only); `source: 'watched'` when it is polled. */
  readonly onDemand = new Resource<TickerFetchResult>();
  readonly #bridge: BridgeClient;
  readonly #stops: (() => void)[] = [];
  // Bookkeeping, not displayed: a plain Set on purpose.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #wanted = new Set<TickerViewName>();

  constructor(bridge: BridgeClient) {
    this.#bridge = bridge;
  }

  get ticker(): string {
    return this.#ticker;
  }
  get at(): string | null {
    return this.#at;
  }
  get live(): boolean {
    return this.#at === null;
  }

  start(): void {
    this.#stops.push(
      this.#bridge.on('snapshot:new', (event) => {
        if (this.live && event.ticker === this.#ticker)
          for (const view of this.#wanted) void this.#load(view);
      }),
      // Another data source: its latest snapshot may be one stored before, which no snapshot:new announces.
      this.#bridge.on('app:changed', () => {
        if (this.live) for (const view of this.#wanted) void this.#load(view);
      }),
    );
  }

  stop(): void {
    for (const stop of this.#stops.splice(0)) stop();
  }

  /** Points the state at a ticker and time; views already shown reload. */
  show(ticker: string, at: string | null): void {
    if (ticker === this.#ticker && at === this.#at) return;
    const changedTicker = ticker !== this.#ticker;
    this.#ticker = ticker;
    this.#at = at;
    if (changedTicker) {
      for (const resource of Object.values(this.views)) resource.reset();
      this.onDemand.reset();
      this.#wanted.clear();
    }
    for (const view of this.#wanted) void this.#load(view);
    if (at === null && (changedTicker || this.onDemand.status === 'idle')) void this.fetchOnDemand();
  }

  /**
   * Fetches the ticker's views from the data source when it is on no watchlist (a no-op answer
   * otherwise), then reloads the views shown. A failure is kept in `onDemand`, not thrown.
   */
  async fetchOnDemand(): Promise<void> {
    const ticker = this.#ticker;
    if (!ticker) return;
    await this.onDemand.load(() => this.#bridge.invoke('ticker:fetch', { ticker }));
    const result = this.onDemand.value;
    if (ticker !== this.#ticker || !this.live || !result || result.source === 'watched') return;
    for (const view of this.#wanted) void this.#load(view);
  }

  /** Makes sure a view is loaded (and kept fresh while live). */
  want(view: TickerViewName): void {
    if (!this.#ticker) return;
    if (!this.#wanted.has(view)) {
      this.#wanted.add(view);
      void this.#load(view);
    }
  }

  #load(view: TickerViewName): Promise<void> {
    const ticker = this.#ticker;
    const at = this.#at ?? undefined;
    const resource = this.views[view] as Resource<TickerViewResult>;
    return resource.load(() => this.#bridge.invoke('ticker:view', { ticker, view, at }));
  }

  /** `future`: the levels' futures equivalents (SPX on ES1!, /ES). */
  levelsText(format: 'tradingview' | 'tos', future = false) {
    const equivalent = future ? { equivalent: 'future' as const } : {};
    return this.#bridge.invoke('ticker:levelsText', { ticker: this.#ticker, format, ...equivalent });
  }
}
