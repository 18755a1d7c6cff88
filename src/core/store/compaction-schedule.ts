// When the store compacts its payloads (Store.compactPayloads): ingest stores bodies uncompressed
// to keep up with a poll cycle, and the store compresses them afterwards, in slices: one of
// `sliceMs` when a batch of writes ends (a job run, a backfill) and, while some remain, one every
// `idleMs` when no writes are under way; `finish` (the app stopping) does what is left, up to
// `stopMs`. A slice is also bounded by `sliceRows` bodies. The app tells it when writes end and
// whether some are under way; the rest is the store's business.
import { messageOf } from '../../shared/message-of.ts';
import type { Timers } from '../lib/timers.ts';
import type { Store } from './database.ts';

export interface CompactionTuning {
  sliceMs?: number;
  sliceRows?: number;
  idleMs?: number;
  stopMs?: number;
}

export interface CompactionReport {
  rows: number;
  remaining: boolean;
}

export interface CompactionScheduleOptions {
  store: Pick<Store<unknown>, 'isOpen' | 'readonly' | 'compactPayloads'>;
  timers: Timers;
  /** false turns compaction off (bodies stay as ingest stored them, which reads the same). */
  compaction?: false | CompactionTuning | undefined;
  /** Whether writes are under way (a job runs): an idle slice then waits for their end. */
  busy: () => boolean;
  /** After each slice, with what it did and whether bodies remain. */
  onCompacted?(report: CompactionReport): void;
  log?(message: string): void;
}

export class CompactionSchedule {
  readonly #o: CompactionScheduleOptions;
  /** Cancels the pending idle slice. */
  #idle: (() => void) | null = null;
  #finished = false;

  constructor(options: CompactionScheduleOptions) {
    this.#o = options;
  }

  get #off(): boolean {
    return this.#o.compaction === false;
  }

  /** Bodies a previous run left uncompressed (it was killed, or stopped in a hurry): an idle slice. */
  start(): void {
    this.#scheduleIdle();
  }

  /** A batch of writes ended: one slice now, then idle slices while bodies remain. */
  writesEnded(): void {
    if (this.#off || this.#finished) return;
    if (this.sliceNow().remaining) this.#scheduleIdle();
  }

  /**
   * One bounded slice, now: synchronous, so never inside an ingest transaction (those are
   * synchronous too). Failures are logged, not thrown: compaction is housekeeping.
   */
  sliceNow(options: { maxMs?: number; maxRows?: number } = {}): CompactionReport {
    const { store } = this.#o;
    if (this.#o.compaction === false || !store.isOpen || store.readonly) return { rows: 0, remaining: false };
    const c = this.#o.compaction;
    let out: CompactionReport = { rows: 0, remaining: false };
    try {
      const report = store.compactPayloads({
        maxMs: options.maxMs ?? c?.sliceMs ?? 50,
        maxRows: options.maxRows ?? c?.sliceRows ?? 10_000,
      });
      out = { rows: report.rows, remaining: report.remaining };
    } catch (error) {
      this.#o.log?.(`compaction: ${messageOf(error)}`);
    }
    try {
      this.#o.onCompacted?.(out);
    } catch (error) {
      this.#o.log?.(`compaction: listener failed: ${messageOf(error)}`);
    }
    return out;
  }

  /**
   * Writes are over for good: no more idle slices, and what is pending is finished within a
   * bound (whatever remains is compressed after the next start; reads never depend on it).
   */
  finish(): void {
    if (this.#finished) return;
    this.#finished = true;
    this.#idle?.();
    this.#idle = null;
    const c = this.#o.compaction;
    if (c !== false) this.sliceNow({ maxMs: c?.stopMs ?? 5000, maxRows: 10_000_000 });
  }

  #scheduleIdle(): void {
    if (this.#off || this.#finished || this.#idle) return;
    this.#idle = this.#o.timers.setTimeout(
      () => {
        this.#idle = null;
        if (this.#finished) return;
        // Writes under way compact when they end; an idle slice would only compete with them.
        if (this.#o.busy()) return;
        if (this.sliceNow().remaining) this.#scheduleIdle();
      },
      this.#o.compaction === false ? 0 : (this.#o.compaction?.idleMs ?? 250),
    );
  }
}
