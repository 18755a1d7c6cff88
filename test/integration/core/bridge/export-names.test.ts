// Two snapshot exports started in the same second, both large enough to go to a file (they once
// shared one file name): each answer names its own file and each file holds its own export, on a
// real SQLite store and the real export handlers.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { EventHub } from '../../../../src/core/events/event-hub.ts';
import { exportHandlers } from '../../../../src/core/bridge/handlers/export.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import type { AlertRuleBody } from '../../../../src/shared/alert-rules.ts';
import { defaultSettings } from '../../../../src/shared/bridge/settings.ts';
import { marketStructurePayload, tempDir } from '../../../support/store-factory.ts';

let ctx: { store: Store<AlertRuleBody>; dir: string; cleanup: () => void };
beforeEach(() => {
  const tmp = tempDir();
  const store = openDatabase<AlertRuleBody>(tmp.file('gammawatch.db'));
  ctx = {
    store,
    dir: tmp.dir,
    cleanup: () => {
      store.close();
      tmp.cleanup();
    },
  };
  ctx.store.useSource('simulator:1:real');
  for (const [i, ticker] of ['SPY', 'SPY', 'QQQ', 'QQQ', 'QQQ'].entries())
    ctx.store.snapshots.ingest([
      {
        endpoint: 'market_structure',
        ticker,
        params: {},
        asof: Date.UTC(2025, 0, 2, 15, i),
        data: marketStructurePayload(i + 1, ticker),
      },
    ]);
});
afterEach(() => ctx.cleanup());

it('gives exports started in the same second files of their own', async () => {
  const wallNow = Date.UTC(2026, 10, 29, 3, 40, 12);
  const handlers = exportHandlers(
    {
      store: ctx.store,
      dataDir: ctx.dir,
      events: new EventHub(),
      marketNow: () => wallNow,
      wallNow: () => wallNow,
      settings: () => defaultSettings,
    },
    { inlineBytes: 64 },
  );
  const [spy, qqq] = await Promise.all([
    handlers['export:snapshots']({ format: 'json', ticker: 'SPY' }),
    handlers['export:snapshots']({ format: 'json', ticker: 'SPY', endpoint: 'market_structure' }),
  ]);
  const again = await handlers['export:snapshots']({ format: 'json', ticker: 'QQQ' });
  for (const out of [spy, qqq, again]) expect('path' in out, out.name).toBe(true);
  const paths = [spy, qqq, again].map((o) => ('path' in o ? o.path : ''));
  expect(new Set([spy.name, qqq.name, again.name]).size).toBe(3);
  expect(new Set(paths).size).toBe(3);
  expect(spy.name).toBe('gammawatch-snapshots-SPY-2026-11-29-03-40-12.json');
  expect(qqq.name).toBe('gammawatch-snapshots-SPY-2026-11-29-03-40-12-2.json');
  // Each file is its own export, whole.
  const read = (p: string) => JSON.parse(fs.readFileSync(p, 'utf8')) as { snapshots: { ticker: string }[] };
  expect(read(paths[0] as string).snapshots).toHaveLength(2);
  expect(read(paths[1] as string).snapshots).toHaveLength(2);
  expect(read(paths[2] as string).snapshots.map((s) => s.ticker)).toEqual(['QQQ', 'QQQ', 'QQQ']);
  for (const p of paths) expect(path.dirname(p)).toBe(path.join(ctx.dir, 'exports'));
});
