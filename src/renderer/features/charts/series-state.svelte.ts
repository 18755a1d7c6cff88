// The series section of one ticker: which catalog metrics, over which window. The series are the
// watcher's daily history (latest value per day); a new series snapshot reloads them.
import { DEFAULT_SERIES_METRICS, type MetricKey } from '../../../shared/api/series.ts';
import type { TickerSeriesResult } from '../../../shared/bridge/tickers.ts';
import type { BridgeClient } from '../../lib/bridge-client.ts';
import { RawResource } from './raw-resource.svelte.ts';

export const SERIES_WINDOWS = ['30d', '180d', '2y'] as const;
export type SeriesWindow = (typeof SERIES_WINDOWS)[number];

/** The bridge takes at most 12 metrics per call. */
export const MAX_SERIES_METRICS = 12;

export class SeriesState {
  #ticker = $state('');
  #metrics = $state.raw<readonly MetricKey[]>(DEFAULT_SERIES_METRICS);
  #window = $state<SeriesWindow>('180d');
  readonly series = new RawResource<TickerSeriesResult>();
  readonly #bridge: BridgeClient;
  #stop: (() => void) | null = null;

  constructor(bridge: BridgeClient) {
    this.#bridge = bridge;
  }

  get ticker(): string {
    return this.#ticker;
  }
  get metrics(): readonly MetricKey[] {
    return this.#metrics;
  }
  get window(): SeriesWindow {
    return this.#window;
  }

  start(): void {
    this.#stop ??= this.#bridge.on('snapshot:new', (event) => {
      if (event.ticker === this.#ticker && event.endpoint === 'series') void this.series.reload();
    });
  }

  stop(): void {
    this.#stop?.();
    this.#stop = null;
  }

  show(ticker: string): void {
    if (ticker === this.#ticker) return;
    this.#ticker = ticker;
    this.series.reset();
    void this.#load();
  }

  setWindow(window: SeriesWindow): void {
    if (window === this.#window) return;
    this.#window = window;
    void this.#load();
  }

  /** Adds or removes a metric; the last one stays (a chart of nothing is not a choice). */
  toggleMetric(metric: MetricKey): void {
    const has = this.#metrics.includes(metric);
    if (has && this.#metrics.length === 1) return;
    if (!has && this.#metrics.length >= MAX_SERIES_METRICS) return;
    this.#metrics = has ? this.#metrics.filter((m) => m !== metric) : [...this.#metrics, metric];
    void this.#load();
  }

  #load(): Promise<void> {
    const input = { ticker: this.#ticker, metrics: [...this.#metrics], window: this.#window };
    if (!input.ticker) return Promise.resolve();
    return this.series.load(() => this.#bridge.invoke('ticker:series', input));
  }
}
