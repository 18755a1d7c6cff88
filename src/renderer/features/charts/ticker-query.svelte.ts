// One ticker's bridge query with the user's choices (series metrics and window, an option-volume
// expiration), live or at a history-review time. Live answers reload when the watcher stores a
// new snapshot of the endpoint behind them; a pinned time never moves. Another ticker starts over
// from the initial choice unless the choice is kept (the series' metrics are the user's, not the
// ticker's).
import type { SnapshotEndpoint } from '../../../shared/bridge/tickers.ts';
import type { BridgeClient } from '../../lib/bridge-client.ts';
import { Resource } from '../../state/resource.svelte.ts';
import { LatestOnly } from './latest-only.ts';

export interface TickerQueryOptions<C, O> {
  /** Stored snapshots of this endpoint for the ticker trigger a live reload. */
  endpoint: SnapshotEndpoint;
  initial: C;
  /** Keep the choice when the ticker changes. */
  keepChoice?: boolean;
  fetch(bridge: BridgeClient, ticker: string, choice: C, at: string | null): Promise<O>;
}

export class TickerQuery<C, O> {
  #ticker = $state('');
  #at = $state<string | null>(null);
  #choice = $state.raw<C>() as C;
  readonly resource = new Resource<O>();
  /** Quick choices race: only the answer to the latest one may reach the resource. */
  readonly #latest = new LatestOnly();
  readonly #bridge: BridgeClient;
  readonly #o: TickerQueryOptions<C, O>;
  #stop: (() => void) | null = null;

  constructor(bridge: BridgeClient, options: TickerQueryOptions<C, O>) {
    this.#bridge = bridge;
    this.#o = options;
    this.#choice = options.initial;
  }

  get ticker(): string {
    return this.#ticker;
  }
  get at(): string | null {
    return this.#at;
  }
  get choice(): C {
    return this.#choice;
  }

  start(): void {
    if (this.#stop) return;
    const stops = [
      this.#bridge.on('snapshot:new', (event) => {
        if (this.#at === null && event.ticker === this.#ticker && event.endpoint === this.#o.endpoint)
          void this.resource.reload();
      }),
      // Another data source: its latest curve may be one stored before, which no snapshot:new announces.
      this.#bridge.on('app:changed', () => {
        if (this.#at === null && this.#ticker) void this.resource.reload();
      }),
    ];
    this.#stop = () => stops.forEach((stop) => stop());
  }

  stop(): void {
    this.#stop?.();
    this.#stop = null;
  }

  show(ticker: string, at: string | null = null): void {
    if (ticker === this.#ticker && at === this.#at) return;
    if (ticker !== this.#ticker) {
      if (!this.#o.keepChoice) this.#choice = this.#o.initial;
      this.#latest.cancel();
      this.resource.reset();
    }
    this.#ticker = ticker;
    this.#at = at;
    void this.#load();
  }

  choose(choice: C): void {
    if (Object.is(choice, this.#choice)) return;
    this.#choice = choice;
    void this.#load();
  }

  #load(): Promise<void> {
    const ticker = this.#ticker;
    if (!ticker) return Promise.resolve();
    const { choice } = this;
    const at = this.#at;
    return this.resource.load(() => this.#latest.run(() => this.#o.fetch(this.#bridge, ticker, choice, at)));
  }
}
