// Small facts about the app itself (onboarding done), kept apart from the settings schema: rows
// of the key/value settings table under a `flag:` prefix, which the settings repository does not
// read (it reads only its own sections' keys).
import type Database from 'better-sqlite3';
import type { EpochMs } from '../time.ts';

export const APP_FLAGS = ['onboarded'] as const;
export type AppFlag = (typeof APP_FLAGS)[number];

export interface AppFlagRepository {
  /** Whether the flag is set; undefined when it was never written (an older database). */
  get(flag: AppFlag): boolean | undefined;
  set(flag: AppFlag, value: boolean): void;
}

export function createAppFlagRepository(db: Database.Database, now: () => EpochMs): AppFlagRepository {
  const q = {
    get: db.prepare('SELECT value FROM settings WHERE key = ?'),
    put: db.prepare(
      'INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
    ),
  };
  const key = (flag: AppFlag): string => `flag:${flag}`;
  return {
    get(flag) {
      const row = q.get.get(key(flag)) as { value: string } | undefined;
      return row === undefined ? undefined : row.value === 'true';
    },
    set(flag, value) {
      q.put.run(key(flag), value ? 'true' : 'false', now());
    },
  };
}
