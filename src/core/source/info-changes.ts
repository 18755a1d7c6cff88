// `app:changed`: the app's info is emitted when what the header shows changes (another source, its
// badge, its problems, the simulated flag, the clock). A switch emits at once; bursts of snapshots
// and status changes are coalesced into one check; a slow periodic check catches what no event
// announces (a collector's error, the badge's "as of" time).
import type { AppInfo } from '../../shared/bridge/app-info.ts';
import { messageOf } from '../../shared/message-of.ts';

export interface InfoChangesOptions {
  /** The current info, or null when there is none to give (the app is stopping). */
  info(): AppInfo | null;
  emit(info: AppInfo): void;
  log(message: string): void;
  /** Delay of a coalesced check (default 200 ms). */
  coalesceMs?: number;
}

/** What the header depends on: a change of anything else (the market's now) is no news. */
const keyOf = (info: AppInfo): string => JSON.stringify([info.dataSource, info.simulated, info.clock]);

export class InfoChanges {
  readonly #o: InfoChangesOptions;
  #last = '';
  #timer: ReturnType<typeof setTimeout> | null = null;
  #interval: ReturnType<typeof setInterval> | null = null;
  #stopped = false;

  constructor(options: InfoChangesOptions) {
    this.#o = options;
  }

  /** Emits when the info differs from the last one emitted (or always, with force). */
  check(force = false): void {
    if (this.#stopped) return;
    try {
      const info = this.#o.info();
      if (info === null) return;
      const key = keyOf(info);
      if (!force && key === this.#last) return;
      this.#last = key;
      this.#o.emit(info);
    } catch (error) {
      this.#o.log(`app info: ${messageOf(error)}`);
    }
  }

  /** A check soon: many calls in a burst make one. */
  schedule(): void {
    if (this.#timer || this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.check();
    }, this.#o.coalesceMs ?? 200);
    this.#timer.unref?.();
  }

  /** Starts the periodic check, taking the current info as already known. */
  start(everyMs: number): void {
    if (this.#interval || this.#stopped) return;
    const info = this.#o.info();
    if (info) this.#last = keyOf(info);
    this.#interval = setInterval(() => this.check(), everyMs);
    this.#interval.unref?.();
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    if (this.#interval) clearInterval(this.#interval);
    this.#timer = null;
    this.#interval = null;
  }
}
