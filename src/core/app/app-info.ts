// What the header and `app:info` show of the running app: its version, the data source in use
// (label, badge, problems, simulated or not), the market clock and session, and whether this is
// a first run.
import type { AlertRuleBody } from '../../shared/alert-rules.ts';
import type { AppInfo } from '../../shared/bridge/app-info.ts';
import { isMarketOpen, nextSession } from '../../shared/market-calendar.ts';
import { iso } from '../queries/snapshot-meta.ts';
import { MAX_PROBLEMS } from '../source/badge.ts';
import type { Connection } from '../source/connect.ts';
import type { ImportProgress } from '../source/folder-history.ts';
import type { Store } from '../store/database.ts';

/** The source's delay, when it has one (absent otherwise). */
function delayOf(minutes: number | null): { delayedMinutes?: number } {
  return minutes === null ? {} : { delayedMinutes: minutes };
}

/** The first problems (what every app:info carries) and how many there are in all. */
export function problemsOf(lines: readonly string[]): { problems: string[]; problemCount: number } {
  return { problems: lines.slice(0, MAX_PROBLEMS), problemCount: lines.length };
}

/** An import's progress in twentieths: the header's bar moves, app:changed is not sent per file. */
export function importingOf(p: ImportProgress | null): { done: number; total: number } | null {
  if (p === null || !p.running) return null;
  const step = Math.max(1, Math.ceil(p.total / 20));
  return { done: Math.min(p.total, Math.floor(p.done / step) * step), total: p.total };
}

export function appInfoOf(
  c: Connection,
  app: { version: string; dataDir: string; logFile: string | null; store: Store<AlertRuleBody> },
): AppInfo {
  const now = c.marketClock.now();
  const session = nextSession(now);
  return {
    version: app.version,
    dataSource: {
      kind: c.kind,
      label: c.label,
      baseUrl: c.baseUrl,
      badge: c.badge(),
      ...problemsOf(c.problems()),
      ...delayOf(c.delayedMinutes()),
      importing: importingOf(c.importProgress()),
    },
    simulated: c.simulated(),
    clock: c.clockMode,
    now: iso(now),
    // A clock of one's own (tests) says no rate: it moves at the wall's pace unless it runs ahead.
    clockRate: c.marketClock.rate ?? (c.clockMode === 'real' ? 1 : 0),
    market: {
      open: isMarketOpen(now),
      sessionOpen: iso(session.open),
      sessionClose: iso(session.close),
      earlyClose: session.earlyClose,
    },
    // Set by app:completeOnboarding; a database from before the flag counts as onboarded once it has a list.
    firstRun: !(app.store.flags.get('onboarded') ?? app.store.watchlists.list().length > 0),
    dataDir: app.dataDir,
    logFile: app.logFile,
  };
}
