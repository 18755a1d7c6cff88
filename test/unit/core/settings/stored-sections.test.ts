// Stored rows the schema no longer (or not yet) accepts, read through the settings repository (a
// real SQLite file): the removed `dataFolder` row is ignored, not a problem, and a remote source on
// an unconfirmed link-local address falls back to the default source with the reason reported.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../../src/core/settings/schema.ts';
import { openDatabase } from '../../../../src/core/store/database.ts';
import { alertRuleBodySchema } from '../../../../src/shared/alert-rules.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A database with `rows` written straight into its settings table, as an older version did. */
function databaseWith(rows: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-stored-'));
  dirs.push(dir);
  const file = path.join(dir, 'gw.db');
  openDatabase(file, { ruleSchema: alertRuleBodySchema }).close();
  const raw = new Database(file);
  const put = raw.prepare('INSERT OR REPLACE INTO settings (key, value, updated_at) VALUES (?, ?, ?)');
  for (const [key, value] of Object.entries(rows)) put.run(key, JSON.stringify(value), 1);
  raw.close();
  return file;
}

describe('a stored dataFolder (a setting that was never read)', () => {
  it.each<[string, unknown]>([
    ['a folder', '/srv/gammawatch'],
    ['null', null],
  ])('%s: ignored, the rest reads, and saving still works', (_name, value) => {
    const store = openDatabase(databaseWith({ dataFolder: value, theme: 'dark' }), {
      ruleSchema: alertRuleBodySchema,
    });
    try {
      expect(store.settings.getSettings()).toEqual({ ...defaultSettings, theme: 'dark' });
      expect(store.settings.problems()).toEqual([]);
      expect(store.settings.updateSettings({ retentionDays: 30 }).retentionDays).toBe(30);
      expect(store.settings.getSettings()).not.toHaveProperty('dataFolder');
    } finally {
      store.close();
    }
  });
});

describe('a stored remote source on a link-local address', () => {
  it('unconfirmed: the default source, and the reason among the problems', () => {
    const store = openDatabase(
      databaseWith({ dataSource: { kind: 'remote', baseUrl: 'http://169.254.169.254/api/v2', demo: true } }),
      { ruleSchema: alertRuleBodySchema },
    );
    try {
      expect(store.settings.getSettings().dataSource).toEqual(defaultSettings.dataSource);
      expect(store.settings.problems()).toEqual([
        {
          section: 'dataSource',
          error: expect.stringContaining('169.254.169.254 is a link-local address') as unknown,
        },
      ]);
    } finally {
      store.close();
    }
  });

  it('confirmed: read as stored', () => {
    const source = {
      kind: 'remote',
      baseUrl: 'http://169.254.169.254/api/v2',
      demo: true,
      confirmLinkLocal: true,
    };
    const store = openDatabase(databaseWith({ dataSource: source }), { ruleSchema: alertRuleBodySchema });
    try {
      expect(store.settings.getSettings().dataSource).toEqual(source);
      expect(store.settings.problems()).toEqual([]);
    } finally {
      store.close();
    }
  });
});
