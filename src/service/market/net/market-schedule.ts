// When a collector of chains (Tradier, Cboe) fetches: once at start, at any hour (after the close
// the source serves the last session's values, which is what an evening's preparation needs);
// then every `intervalMs` while the regular session is open (our NYSE calendar, so no request is
// spent asking the source's clock); then once more `closeSettleMs` after the close, to keep the
// closing values; then nothing until the next open. A day with no session (a weekend, a holiday)
// has no fetch at all. No single timer runs longer than six hours: the schedule is re-read when it
// fires (a laptop's sleep, a DST change).
import { isMarketOpen, nextSession, previousTradingDay, sessionOf } from '../../../shared/market-calendar.ts';
import type { IsoDate } from '../../../shared/market-calendar.ts';
import type { NetTimers } from './timers.ts';

const MAX_TIMER_MS = 6 * 3600_000;

/** The date of the last session that has closed at `now`. */
export function lastClosedSession(now: number): IsoDate {
  const upcoming = nextSession(now); // the session open now, or the next one
  return previousTradingDay(upcoming.date);
}

export interface MarketScheduleOptions {
  now: () => number;
  timers: NetTimers;
  /** Poll period while the market is open. */
  intervalMs: number;
  /** How long after the close the closing fetch waits (the data's own delay, late trades). */
  closeSettleMs: number;
  /** When the last run started (null: never). */
  lastRunAt: () => number | null;
  /** One run; never rejects. */
  run: () => Promise<unknown>;
}

export interface MarketSchedule {
  /** Runs once now, then on the schedule. */
  start(): void;
  /** No further run is scheduled (one in progress is the caller's to wait for). */
  stop(): void;
  readonly running: boolean;
}

export function createMarketSchedule(o: MarketScheduleOptions): MarketSchedule {
  let running = false;
  let timer: unknown = null;

  /** Whether the closing snapshot of the last session is still to be taken. */
  function closingRunDue(at: number): { due: boolean; at: number } {
    const last = sessionOf(lastClosedSession(at));
    if (last === null) return { due: false, at: 0 };
    const settleAt = last.close + o.closeSettleMs;
    const lastRunAt = o.lastRunAt();
    return { due: lastRunAt === null || lastRunAt < settleAt, at: settleAt };
  }

  function scheduleNext(): void {
    if (!running) return;
    const at = o.now();
    let wait: number;
    if (isMarketOpen(at)) {
      wait = o.intervalMs;
    } else {
      const closing = closingRunDue(at);
      const targets = [nextSession(at).open];
      if (closing.due) targets.push(closing.at);
      wait = Math.min(...targets) - at;
    }
    wait = Math.min(MAX_TIMER_MS, Math.max(1000, wait));
    timer = o.timers.setTimeout(() => {
      timer = null;
      void tick();
    }, wait);
  }

  async function tick(): Promise<void> {
    if (!running) return;
    const at = o.now();
    const closing = closingRunDue(at);
    if (isMarketOpen(at) || (closing.due && at >= closing.at)) await o.run();
    scheduleNext();
  }

  return {
    get running() {
      return running;
    },
    start(): void {
      if (running) return;
      running = true;
      void o.run().then(() => scheduleNext());
    },
    stop(): void {
      running = false;
      if (timer !== null) o.timers.clearTimeout(timer);
      timer = null;
    },
  };
}

export interface CollectorRunsOptions<R> extends Omit<MarketScheduleOptions, 'run'> {
  /** One run; `signal` is the one stop() aborts (a new one for the runs after a stop). */
  run: (signal: AbortSignal) => Promise<R>;
  /** What a run that threw unexpectedly (a full disk...) reports instead: refresh() never rejects. */
  failed: (error: unknown) => R;
}

export interface CollectorRuns<R> {
  /** Runs now; during a run, returns that run. Never rejects. */
  refresh(): Promise<R>;
  /** Runs once now, then on the market schedule. */
  start(): void;
  /** Stops the schedule, aborts the run in progress with `reason` and waits for it. */
  stop(reason: Error): Promise<void>;
  readonly running: boolean;
}

/** A collector's runs: one at a time, abortable, on the market schedule. */
export function createCollectorRuns<R>(o: CollectorRunsOptions<R>): CollectorRuns<R> {
  let controller = new AbortController();
  let inflight: Promise<R> | null = null;

  function refresh(): Promise<R> {
    if (inflight) return inflight;
    if (controller.signal.aborted) controller = new AbortController();
    const current = o.run(controller.signal).catch(o.failed);
    inflight = current.finally(() => {
      inflight = null;
    });
    return inflight;
  }

  const schedule = createMarketSchedule({ ...o, run: refresh });
  return {
    refresh,
    start: () => schedule.start(),
    async stop(reason: Error): Promise<void> {
      schedule.stop();
      controller.abort(reason);
      if (inflight) await inflight;
    },
    get running() {
      return schedule.running;
    },
  };
}
