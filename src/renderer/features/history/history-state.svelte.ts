// Looking back at one ticker: its snapshot timeline, and two snapshots compared.
import type { ExportProgress, SnapshotDiff, Timeline } from '../../../shared/bridge/history.ts';
import type { SnapshotEndpoint } from '../../../shared/bridge/tickers.ts';
import type { BridgeClient } from '../../lib/bridge-client.ts';
import { coalesce } from '../../lib/coalesce.ts';
import { Resource } from '../../state/resource.svelte.ts';

/** Which pick is the older time: A unless B is strictly earlier. */
export function olderPick(a: string, b: string): 'A' | 'B' {
  return Date.parse(b) < Date.parse(a) ? 'B' : 'A';
}

export class HistoryState {
  readonly timeline = new Resource<Timeline>();
  readonly diff = new Resource<SnapshotDiff>();
  /** The snapshot export running now, as its export:progress events tell; null when none. */
  exportProgress = $state<ExportProgress | null>(null);
  #ticker = $state<string | null>(null);
  #endpoint = $state<SnapshotEndpoint>('market_structure');
  readonly #bridge: BridgeClient;
  #stops: (() => void)[] = [];
  /** One timeline reload per burst of events. */
  readonly #timelineSoon = coalesce(() => void this.timeline.reload());

  constructor(bridge: BridgeClient) {
    this.#bridge = bridge;
  }

  /**
   * Keeps the timeline live: a snapshot stored for the ticker and view on screen adds its time
   * (a burst of them reloads once), so a trader watching History sees new times arrive.
   */
  start(): void {
    this.#stops.push(
      this.#bridge.on('snapshot:new', (event) => {
        if (event.ticker === this.#ticker && event.endpoint === this.#endpoint) this.#scheduleTimeline();
      }),
      this.#bridge.on('app:changed', () => this.#scheduleTimeline()),
      this.#bridge.on('export:progress', (p) => {
        this.exportProgress = p.phase === 'done' ? null : p;
      }),
    );
  }

  stop(): void {
    for (const stop of this.#stops.splice(0)) stop();
    this.#timelineSoon.cancel();
  }

  #scheduleTimeline(): void {
    if (this.#ticker) this.#timelineSoon.schedule();
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

  /** Asked older first whatever the picks' order, so the diff reads older → newer. */
  compare(a: string, b: string): Promise<void> {
    const ticker = this.#ticker;
    if (!ticker) return Promise.resolve();
    const endpoint = this.#endpoint;
    const [older, newer] = olderPick(a, b) === 'A' ? [a, b] : [b, a];
    return this.diff.load(() =>
      this.#bridge.invoke('snapshots:diff', { ticker, endpoint, a: older, b: newer }),
    );
  }

  /** Small exports come back as content, large ones as the path of the file the app wrote. */
  async exportSnapshots(format: 'csv' | 'json') {
    try {
      return await this.#bridge.invoke('export:snapshots', {
        ticker: this.#ticker ?? undefined,
        endpoint: this.#endpoint,
        format,
      });
    } finally {
      // A failed export sends no 'done' event.
      this.exportProgress = null;
    }
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
