// backup:list and backup:import over a real app, and rules:create refusing an unknown webhook:
// through the same validating dispatch the transports use.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../../src/core/bridge/dispatch.ts';
import { at, startWatcher, tempDataDir, type TestWatcher } from '../../../support/watcher-factory.ts';

describe('backup import and rule webhooks over the bridge', () => {
  const tmp = tempDataDir('gw-backup-import-');
  let w: TestWatcher;

  beforeAll(async () => {
    w = await startWatcher({ dataDir: tmp.dir, start: at('2025-03-10', '11:00') });
  }, 60_000);

  afterAll(async () => {
    await w.app.stop();
    tmp.cleanup();
  });

  it(
    'imports a backup after a safety backup; refuses names with folders and foreign files',
    { timeout: 90_000 },
    async () => {
      await w.invoke('watchlists:create', { name: 'Before', tickers: ['SPY'] });
      const backup = await w.invoke('backup:create');
      await w.invoke('watchlists:create', { name: 'After backup', tickers: ['QQQ'] });
      const name = path.basename(backup.path);
      const listed = await w.invoke('backup:list');
      expect(listed.backups.map((b) => b.name)).toContain(name);

      expect(await dispatch(w.handlers, 'backup:import', { name: '../gammawatch.db' })).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
      fs.writeFileSync(path.join(listed.folder, 'foreign.db'), 'not a database at all, just text');
      const foreign = await dispatch(w.handlers, 'backup:import', { name: 'foreign.db' });
      expect(foreign).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      expect((await w.invoke('watchlists:list')).map((l) => l.name)).toContain('After backup');

      const report = await w.invoke('backup:import', { name });
      expect(fs.existsSync(report.safetyBackup)).toBe(true);
      const names = (await w.invoke('watchlists:list')).map((l) => l.name);
      expect(names).toContain('Before');
      expect(names).not.toContain('After backup');
    },
  );

  it('refuses a rule naming a webhook that settings do not have', async () => {
    const result = await dispatch(w.handlers, 'rules:create', {
      name: 'Hooked',
      condition: { kind: 'regime_change' },
      scope: { kind: 'all' },
      channels: { webhookIds: ['x'.repeat(100_000)] },
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});
