// A bridge-loaded value held with `$state.raw`: a curve of 2,000 strikes is replaced whole, never
// edited, so deep reactivity would only add a proxy to every point read while shaping the data.
// Like state/resource.svelte.ts, the previous value stays on screen while a new one loads (the
// chart then takes the new data with setData instead of being rebuilt); `status` says loading.
import { BridgeError } from '../../lib/bridge-client.ts';
import { messageOf } from '../../state/resource.svelte.ts';

export type RawStatus = 'idle' | 'loading' | 'ready' | 'error';

export class RawResource<T> {
  #status = $state<RawStatus>('idle');
  #value = $state.raw<T | null>(null);
  #error = $state<string | null>(null);
  #errorCode = $state<string | null>(null);
  #loader: (() => Promise<T>) | null = null;
  #generation = 0;

  get status(): RawStatus {
    return this.#status;
  }
  get value(): T | null {
    return this.#value;
  }
  get error(): string | null {
    return this.#error;
  }
  get errorCode(): string | null {
    return this.#errorCode;
  }

  /** Loads with `loader` (remembered for `reload`); a newer load wins over an older one. */
  async load(loader: () => Promise<T>): Promise<void> {
    this.#loader = loader;
    const generation = ++this.#generation;
    this.#status = 'loading';
    try {
      const value = await loader();
      if (generation !== this.#generation) return;
      this.#value = value;
      this.#error = null;
      this.#errorCode = null;
      this.#status = 'ready';
    } catch (error) {
      if (generation !== this.#generation) return;
      this.#error = messageOf(error);
      this.#errorCode = error instanceof BridgeError ? error.code : null;
      this.#status = 'error';
    }
  }

  reload(): Promise<void> {
    return this.#loader ? this.load(this.#loader) : Promise.resolve();
  }

  reset(): void {
    this.#generation += 1;
    this.#loader = null;
    this.#value = null;
    this.#error = null;
    this.#status = 'idle';
  }
}
