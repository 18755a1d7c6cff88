// The option-volume section of one ticker: call and put volume by strike for one expiration (a
// bucket or a listed date). The API has no as-of for volume: it is always the latest stored.
import type { GammaCurveBucket } from '../../../shared/api/enums.ts';
import type { BridgeClient } from '../../lib/bridge-client.ts';
import type { BridgeOutput } from '../../../shared/bridge.ts';
import { RawResource } from './raw-resource.svelte.ts';

/** Volume is per expiration: every bucket but `combined`, or a date. */
export type VolumeSelection = Exclude<GammaCurveBucket, 'combined'> | `${number}-${number}-${number}`;

export class VolumeState {
  #ticker = $state('');
  #exp = $state<VolumeSelection>('nearest');
  readonly volume = new RawResource<BridgeOutput<'ticker:optionsVolume'>>();
  readonly #bridge: BridgeClient;
  #stop: (() => void) | null = null;

  constructor(bridge: BridgeClient) {
    this.#bridge = bridge;
  }

  get ticker(): string {
    return this.#ticker;
  }
  get exp(): VolumeSelection {
    return this.#exp;
  }

  start(): void {
    this.#stop ??= this.#bridge.on('snapshot:new', (event) => {
      if (event.ticker === this.#ticker && event.endpoint === 'options_volume') void this.volume.reload();
    });
  }

  stop(): void {
    this.#stop?.();
    this.#stop = null;
  }

  show(ticker: string): void {
    if (ticker === this.#ticker) return;
    this.#ticker = ticker;
    this.#exp = 'nearest';
    this.volume.reset();
    void this.#load();
  }

  setExp(exp: VolumeSelection): void {
    if (exp === this.#exp) return;
    this.#exp = exp;
    void this.#load();
  }

  #load(): Promise<void> {
    const input = { ticker: this.#ticker, exp: this.#exp };
    if (!input.ticker) return Promise.resolve();
    return this.volume.load(() => this.#bridge.invoke('ticker:optionsVolume', input));
  }
}
