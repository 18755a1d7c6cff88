import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../../src/core/settings/schema.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import { StoreError } from '../../../../src/core/store/errors.ts';
import { tempDir } from '../../../support/store-factory.ts';

let tmp: ReturnType<typeof tempDir>;
let store: Store;
beforeEach(() => {
  tmp = tempDir();
  store = openDatabase(tmp.file('settings.db'));
});
afterEach(() => {
  if (store.isOpen) store.close();
  tmp.cleanup();
});

function failure(fn: () => unknown): StoreError {
  try {
    fn();
  } catch (error) {
    if (error instanceof StoreError) return error;
  }
  throw new Error('expected a StoreError');
}

describe('settings', () => {
  it('a new database has the defaults', () => {
    expect(store.settings.getSettings()).toEqual(defaultSettings);
    expect(store.settings.problems()).toEqual([]);
  });

  it('what getSettings returns can be changed without changing the defaults', () => {
    const s = store.settings.getSettings();
    s.screeners.enabled.pop();
    expect(store.settings.getSettings().screeners.enabled).toHaveLength(5);
  });

  it('an update merges, validates, persists, and leaves other sections alone', () => {
    const next = store.settings.updateSettings({
      theme: 'dark',
      schedules: { signals: '*/2 * * * *' },
      notifications: {
        webhooks: [
          {
            id: 'ops',
            url: 'https://ntfy.sh/gw',
            preset: 'ntfy',
            enabled: true,
            digestMinutes: 0,
            headers: [],
            bodyTemplate: null,
          },
        ],
      },
    });
    expect(next.schedules).toEqual({ ...defaultSettings.schedules, signals: '*/2 * * * *' });
    expect(next.notifications).toEqual({
      ...defaultSettings.notifications,
      webhooks: [
        {
          id: 'ops',
          url: 'https://ntfy.sh/gw',
          preset: 'ntfy',
          enabled: true,
          digestMinutes: 0,
          headers: [],
          bodyTemplate: null,
        },
      ],
    });
    store.close();
    store = openDatabase(tmp.file('settings.db'));
    expect(store.settings.getSettings()).toEqual(next);
    expect(store.settings.getSettings().quietHours).toEqual(defaultSettings.quietHours);
  });

  it('switching the data source kind replaces it rather than mixing fields', () => {
    const next = store.settings.updateSettings({
      dataSource: { kind: 'remote', baseUrl: 'https://api.example.com/api/v2', demo: true },
    });
    expect(next.dataSource).toEqual({
      kind: 'remote',
      baseUrl: 'https://api.example.com/api/v2',
      demo: true,
    });
    const back = store.settings.updateSettings({ dataSource: { kind: 'local', seed: 7, clock: 'fast' } });
    expect(back.dataSource).toEqual({ kind: 'local', seed: 7, clock: 'fast' });
  });

  it.each([
    ['a bad cron expression', { schedules: { curves: 'every half hour' } }, /schedules\.curves/],
    ['a minute of 60', { schedules: { signals: '60 * * * *' } }, /cron/],
    ['an unknown section', { colour: 'red' }, /colour/],
    ['an unknown theme', { theme: 'neon' }, /theme/],
    ['a remote source without a URL', { dataSource: { kind: 'remote', demo: true } }, /baseUrl/],
    ['retention of zero days', { retentionDays: 0 }, /retentionDays/],
    [
      'thinning that ends before it starts',
      { retention: { fullDays: 60, quarterHourDays: 30 } },
      /quarterHourDays/,
    ],
  ])('refuses %s and keeps what was there', (_name, patch, message) => {
    const error = failure(() => store.settings.updateSettings(patch as never));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toMatch(message);
    expect(store.settings.getSettings()).toEqual(defaultSettings);
  });

  it('reset returns a section, or everything, to defaults', () => {
    store.settings.updateSettings({ theme: 'light', retentionDays: 30 });
    expect(store.settings.resetSettings('theme')).toMatchObject({ theme: 'system', retentionDays: 30 });
    expect(store.settings.resetSettings()).toEqual(defaultSettings);
  });

  it('a stored section that no longer validates falls back to its defaults and is reported', () => {
    store.settings.updateSettings({ theme: 'dark', schedules: { signals: '*/3 * * * *' } });
    store.close();
    const db = new Database(tmp.file('settings.db'));
    db.prepare('UPDATE settings SET value = \'{"signals":"whenever"}\' WHERE key = \'schedules\'').run();
    db.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('polling', 'not json', 0)").run();
    db.close();
    store = openDatabase(tmp.file('settings.db'));
    const s = store.settings.getSettings();
    expect(s.theme).toBe('dark');
    expect(s.schedules).toEqual(defaultSettings.schedules);
    expect(s.polling).toEqual(defaultSettings.polling);
    expect(
      store.settings
        .problems()
        .map((p) => p.section)
        .sort(),
    ).toEqual(['polling', 'schedules']);
  });

  it('settings stored before thinning existed keep their retentionDays and read the thinning defaults', () => {
    store.close();
    const db = new Database(tmp.file('settings.db'));
    // As the previous version wrote them: retentionDays, and no retention section.
    db.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('retentionDays', '90', 0)").run();
    db.close();
    store = openDatabase(tmp.file('settings.db'));
    const s = store.settings.getSettings();
    expect(s.retentionDays).toBe(90);
    expect(s.retention).toEqual({ fullDays: 30, quarterHourDays: 180 });
    expect(store.settings.problems()).toEqual([]);
  });

  it('webhooks stored before headers and body templates existed read as they were, with neither', () => {
    store.close();
    const db = new Database(tmp.file('settings.db'));
    // The row as the previous version wrote it.
    const stored = {
      desktop: true,
      desktopDigestMinutes: 0,
      telegram: null,
      email: null,
      pushover: null,
      webhooks: [
        {
          id: 'desk',
          url: 'https://hooks.example.com/gw',
          preset: 'generic',
          enabled: true,
          digestMinutes: 5,
        },
        {
          id: 'chat',
          url: 'https://discord.com/api/webhooks/1/x',
          preset: 'discord',
          enabled: false,
          digestMinutes: 0,
        },
      ],
    };
    db.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('notifications', ?, 0)").run(
      JSON.stringify(stored),
    );
    db.close();
    store = openDatabase(tmp.file('settings.db'));
    expect(store.settings.problems()).toEqual([]);
    expect(store.settings.getSettings().notifications.webhooks).toEqual(
      stored.webhooks.map((w) => ({ ...w, headers: [], bodyTemplate: null })),
    );
  });

  it('a stored section missing keys a newer version added gets their defaults', () => {
    store.close();
    const db = new Database(tmp.file('settings.db'));
    db.prepare(
      "INSERT INTO settings (key, value, updated_at) VALUES ('quietHours', '{\"enabled\":true}', 0)",
    ).run();
    db.close();
    store = openDatabase(tmp.file('settings.db'));
    expect(store.settings.getSettings().quietHours).toEqual({ ...defaultSettings.quietHours, enabled: true });
  });
});
