// A refused settings save loses nothing: what was saved stays saved, section by section and
// across sections (a valid webhook once vanished after an invalid one blocked the save).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import type { Webhook } from '../../../../src/core/settings/schema.ts';
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

const valid: Webhook = {
  id: 'discord',
  url: 'https://discord.example/hook',
  preset: 'discord',
  enabled: true,
  digestMinutes: 0,
  headers: [],
  bodyTemplate: null,
};
const invalid: Webhook = {
  id: 'ops',
  url: 'hooks.example.com',
  preset: 'generic',
  enabled: true,
  digestMinutes: 0,
  headers: [],
  bodyTemplate: null,
};

function reopen(): Store {
  store.close();
  store = openDatabase(tmp.file('settings.db'));
  return store;
}

describe('a refused settings save', () => {
  it.each([
    ['an invalid webhook next to the saved one', { notifications: { webhooks: [valid, invalid] } }],
    ['a valid section with an invalid one', { retentionDays: 30, notifications: { webhooks: [invalid] } }],
    ['retention below the minimum', { retentionDays: 0, quietHours: { enabled: true } }],
  ])('%s stores nothing, and the saved webhook survives a restart', (_, patch) => {
    store.settings.updateSettings({ notifications: { webhooks: [valid] }, retentionDays: 90 });
    expect(() => store.settings.updateSettings(patch)).toThrow();
    const after = reopen().settings.getSettings();
    expect(after.notifications.webhooks).toEqual([valid]);
    expect(after.retentionDays).toBe(90);
    expect(after.quietHours.enabled).toBe(false);
  });

  it('a valid save after a refused one keeps both webhooks', () => {
    store.settings.updateSettings({ notifications: { webhooks: [valid] } });
    expect(() => store.settings.updateSettings({ notifications: { webhooks: [valid, invalid] } })).toThrow();
    const fixed = { ...invalid, url: 'https://hooks.example.com' };
    store.settings.updateSettings({ notifications: { webhooks: [valid, fixed] } });
    expect(reopen().settings.getSettings().notifications.webhooks).toEqual([valid, fixed]);
  });
});
