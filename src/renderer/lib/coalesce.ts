// A burst of events becomes one call: `schedule()` arms a short timer unless one is armed, so the
// dozens of `snapshot:new` events of one poll run reload a view once, after the run's writes.

export interface Coalesced {
  schedule(): void;
  cancel(): void;
}

export function coalesce(fn: () => void, ms = 150): Coalesced {
  let pending: ReturnType<typeof setTimeout> | null = null;
  return {
    schedule() {
      if (pending) return;
      pending = setTimeout(() => {
        pending = null;
        fn();
      }, ms);
    },
    cancel() {
      if (pending) clearTimeout(pending);
      pending = null;
    },
  };
}
