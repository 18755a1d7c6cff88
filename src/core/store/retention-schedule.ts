// When the store thins old snapshots and gives free pages back to the disk (Store.thinning, see
// repositories/thinning.ts): once a day (`everyMs`), a while after the app starts (`firstDelayMs`),
// and soon after the retention settings change (`afterChangeMs`). Like the compaction schedule
// (compaction-schedule.ts) it works at idle: a run is a series of small steps, each bounded in
// rows, with a turn of the event loop between two of them (`stepGapMs`), so a bridge call waits
// for one step at most; while the poller writes, the next step waits `busyRetryMs`.
import { messageOf } from '../../shared/message-of.ts';
import type { Settings } from '../../shared/bridge/settings.ts';
import type { Timers } from '../lib/timers.ts';
import type { Store } from './database.ts';
import type { ThinningLastRun, ThinningReport, ThinningStep } from './repositories/thinning.ts';
import { DAY_MS } from './time.ts';

export interface RetentionTuning {
  firstDelayMs?: number;
  everyMs?: number;
  afterChangeMs?: number;
  stepGapMs?: number;
  busyRetryMs?: number;
  readRows?: number;
  batchRows?: number;
  vacuumPages?: number;
}

export interface RetentionScheduleOptions {
  store: Pick<Store<unknown>, 'isOpen' | 'readonly' | 'thinning'>;
  timers: Timers;
  settings: () => Pick<Settings, 'retentionDays' | 'retention'>;
  /**
   * The instant ages are counted from: the data source's market clock (a folder replayed on its
   * data's clock keeps a year back from its data, not from today). Default: the timers' clock.
   */
  now?: () => number;
  /** false turns it off (nothing is thinned nor deleted). */
  retention?: false | RetentionTuning | undefined;
  /** Whether writes are under way (a job runs): the next step then waits. */
  busy: () => boolean;
  /** After each step, with how long it took (ms). */
  onStep?(step: ThinningStep, ms: number): void;
  /** After each run the schedule finished. */
  onRun?(run: ThinningLastRun): void;
  log?(message: string): void;
  /** Measures a step (ms); default performance.now. */
  clock?: () => number;
}

interface Running {
  it: Generator<ThinningStep, ThinningReport>;
  started: number;
  longestStepMs: number;
}

export class RetentionSchedule {
  readonly #o: RetentionScheduleOptions;
  readonly #t: Required<Omit<RetentionTuning, 'readRows' | 'batchRows' | 'vacuumPages'>>;
  #timer: (() => void) | null = null;
  #running: Running | null = null;
  #started = false;
  #finished = false;
  #applied = '';

  constructor(options: RetentionScheduleOptions) {
    this.#o = options;
    const t = options.retention === false ? {} : (options.retention ?? {});
    this.#t = {
      firstDelayMs: t.firstDelayMs ?? 10 * 60_000,
      everyMs: t.everyMs ?? DAY_MS,
      afterChangeMs: t.afterChangeMs ?? 5_000,
      stepGapMs: t.stepGapMs ?? 1,
      busyRetryMs: t.busyRetryMs ?? 1_000,
    };
  }

  get #off(): boolean {
    return this.#o.retention === false;
  }

  /** Whether a run is under way. */
  get running(): boolean {
    return this.#running !== null;
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#applied = this.#key();
    this.#schedule(this.#t.firstDelayMs);
  }

  /**
   * The settings changed: when the retention ones did, a run soon (one under way starts over with
   * them).
   */
  settingsChanged(): void {
    if (this.#off || this.#finished || !this.#started) return;
    const key = this.#key();
    if (key === this.#applied) return;
    this.#applied = key;
    this.#stopRun();
    this.#schedule(this.#t.afterChangeMs);
  }

  /** The app stops: no more steps. What a run left is done at the next one. */
  finish(): void {
    this.#finished = true;
    this.#timer?.();
    this.#timer = null;
    this.#stopRun();
  }

  #key(): string {
    const s = this.#o.settings();
    return JSON.stringify([s.retentionDays, s.retention]);
  }

  #stopRun(): void {
    this.#running?.it.return(undefined as never);
    this.#running = null;
  }

  #schedule(ms: number): void {
    if (this.#off || this.#finished) return;
    this.#timer?.();
    this.#timer = this.#o.timers.setTimeout(() => {
      this.#timer = null;
      this.#tick();
    }, ms);
  }

  #tick(): void {
    const { store } = this.#o;
    if (this.#finished || !store.isOpen || store.readonly) return;
    if (this.#o.busy()) {
      this.#schedule(this.#t.busyRetryMs);
      return;
    }
    const clock = this.#o.clock ?? (() => performance.now());
    try {
      if (!this.#running) {
        const s = this.#o.settings();
        const tuning = this.#o.retention === false ? {} : (this.#o.retention ?? {});
        this.#running = {
          it: store.thinning.run({
            fullDays: s.retention.fullDays,
            quarterHourDays: s.retention.quarterHourDays,
            retentionDays: s.retentionDays,
            now: (this.#o.now ?? (() => this.#o.timers.now()))(),
            ...(tuning.readRows !== undefined ? { readRows: tuning.readRows } : {}),
            ...(tuning.batchRows !== undefined ? { batchRows: tuning.batchRows } : {}),
            ...(tuning.vacuumPages !== undefined ? { vacuumPages: tuning.vacuumPages } : {}),
          }),
          started: clock(),
          longestStepMs: 0,
        };
      }
      const run = this.#running;
      const before = clock();
      const next = run.it.next();
      const ms = clock() - before;
      run.longestStepMs = Math.max(run.longestStepMs, ms);
      if (!next.done) {
        this.#o.onStep?.(next.value, ms);
        this.#schedule(this.#t.stepGapMs);
        return;
      }
      this.#running = null;
      const report = next.value;
      const last: ThinningLastRun = {
        at: report.at,
        durationMs: clock() - run.started,
        longestStepMs: run.longestStepMs,
        steps: report.steps,
        expired: report.expired,
        thinned: report.thinned,
        payloads: report.payloads,
        days: report.days,
        pagesReturned: report.pagesReturned,
      };
      store.thinning.recordRun(last);
      this.#o.onRun?.(last);
      if (last.expired + last.thinned > 0)
        this.#o.log?.(
          `retention: ${last.expired} expired and ${last.thinned} thinned snapshots deleted, ` +
            `${last.pagesReturned} pages given back, in ${last.steps} steps (longest ${last.longestStepMs.toFixed(1)} ms)`,
        );
    } catch (error) {
      this.#running = null;
      this.#o.log?.(`retention: ${messageOf(error)}`);
    }
    this.#schedule(this.#t.everyMs);
  }
}
