// The levels export (the bridge's `ticker:levelsText`, which the Levels tab saves as a TradingView
// or thinkorswim script) and the service's /levels?format=… say when their levels are the
// simulator's: a first comment line and a mark on each label. From a folder of real chain files
// (Cboe's TSLA sample), neither: the same app after a switch, and a service over the folder.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATED_SCRIPT_NOTE } from '../../../../src/shared/api/levels-render.ts';
import { startService, type RunningService } from '../../../../src/service/index.ts';
import { manualClock } from '../../../../src/service/market/clock.ts';
import { call, listenService, TEST_KEY, type Running } from '../../../support/service-factory.ts';
import { scriptLines } from '../../../support/script-check.ts';
import { at, startWatcher, tempDataDir, type TestWatcher } from '../../../support/watcher-factory.ts';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const TSLA_CSV = path.resolve(repoRoot, '../shared/fixtures/cboe/tsla_quotedata.csv');

const FORMATS = [
  ['tradingview', `// ${SIMULATED_SCRIPT_NOTE}`],
  ['tos', `# ${SIMULATED_SCRIPT_NOTE}`],
] as const;

/** The script's first comment line: after Pine's `//@version=5`, or the first line. */
const firstComment = (text: string): string | undefined =>
  scriptLines(text).find((line) => !line.startsWith('//@version'));

describe('the levels export says when its levels are simulated', () => {
  const tmp = tempDataDir('gw-levels-simulated-');
  const chainsDir = path.join(tmp.dir, 'chains');
  let w: TestWatcher;

  beforeAll(async () => {
    fs.mkdirSync(chainsDir);
    fs.copyFileSync(TSLA_CSV, path.join(chainsDir, 'tsla_quotedata.csv'));
    w = await startWatcher({ dataDir: tmp.dir, start: at('2025-03-10', '11:00'), pollOnStart: false });
  }, 60_000);

  afterAll(async () => {
    await w?.app.stop();
    tmp.cleanup();
  });

  it.each(FORMATS)('%s from the simulator: the note first, every label marked', async (format, note) => {
    await w.invoke('ticker:fetch', { ticker: 'SPY' });
    const { text, asof } = await w.invoke('ticker:levelsText', { ticker: 'SPY', format });
    expect(asof).not.toBeNull();
    expect(firstComment(text)).toBe(note);
    const labelled = scriptLines(text).filter(
      (l) => l.startsWith('plot ') || l.startsWith('AddChartBubble(') || l.startsWith('        gwLevel('),
    );
    expect(labelled.length).toBeGreaterThan(0);
    for (const line of labelled) expect(line).toMatch(/\(simulated\)/);
  });

  it.each(FORMATS)('%s from a chain folder: no note, no mark', async (format) => {
    if ((await w.invoke('settings:get')).dataSource.kind !== 'chains') {
      await w.invoke('settings:update', { dataSource: { kind: 'chains', dir: chainsDir, clock: 'data' } });
      await w.app.runOnce();
    }
    const { text, asof } = await w.invoke('ticker:levelsText', { ticker: 'TSLA', format });
    expect(asof).toBe('2023-08-21T02:38:00.000Z');
    expect(firstComment(text)).toMatch(/^(\/\/|#) Gammawatch key levels for TSLA/);
    expect(text).not.toMatch(/simulat/i);
  });
});

describe("the service's /levels formats say when their levels are simulated", () => {
  const tmp = tempDataDir('gw-levels-simulated-svc-');
  let simulator: Running;
  let folder: RunningService;

  beforeAll(async () => {
    const dir = path.join(tmp.dir, 'chains');
    fs.mkdirSync(dir);
    fs.copyFileSync(TSLA_CSV, path.join(dir, 'tsla_quotedata.csv'));
    simulator = await listenService();
    folder = await startService({
      port: 0,
      chainsDir: dir,
      apiKeys: [TEST_KEY],
      clock: manualClock(Date.parse('2023-08-21T03:38:00Z')),
      log: { level: 'silent' },
      warm: false,
    });
  }, 60_000);

  afterAll(async () => {
    await simulator?.close();
    await folder?.close();
    tmp.cleanup();
  });

  it.each(FORMATS)('%s: the simulator’s has the note, the folder’s not', async (format, note) => {
    const sim = await call(simulator.baseUrl, `/tickers/SPY/levels?format=${format}`, {
      headers: { accept: 'text/plain' },
    });
    expect(sim.status).toBe(200);
    expect(firstComment(sim.text)).toBe(note);
    const real = await call(folder.baseUrl, `/tickers/TSLA/levels?format=${format}`, {
      headers: { accept: 'text/plain' },
    });
    expect(real.status).toBe(200);
    expect(firstComment(real.text)).toMatch(/^(\/\/|#) Gammawatch key levels for TSLA/);
    expect(real.text).not.toMatch(/simulat/i);
  });
});
