// The overlays of one chart: for each toggle that is on ("Yesterday", "A week ago"), the stored
// snapshot past-lookup.ts finds for the snapshot shown. A newer shown snapshot (a live update,
// another ticker) loads the overlays that are on again; a late answer for an older one is dropped.
import type { BridgeClient } from '../../../lib/bridge-client.ts';
import { findPast, PAST_OFF, type PastLookup, type PastSnapshot } from './past-lookup.ts';
import { OVERLAY_KEYS, type OverlayKey } from './overlay-times.ts';

export class PastSnapshots<T> {
  #on = $state<Record<OverlayKey, boolean>>({ yesterday: false, week: false });
  #results = $state.raw<Record<OverlayKey, PastSnapshot<T>>>({ yesterday: PAST_OFF, week: PAST_OFF });
  #ticker = '';
  #shown: string | null = null;
  /** Bumped on every new shown snapshot: answers for an older one are dropped. */
  #generation = 0;
  readonly #bridge: BridgeClient;
  readonly #lookup: PastLookup<T>;

  constructor(bridge: BridgeClient, lookup: PastLookup<T>) {
    this.#bridge = bridge;
    this.#lookup = lookup;
  }

  on(key: OverlayKey): boolean {
    return this.#on[key];
  }
  result(key: OverlayKey): PastSnapshot<T> {
    return this.#results[key];
  }

  /** The snapshot the chart shows now (its instant); overlays that are on reload for a new one. */
  show(ticker: string, shownAsof: string | null): void {
    if (ticker === this.#ticker && shownAsof === this.#shown) return;
    this.#ticker = ticker;
    this.#shown = shownAsof;
    this.#generation += 1;
    for (const key of OVERLAY_KEYS) if (this.#on[key]) void this.#load(key);
  }

  toggle(key: OverlayKey, on: boolean): void {
    this.#on = { ...this.#on, [key]: on };
    if (on) void this.#load(key);
    else this.#set(key, PAST_OFF);
  }

  #set(key: OverlayKey, result: PastSnapshot<T>): void {
    this.#results = { ...this.#results, [key]: result };
  }

  async #load(key: OverlayKey): Promise<void> {
    const generation = this.#generation;
    this.#set(key, { ...PAST_OFF, status: 'loading' });
    const result = await findPast(this.#bridge, this.#lookup, this.#ticker, this.#shown, key);
    if (generation === this.#generation && this.#on[key]) this.#set(key, result);
  }
}
