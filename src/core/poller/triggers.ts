// What turns schedules into ticks. Two sources, one contract: each tick names a job, the market
// time it fired at, and how many further ticks it stands for (missed while the machine slept or
// the process paused), because missed ticks run once, not as a stampede.
//
// - cronTrigger: node-cron tasks in America/New_York on the wall clock, for a real-time market,
//   plus a heartbeat that notices wall-clock jumps (sleep, a stopped debugger) and folds the
//   ticks that were skipped into one.
// - marketClockTrigger: for an accelerated or manual market clock, where wall-clock cron would be
//   meaningless: it samples the market clock and fires each job once per sample in which its
//   schedule matched at least one market minute.
import { schedule, type ScheduledTask } from 'node-cron';
import { cronMatcher, firesBetween, NEW_YORK, type CronMatcher } from './cron-match.ts';
import { realTimers, type Timers } from '../lib/timers.ts';

export interface Tick<J extends string = string> {
  job: J;
  /** Market time of the tick, epoch ms. */
  at: number;
  /** Further ticks folded into this one. */
  missed: number;
}

export interface Trigger {
  start(): void;
  stop(): void;
}

export interface TriggerOptions<J extends string> {
  schedules: Readonly<Record<J, string>>;
  onTick: (tick: Tick<J>) => void;
  timers?: Timers;
}

function matchers<J extends string>(schedules: Readonly<Record<J, string>>): [J, CronMatcher][] {
  return (Object.entries(schedules) as [J, string][]).map(([job, expr]) => [job, cronMatcher(expr)]);
}

/** A repeating timer on injectable timers. */
function every(timers: Timers, ms: number, fn: () => void): () => void {
  let cancel = (): void => undefined;
  let stopped = false;
  const arm = (): void => {
    cancel = timers.setTimeout(() => {
      if (stopped) return;
      fn();
      arm();
    }, ms);
  };
  arm();
  return () => {
    stopped = true;
    cancel();
  };
}

export function cronTrigger<J extends string>(
  options: TriggerOptions<J> & { heartbeatMs?: number; jumpToleranceMs?: number },
): Trigger {
  const timers = options.timers ?? realTimers;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const tolerance = options.jumpToleranceMs ?? 60_000;
  const jobs = matchers(options.schedules);
  let tasks: ScheduledTask[] = [];
  let stopHeartbeat: (() => void) | null = null;
  const lastFired = new Map<J, number>();

  const fire = (job: J, at: number, missed: number): void => {
    lastFired.set(job, at);
    options.onTick({ job, at, missed });
  };

  return {
    start() {
      if (tasks.length > 0) return;
      tasks = jobs.map(([job, matcher]) =>
        schedule(matcher.expression, (ctx) => fire(job, ctx.date.getTime(), 0), {
          timezone: NEW_YORK,
          name: `gammawatch:${job}`,
          noOverlap: true,
        }),
      );
      let last = timers.now();
      stopHeartbeat = every(timers, heartbeatMs, () => {
        const now = timers.now();
        if (now - last > heartbeatMs + tolerance) {
          for (const [job, matcher] of jobs) {
            // A tick node-cron delivered after waking is already covered.
            const from = Math.max(last, lastFired.get(job) ?? last);
            const count = firesBetween(matcher, from, now);
            if (count > 0) fire(job, now, count - 1);
          }
        }
        last = now;
      });
    },
    stop() {
      stopHeartbeat?.();
      stopHeartbeat = null;
      for (const task of tasks) void task.destroy();
      tasks = [];
    },
  };
}

export function marketClockTrigger<J extends string>(
  options: TriggerOptions<J> & { clock: { now(): number }; sampleMs?: number },
): Trigger {
  const timers = options.timers ?? realTimers;
  const sampleMs = options.sampleMs ?? 1_000;
  const jobs = matchers(options.schedules);
  let stop: (() => void) | null = null;
  let last: number | null = null;

  const sample = (): void => {
    const now = options.clock.now();
    // A clock set backwards (a manual clock in a test) restarts the scan from there.
    if (last !== null && now > last) {
      for (const [job, matcher] of jobs) {
        const count = firesBetween(matcher, last, now);
        if (count > 0) options.onTick({ job, at: now, missed: count - 1 });
      }
    }
    last = now;
  };

  return {
    start() {
      if (stop) return;
      last = options.clock.now();
      stop = every(timers, sampleMs, sample);
    },
    stop() {
      stop?.();
      stop = null;
    },
  };
}
