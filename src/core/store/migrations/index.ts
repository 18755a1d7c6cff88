// The ordered list of schema steps and the runner. A database records its schema version in
// PRAGMA user_version; each step and its version bump commit together or not at all.
import type Database from 'better-sqlite3';
import { DatabaseTooNewError } from '../errors.ts';
import { initial } from './001-initial.ts';
import { pollRuns } from './002-poll-runs.ts';
import { metricDaily } from './003-metric-daily.ts';
import { payloadCompaction } from './004-payload-compaction.ts';
import { snapshotSource } from './005-snapshot-source.ts';
import { savedViews } from './006-saved-views.ts';
import { deliveryDigests } from './007-delivery-digests.ts';
import { sourceEverywhere } from './008-source-everywhere.ts';
import { screenerMembership } from './009-screener-membership.ts';
import { dailyClosePreference } from './010-daily-close-preference.ts';
import { thinning } from './011-thinning.ts';
import { snapshotLevels } from './012-snapshot-levels.ts';
import type { Migration } from './migration.ts';

export { APPLICATION_ID, type Migration } from './migration.ts';

export const migrations: readonly Migration[] = [
  initial,
  pollRuns,
  metricDaily,
  payloadCompaction,
  snapshotSource,
  savedViews,
  deliveryDigests,
  sourceEverywhere,
  screenerMembership,
  dailyClosePreference,
  thinning,
  snapshotLevels,
];

export const CURRENT_SCHEMA_VERSION = migrations.length;

export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

export interface MigrationReport {
  from: number;
  to: number;
  applied: string[];
}

/**
 * Brings a database up to `target` (default: the newest schema this build knows). A database
 * already past what this build knows is refused, never touched. `steps` is for tests of the
 * runner itself.
 */
export function migrate(
  db: Database.Database,
  target = CURRENT_SCHEMA_VERSION,
  steps: readonly Migration[] = migrations,
): MigrationReport {
  const from = schemaVersion(db);
  const known = steps.length;
  if (from > known) throw new DatabaseTooNewError(from, known);
  const applied: string[] = [];
  for (const migration of steps) {
    if (migration.version <= from || migration.version > target) continue;
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    })();
    applied.push(`${String(migration.version).padStart(3, '0')}-${migration.name}`);
  }
  return { from, to: schemaVersion(db), applied };
}
