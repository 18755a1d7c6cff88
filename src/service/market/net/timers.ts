// Timers and waits for the market-data clients (Tradier, Cboe): injected so that tests run on a
// fake clock without sleeping.

/** Timers a client, its pace and its schedule use; tests inject fake ones (no real sleeping). */
export interface NetTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const REAL_TIMERS: NetTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Waits on the injected timers; rejects with the signal's reason when it aborts. */
export function sleep(timers: NetTimers, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = (): void => {
      timers.clearTimeout(handle);
      reject(signal?.reason as Error);
    };
    const handle = timers.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
