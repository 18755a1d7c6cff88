// Settings, one row per section (see src/core/settings/schema.ts). Reading merges what is stored
// over the defaults, so a section gains new keys' defaults after an upgrade; a stored section
// that no longer validates is replaced by its defaults and reported by problems().
import type Database from 'better-sqlite3';
import { prettifyError, z } from 'zod';
import { upgradeStoredSection } from '../../settings/legacy.ts';
import { mergePatch } from '../../settings/merge.ts';
import {
  defaultSettings,
  settingsSchema,
  settingsSections,
  type Settings,
  type SettingsPatch,
  type SettingsSection,
} from '../../settings/schema.ts';
import { canonicalJson } from '../canonical-json.ts';
import type { EpochMs } from '../time.ts';
import { parseInput } from '../validate.ts';

export interface SettingsProblem {
  section: string;
  error: string;
}

export interface SettingsRepository {
  /** The settings in force: stored sections over the defaults. */
  getSettings(): Settings;
  /** Applies a partial change, validates the whole result, stores the changed sections; returns the new settings. */
  updateSettings(patch: SettingsPatch): Settings;
  /** Back to defaults: one section, or all. */
  resetSettings(section?: SettingsSection): Settings;
  /** Stored sections that could not be read and were replaced by their defaults. */
  problems(): SettingsProblem[];
}

const patchSchema = z.strictObject(
  Object.fromEntries(settingsSections.map((s) => [s, z.unknown().optional()])) as Record<
    SettingsSection,
    z.ZodOptional<z.ZodUnknown>
  >,
);

export function createSettingsRepository(db: Database.Database, now: () => EpochMs): SettingsRepository {
  const q = {
    all: db.prepare('SELECT key, value FROM settings'),
    put: db.prepare(
      'INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
    ),
    delete: db.prepare('DELETE FROM settings WHERE key = ?'),
    deleteAll: db.prepare('DELETE FROM settings'),
  };

  function read(): { settings: Settings; problems: SettingsProblem[] } {
    // A copy: callers may change what they get without changing the defaults.
    const settings: Record<string, unknown> = structuredClone(defaultSettings);
    const problems: SettingsProblem[] = [];
    for (const row of q.all.all() as { key: string; value: string }[]) {
      const section = settingsSchema.shape[row.key as SettingsSection] as z.ZodType | undefined;
      if (!section) continue; // a section a newer or older version kept; not ours to judge
      let stored: unknown;
      try {
        stored = JSON.parse(row.value);
      } catch (error) {
        problems.push({ section: row.key, error: `not JSON: ${(error as Error).message}` });
        continue;
      }
      const upgraded = upgradeStoredSection(row.key, stored);
      const result = section.safeParse(mergePatch(defaultSettings[row.key as SettingsSection], upgraded));
      if (result.success) settings[row.key] = result.data;
      else problems.push({ section: row.key, error: prettifyError(result.error) });
    }
    return { settings: settings as Settings, problems };
  }

  return {
    getSettings() {
      return read().settings;
    },

    updateSettings(patch) {
      const p = parseInput(patchSchema, patch, 'settings change');
      return db.transaction(() => {
        const current = read().settings;
        const next = parseInput(settingsSchema, mergePatch(current, p), 'settings');
        const at = now();
        for (const section of settingsSections) {
          if (p[section] === undefined) continue;
          q.put.run(section, canonicalJson(next[section]), at);
        }
        return next;
      })();
    },

    resetSettings(section) {
      if (section === undefined) q.deleteAll.run();
      else
        q.delete.run(
          parseInput(
            z.enum(settingsSections as [SettingsSection, ...SettingsSection[]]),
            section,
            'settings section',
          ),
        );
      return read().settings;
    },

    problems() {
      return read().problems;
    },
  };
}
