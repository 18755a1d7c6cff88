// Stored data-source rows of older versions read as today's shapes, through the settings
// repository's read (a real SQLite file), not just the pure function.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { alertRuleBodySchema } from '../../../../src/shared/alert-rules.ts';
import { upgradeStoredSection } from '../../../../src/core/settings/legacy.ts';
import { openDatabase } from '../../../../src/core/store/database.ts';

describe('upgradeStoredSection', () => {
  it.each([
    [
      'the simulator with a chain folder becomes the chain folder on the data clock',
      { kind: 'local', seed: 7, clock: 'fast', chainsDir: '/data/chains' },
      { kind: 'chains', dir: '/data/chains', clock: 'data' },
    ],
    [
      'an empty chain folder is the simulator as it was',
      { kind: 'local', seed: 7, clock: 'fast', chainsDir: '  ' },
      { kind: 'local', seed: 7, clock: 'fast' },
    ],
    [
      'a null chain folder is the simulator as it was',
      { kind: 'local', seed: 7, clock: 'real', chainsDir: null },
      { kind: 'local', seed: 7, clock: 'real' },
    ],
    ['today’s simulator is left alone', { kind: 'local', seed: 1, clock: 'real' }, null],
    ['a chain folder is left alone', { kind: 'chains', dir: '/x', clock: 'real' }, null],
    ['a remote source is left alone', { kind: 'remote', baseUrl: 'https://a.example', demo: true }, null],
    ['not an object', 'garbage', null],
  ])('%s', (_name, stored, expected) => {
    expect(upgradeStoredSection('dataSource', stored)).toEqual(expected ?? stored);
  });

  it('touches no other section', () => {
    const row = { kind: 'local', chainsDir: '/x' };
    expect(upgradeStoredSection('polling', row)).toBe(row);
  });
});

describe('an old database row, read by the settings repository', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it('reads local+chainsDir as the chain folder, and a later change within the kind merges', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-legacy-'));
    dirs.push(dir);
    const file = path.join(dir, 'gw.db');
    openDatabase(file, { ruleSchema: alertRuleBodySchema }).close();
    // Written as versions before the four sources did: straight into the settings table.
    const raw = new Database(file);
    raw
      .prepare('INSERT OR REPLACE INTO settings (key, value, updated_at) VALUES (?, ?, ?)')
      .run(
        'dataSource',
        JSON.stringify({ kind: 'local', seed: 42, clock: 'real', chainsDir: '/srv/chains' }),
        0,
      );
    raw.close();

    const reopened = openDatabase(file, { ruleSchema: alertRuleBodySchema });
    try {
      expect(reopened.settings.getSettings().dataSource).toEqual({
        kind: 'chains',
        dir: '/srv/chains',
        clock: 'data',
      });
      expect(reopened.settings.problems()).toEqual([]);
      const next = reopened.settings.updateSettings({ dataSource: { kind: 'chains', clock: 'real' } });
      expect(next.dataSource).toEqual({ kind: 'chains', dir: '/srv/chains', clock: 'real' });
    } finally {
      reopened.close();
    }
  });
});
