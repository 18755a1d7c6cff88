// Clearing a chain folder in settings. Tradier's folder for fetched chains is the
// optional one: null clears it (back to <data folder>/chains/tradier), through the bridge's patch
// schema and through the store, and it stays cleared after a reopen. A chain-folder source cannot
// be without its folder: a null or missing one gets the form's own words, not zod's type names.
import { afterEach, describe, expect, it } from 'vitest';
import type { SettingsPatch } from '../../../../src/core/settings/schema.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import { settingsPatchSchema } from '../../../../src/shared/bridge/settings.ts';
import { tempDir } from '../../../support/store-factory.ts';

const tradier = { kind: 'tradier' as const, environment: 'sandbox' as const, tickers: ['SPY', 'QQQ'] };

let tmp: ReturnType<typeof tempDir>;
let store: Store | undefined;
afterEach(() => {
  if (store?.isOpen) store.close();
  tmp?.cleanup();
});

describe('clearing the chain folder', () => {
  it.each([
    ['Tradier folder null (the default folder)', { ...tradier, dir: null }, null],
    ['Tradier folder given', { ...tradier, dir: '/data/chains' }, null],
    ['chain folder null', { kind: 'chains', dir: null, clock: 'data' }, 'choose a folder'],
    ['chain folder missing', { kind: 'chains', clock: 'data' }, 'choose a folder'],
    ['chain folder empty', { kind: 'chains', dir: '  ', clock: 'data' }, 'choose a folder'],
  ])('%s', (_name, dataSource, message) => {
    const parsed = settingsPatchSchema.safeParse({ dataSource });
    expect(parsed.success).toBe(message === null);
    if (!parsed.success) expect(parsed.error.issues.map((i) => i.message)).toEqual([message]);
  });

  it.each<[string, SettingsPatch]>([
    ['the whole section with dir null', { dataSource: { ...tradier, dir: null } }],
    ['only the folder, null', { dataSource: { kind: 'tradier', dir: null } }],
  ])('the store clears a saved Tradier folder: %s, and it stays cleared', (_name, patch) => {
    tmp = tempDir();
    store = openDatabase(tmp.file('settings.db'));
    store.settings.updateSettings({ dataSource: { ...tradier, dir: '/data/chains' } });
    expect(store.settings.updateSettings(patch).dataSource).toEqual({ ...tradier, dir: null });
    store.close();
    store = openDatabase(tmp.file('settings.db'));
    expect(store.settings.getSettings().dataSource).toEqual({ ...tradier, dir: null });
  });
});
