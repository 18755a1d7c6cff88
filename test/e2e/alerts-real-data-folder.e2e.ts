// Alerts on real data, from a chain folder: the folder holds the real Cboe TSLA chain; with the two
// rules set, the next session's download lands in the folder (imported by the folder watcher), and
// both alerts must reach the desktop and the alerts list at once, the open ticker page moving with
// it. The scenario itself: support/real-data-alerts.ts.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CBOE_SAMPLE,
  createRules,
  desktopTest as test,
  expectBothAlerts,
  nextSessionFile,
  watchFirstSnapshot,
  withoutDesktop,
} from './support/real-data-alerts.ts';

// Its own app, on its own desktop.
test.use({ appLabel: 'alerts-real-data-folder' });
test.skip(...withoutDesktop);

let folder = '';
test.beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'gammawatch-e2e-alerts-'));
  copyFileSync(CBOE_SAMPLE, join(folder, 'tsla_quotedata.csv'));
});
test.afterAll(() => rmSync(folder, { recursive: true, force: true }));

test('a new chain file crossing both rules: desktop notifications, alerts list, live ticker page', async ({
  gw,
  app,
  desktop,
}) => {
  await watchFirstSnapshot(gw, app, { kind: 'chains', dir: folder, clock: 'data' });
  await createRules(gw, app, 'folder');
  // The next session's download lands in the folder, named as a browser names a second one.
  await expectBothAlerts(gw, app, desktop, 'folder', async () => {
    writeFileSync(join(folder, 'tsla_quotedata (1).csv'), nextSessionFile());
  });
});
