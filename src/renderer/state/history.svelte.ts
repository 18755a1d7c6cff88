// Looking back at one ticker: its snapshot timeline, and two snapshots compared.
import type { SnapshotDiff, Timeline } from '../../shared/bridge/history.ts';
import type { SnapshotEndpoint } from '../../shared/bridge/tickers.ts';
import type { BridgeClient } from '../lib/bridge-client.ts';
import { Resource } from './resource.svelte.ts';

export class HistoryState {
  readonly timeline = new Resource<Timeline>();
  readonly diff = new Resource<SnapshotDiff>();
  #ticker = $state<string | null>(null);
  #endpoint = $state<SnapshotEndpoint>('market_structure');
  readonly #bridge: BridgeClient;

  constructor(bridge: BridgeClient) {
    this.#bridge = bridge;
  }

  get ticker(): string | null {
    return this.#ticker;
  }
  get endpoint(): SnapshotEndpoint {
    return this.#endpoint;
  }

  show(ticker: string | null): void {
    if (ticker === this.#ticker) return;
    this.#ticker = ticker;
    this.diff.reset();
    this.#loadTimeline();
  }

  /** The view compared; the timeline lists the times that view was stored at. */
  setEndpoint(endpoint: SnapshotEndpoint): void {
    if (endpoint === this.#endpoint) return;
    this.#endpoint = endpoint;
    this.#loadTimeline();
  }

  #loadTimeline(): void {
    const ticker = this.#ticker;
    const endpoints = [this.#endpoint];
    if (ticker)
      void this.timeline.load(() =>
        this.#bridge.invoke('ticker:timeline', { ticker, endpoints, limit: 500 }),
      );
    else this.timeline.reset();
  }

  compare(a: string, b: string): Promise<void> {
    const ticker = this.#ticker;
    if (!ticker) return Promise.resolve();
    const endpoint = this.#endpoint;
    return this.diff.load(() => this.#bridge.invoke('snapshots:diff', { ticker, endpoint, a, b }));
  }

  exportSnapshots(format: 'csv' | 'json') {
    return this.#bridge.invoke('export:snapshots', {
      ticker: this.#ticker ?? undefined,
      endpoint: this.#endpoint,
      format,
    });
  }

  exportSeries(format: 'csv' | 'json') {
    const ticker = this.#ticker;
    if (!ticker) throw new Error('choose a ticker first');
    return this.#bridge.invoke('export:series', {
      ticker,
      metrics: ['price', 'iv_rank', 'atm_iv', 'gex_flip', 'opportunity_score'],
      window: '1y',
      format,
    });
  }
}
