// The poll status panel: per job its schedule, whether it runs now, its last run and next tick;
// the recent runs; and the last 24 hours in aggregate (conditional-request savings, errors). Built
// here from what the app knows, answered on `poll:status` requests and published as the
// `poll:status` event (app/status-publisher.ts).
import type { AlertRuleBody } from '../../shared/alert-rules.ts';
import { POLL_JOBS, type PollJob } from '../../shared/bridge/settings.ts';
import type { PollRun as BridgePollRun, PollStatus } from '../../shared/bridge/poll.ts';
import type { Poller } from '../poller/poller.ts';
import type { Settings } from '../settings/schema.ts';
import type { Store } from '../store/database.ts';
import type { PollRun } from '../store/repositories/poll-runs.ts';
import { iso } from './snapshot-meta.ts';

export interface PollStatusDeps {
  store: Store<unknown>;
  schedules: Readonly<Record<PollJob, string>>;
  /** When a schedule next runs, on the wall clock (the poller knows which clock fires it). */
  nextRunAt(schedule: string): number | null;
  running: readonly PollJob[];
  paused: boolean;
  marketClosedSkip: boolean;
  wallNow: number;
}

const isJob = (job: string): job is PollJob => (POLL_JOBS as readonly string[]).includes(job);

function firstError(run: PollRun): string | null {
  const detail = run.detail;
  if (detail && typeof detail === 'object' && !Array.isArray(detail)) {
    const errors = detail['errors'];
    if (Array.isArray(errors) && typeof errors[0] === 'string') return errors[0];
  }
  return run.errors > 0 ? `${run.errors} request(s) failed` : null;
}

/** The run's first note (a capped Retry-After…), from its stored detail. */
function firstNote(run: PollRun): string | null {
  const detail = run.detail;
  if (detail && typeof detail === 'object' && !Array.isArray(detail)) {
    const notes = detail['notes'];
    if (Array.isArray(notes) && typeof notes[0] === 'string') return notes[0];
  }
  return null;
}

export function toBridgeRun(run: PollRun): BridgePollRun | null {
  if (!isJob(run.job)) return null;
  return {
    id: run.id,
    job: run.job,
    startedAt: iso(run.startedAt),
    finishedAt: run.finishedAt === null ? null : iso(run.finishedAt),
    requests: run.requests,
    notModified: run.notModified,
    bytes: run.bytes,
    errors: run.errors,
    durationMs: run.durationMs,
    error: firstError(run),
    note: firstNote(run),
  };
}

export function pollStatus(deps: PollStatusDeps): PollStatus {
  const { store } = deps;
  const recent = store.pollRuns.recent({ limit: 50 });
  const runs = recent.map(toBridgeRun).filter((r): r is BridgePollRun => r !== null);
  const jobs = POLL_JOBS.map((job) => {
    const last = store.pollRuns.recent({ job, limit: 1 })[0];
    const next = deps.nextRunAt(deps.schedules[job]);
    return {
      job,
      schedule: deps.schedules[job],
      running: deps.running.includes(job),
      lastRun: last ? toBridgeRun(last) : null,
      nextRunAt: next === null ? null : iso(next),
    };
  });
  const agg = store.pollRuns.aggregate({ from: deps.wallNow - 24 * 3600_000 });
  const failed = runs.find((r) => r.errors > 0 && r.finishedAt !== null);
  const succeeded = runs.find((r) => r.errors === 0 && r.finishedAt !== null);
  const latestFinished = runs.find((r) => r.finishedAt !== null);
  // Offline: the latest run reached nothing at all.
  const offline =
    latestFinished !== undefined &&
    latestFinished.requests > 0 &&
    latestFinished.errors >= latestFinished.requests;
  const state = deps.paused
    ? 'paused'
    : deps.running.length > 0
      ? 'running'
      : offline
        ? 'offline'
        : latestFinished && latestFinished.errors > 0
          ? 'error'
          : 'idle';
  return {
    state,
    paused: deps.paused,
    marketClosedSkip: deps.marketClosedSkip,
    jobs,
    recentRuns: runs.slice(0, 20),
    window: {
      runs: agg.runs,
      requests: agg.requests,
      notModified: agg.notModified,
      notModifiedShare: Math.min(1, Math.max(0, agg.notModifiedShare)),
      errors: agg.errors,
      bytes: agg.bytes,
    },
    lastError: failed
      ? { at: failed.finishedAt ?? failed.startedAt, job: failed.job, message: failed.error ?? 'failed' }
      : null,
    lastSuccessAt: succeeded?.finishedAt ?? null,
  };
}

/** What the status reads (the App has all of it). */
export interface PollStatusSources {
  readonly store: Store<AlertRuleBody>;
  settings(): Settings;
  readonly poller: Pick<Poller, 'runningJobs' | 'paused' | 'marketClosedSkip' | 'nextRunAt'>;
  wallNow(): number;
  /** The source's own fetching (a collector): its last problem, or null. */
  sourceFetchProblem?(): string | null;
}

/** The poll status as it is now, from what the app knows. */
export function currentPollStatus(s: PollStatusSources): PollStatus {
  const { poller } = s;
  const problem = s.sourceFetchProblem?.() ?? null;
  const status = pollStatus({
    store: s.store,
    schedules: s.settings().schedules,
    running: poller.runningJobs(),
    paused: poller.paused,
    marketClosedSkip: poller.marketClosedSkip,
    nextRunAt: (schedule) => poller.nextRunAt(schedule),
    wallNow: s.wallNow(),
  });
  return problem === null ? status : { ...status, source: problem };
}
