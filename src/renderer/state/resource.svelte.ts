// One piece of data loaded over the bridge: loading, ready, or failed with a message to show and
// a retry. A reload keeps the previous value on screen until the new one arrives, with `status`
// 'loading' meanwhile (a chart dims and then takes the new data instead of being rebuilt). The
// value is held raw: it is replaced whole, never edited, and deep proxies over 500 rows or 2,000
// strikes would only tax every read.
import { messageOf } from '../../shared/message-of.ts';
import { untrack } from 'svelte';
import { BridgeError } from '../lib/bridge-client.ts';

export type ResourceStatus = 'idle' | 'loading' | 'ready' | 'error';

export class Resource<T> {
  #status = $state<ResourceStatus>('idle');
  #value = $state.raw<T | null>(null);
  #error = $state<string | null>(null);
  #errorCode = $state<string | null>(null);
  #loader: (() => Promise<T>) | null = null;
  #generation = 0;

  get status(): ResourceStatus {
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
  /** A load is in flight (with or without a value on screen). */
  get loading(): boolean {
    return this.#status === 'loading';
  }

  /**
   * Starts loading with `loader` (remembered for `reload`); a newer load wins over an older one.
   * Untracked: an effect that calls load() depends on what it passes in, never on the resource's
   * own state (or every answer would trigger the effect, and so another load).
   */
  load(loader: () => Promise<T>): Promise<void> {
    return untrack(() => this.#run(loader));
  }

  async #run(loader: () => Promise<T>): Promise<void> {
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

  /** Replaces the value without a round trip (after a mutation that returned it). */
  set(value: T): void {
    this.#value = value;
    this.#status = 'ready';
    this.#error = null;
  }

  reset(): void {
    this.#generation += 1;
    this.#loader = null;
    this.#value = null;
    this.#errorCode = null;
    this.#status = 'idle';
    this.#error = null;
  }
}

export { messageOf };
