// The Cboe source in a real app (real SQLite file, the local service over real HTTP), against a
// stand-in of Cboe's CDN: the switch fetches the watched ticker into the folder, the header says
// the data is 15 minutes delayed and as of Cboe's own timestamp, `source:test` asks Cboe nothing,
// a later fetch that crosses a rule's level raises its alert once (no desktop needed, unlike the
// e2e), and what goes wrong later (a garbled answer, a 429) is said in the poll status and the problems,
// without stopping the app.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInfo } from '../../../../src/shared/bridge/app-info.ts';
import type { AlertEvent } from '../../../../src/shared/bridge/alerts.ts';
import { importChainFile, type ChainImport } from '../../../../src/service/market/import/index.ts';
import { CboeStandIn, cboeBodyFromChain } from '../../../support/cboe-stand-in.ts';
import { crossRule } from '../../../support/level-rule.ts';
import { at, startWatcher, tempDataDir, type TestWatcher } from '../../../support/watcher-factory.ts';
import { infoWhen as infoWhenOf } from '../../../support/info-when.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const TSLA_CSV = path.resolve(repoRoot, '../shared/fixtures/cboe/tsla_quotedata.csv');
/** The fixture's snapshot: Sunday, August 20, 2023, 10:38 PM EDT. */
const SAMPLE_ASOF = Date.parse('2023-08-21T02:38:00Z');

describe('the Cboe delayed-quotes source', () => {
  const tmp = tempDataDir('gw-cboe-source-');
  const dir = path.join(tmp.dir, 'cboe-chains');
  let w: TestWatcher;
  let cboe: CboeStandIn;
  let fixture: ChainImport;

  beforeAll(async () => {
    cboe = await CboeStandIn.start();
    fixture = await importChainFile(TSLA_CSV);
    cboe.setBody('TSLA', cboeBodyFromChain(fixture.chain));
    w = await startWatcher({
      dataDir: tmp.dir,
      start: at('2025-03-10', '11:00'),
      env: { GAMMAWATCH_CBOE_BASE_URL: cboe.origin },
      service: { warm: false },
      infoCheckMs: 100,
    });
  }, 60_000);

  afterAll(async () => {
    await w?.app.stop();
    await cboe?.close();
    tmp.cleanup();
  });

  const infoWhen = (test: (info: AppInfo) => boolean, ms: number): Promise<AppInfo> =>
    infoWhenOf(w.app, test, ms);

  it('source:test says what it does without asking Cboe', async () => {
    const result = await w.invoke('source:test', { kind: 'cboe', dir });
    expect(result.ok).toBe(true);
    expect(result.message).toMatch(
      /^Cboe delayed quotes: no account needed; .*\(15 min delayed, personal use\)$/,
    );
    expect(cboe.requests).toHaveLength(0);
  });

  it('switches to Cboe: the watched ticker is fetched, served, and shown as 15 minutes delayed', async () => {
    await w.invoke('app:completeOnboarding', { watchlistName: 'Real', tickers: ['TSLA'] });
    await w.invoke('settings:update', { dataSource: { kind: 'cboe', dir } });
    const info = await infoWhen((p) => p.dataSource.badge.endsWith('as of 22:38 ET'), 30_000);
    expect(info.dataSource.kind).toBe('cboe');
    expect(info.dataSource.label).toBe('Cboe delayed quotes (15 min delayed)');
    expect(info.dataSource.badge).toBe('Cboe · 15 min delayed · as of 22:38 ET');
    expect(info.dataSource.delayedMinutes).toBe(15);
    expect(info.simulated).toBe(false);
    expect(info.dataSource.problems).toEqual([]);
    expect(cboe.requests[0]?.path).toBe('/api/global/delayed_quotes/options/TSLA.json');
    expect((await w.invoke('poll:status')).source).toBeUndefined();
  });

  it('a later fetch that crosses a rule raises its alert once, through the one ingest', async () => {
    const rule = await w.invoke('rules:create', { name: 'TSLA crosses 220', ...crossRule('TSLA', 220) });
    // Cboe's next answer: 15 minutes later, spot above the rule's level (218.80 before).
    const next = SAMPLE_ASOF + 15 * 60_000;
    cboe.setBody('TSLA', cboeBodyFromChain(fixture.chain, { asof: next, spot: 221.5 }));
    const alerted = new Promise<AlertEvent>((resolve) => {
      const off = w.app.events.subscribe((m) => {
        if (m.event === 'alert:new') {
          off();
          resolve(m.payload);
        }
      });
    });
    await w.app.refreshNow();
    const alert = await alerted;
    expect([alert.ruleId, alert.ticker, Date.parse(alert.asof)]).toEqual([rule.id, 'TSLA', next]);
    await w.app.historySettled();
    await w.app.dispatcher.idle();
    // Once: the fetch after it finds the chain unchanged (304) and raises nothing more.
    await w.app.refreshNow();
    expect(cboe.requests.at(-1)?.status).toBe(304);
    expect(w.app.store.alertEvents.list().map((e) => e.ruleId)).toEqual([rule.id]);
  });

  it('a garbled answer, then a 429: the poll status and the problems say so, and the app keeps running', async () => {
    cboe.fail({ kind: 'garbled' });
    await w.app.refreshNow();
    expect((await w.invoke('poll:status')).source).toMatch(
      /^TSLA: Cboe's answer is not a chain \(JSON: not valid JSON/,
    );

    cboe.fail({ kind: 'status', status: 429, retryAfterSeconds: 1800 });
    await w.app.refreshNow();
    const refused = 'Cboe refused (429): retrying in 30 min';
    expect((await w.invoke('poll:status')).source).toBe(refused);
    const info = await infoWhen((p) => p.dataSource.problems.length > 0, 10_000);
    expect(info.dataSource.problems[0]).toBe(`Cboe: ${refused}`);
    // While refused, "Refresh now" asks Cboe nothing.
    const asked = cboe.requests.length;
    await w.app.refreshNow();
    expect(cboe.requests).toHaveLength(asked);
    expect((await w.invoke('app:info')).dataSource.badge).toBe('Cboe · 15 min delayed · as of 22:53 ET');
  });
});
