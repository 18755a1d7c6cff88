// Small facts about the app itself (onboarding done, which data source the stored snapshots come
// from), kept apart from the settings schema: rows of the key/value settings table under a `flag:`
// prefix, which the settings repository does not read (it reads only its own sections' keys).
import type Database from 'better-sqlite3';
import { z } from 'zod';
import type { EpochMs } from '../time.ts';

export const APP_FLAGS = ['onboarded'] as const;
export type AppFlag = (typeof APP_FLAGS)[number];

/**
 * Where the current data source's snapshots begin: alerts compare a new snapshot only with
 * snapshots stored after `afterSnapshotId`, so the first ones of a new source are not read as
 * transitions from the previous source's (a simulated TSLA is not a real TSLA "changing regime").
 */
export const sourceBaselineSchema = z.object({
  /** The data source's identity (see src/core/source/option.ts, sourceIdOf). */
  source: z.string().min(1),
  afterSnapshotId: z.number().int().min(0),
});
export type SourceBaseline = z.infer<typeof sourceBaselineSchema>;

export interface AppFlagRepository {
  /** Whether the flag is set; undefined when it was never written (an older database). */
  get(flag: AppFlag): boolean | undefined;
  set(flag: AppFlag, value: boolean): void;
  /** The stored source baseline; null when never written or unreadable. */
  sourceBaseline(): SourceBaseline | null;
  setSourceBaseline(baseline: SourceBaseline): void;
}

export function createAppFlagRepository(db: Database.Database, now: () => EpochMs): AppFlagRepository {
  const q = {
    get: db.prepare('SELECT value FROM settings WHERE key = ?'),
    put: db.prepare(
      'INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
    ),
  };
  const key = (flag: AppFlag): string => `flag:${flag}`;
  const BASELINE_KEY = 'flag:sourceBaseline';
  return {
    get(flag) {
      const row = q.get.get(key(flag)) as { value: string } | undefined;
      return row === undefined ? undefined : row.value === 'true';
    },
    set(flag, value) {
      q.put.run(key(flag), value ? 'true' : 'false', now());
    },
    sourceBaseline() {
      const row = q.get.get(BASELINE_KEY) as { value: string } | undefined;
      if (row === undefined) return null;
      try {
        const parsed = sourceBaselineSchema.safeParse(JSON.parse(row.value));
        return parsed.success ? parsed.data : null;
      } catch {
        return null; // unreadable: the next switch writes a fresh one
      }
    },
    setSourceBaseline(baseline) {
      q.put.run(BASELINE_KEY, JSON.stringify(sourceBaselineSchema.parse(baseline)), now());
    },
  };
}
