// One rule for a chain file's snapshot date (import/date-line.ts
// snapshotDateProblem), through every reader of chain files: `gammawatch analyze` on the command
// line, the chain folder serving them, its connection test, and the history import into a real
// SQLite store. A TSLA file whose Date line says 1900 and one that says 1970 (both on this
// year's rows) are refused by each with the same reason, naming the file; the normal file next to
// them is read by each. Before, analyze read both, the connection test counted them, the folder
// served them and the history import stored the 1970 one as a 55-year chain (the 1900 one, before
// the epoch, it silently left out).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedTimes } from '../../../src/core/store/past-snapshots.ts';
import { FolderHistory, type ImportProgress } from '../../../src/core/source/folder-history.ts';
import { openDatabase } from '../../../src/core/store/database.ts';
import { alertRuleBodySchema } from '../../../src/shared/alert-rules.ts';
import { nyToEpoch } from '../../../src/shared/market-calendar.ts';
import { ChainFolder, probeChainFolder } from '../../../src/service/index.ts';
import { chainFileText, chainPreamble, chainRows } from '../../support/cboe-chain-file.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const entry = path.join(repoRoot, 'src/host/gammawatch.mjs');

const ROWS = { ticker: 'TSLA', date: '2025-09-08', spot: 340, expirations: 6, strikes: 40 } as const;
const NORMAL = 'tsla_2025.csv';
const NORMAL_ASOF = nyToEpoch('2025-09-08', 16 * 60 + 15);

/** The refused files, and the reason each is refused: where (the Date line) and why. */
const REFUSED = [
  { file: 'tsla_1900.csv', date: '1900-09-08' },
  { file: 'tsla_1970.csv', date: '1970-09-08' },
].map(({ file, date }) => ({
  file,
  date,
  reason:
    `line 2: the snapshot date ${date} is before 2000-01-01, the earliest a chain file can have ` +
    "(its option symbols name expiration years 2000-2099): the file's date is wrong",
}));

let root: string;
let chainsDir: string;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-snapshot-dates-'));
  chainsDir = path.join(root, 'chains');
  fs.mkdirSync(chainsDir);
  const rows = chainRows(ROWS);
  for (const { file, date } of REFUSED)
    fs.writeFileSync(path.join(chainsDir, file), chainPreamble('TSLA', date, ROWS.spot) + rows);
  fs.writeFileSync(path.join(chainsDir, NORMAL), chainFileText(ROWS));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [entry, ...args], { cwd: repoRoot }, (error, stdout, stderr) => {
      resolve({
        code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1,
        stdout,
        stderr,
      });
    });
  });
}

describe('gammawatch analyze', () => {
  it.each(REFUSED)('refuses $file, naming the file and the reason', async ({ file, reason }) => {
    const run = await cli('analyze', path.join(chainsDir, file));
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`gammawatch analyze: cannot import the chain: ${file}: ${reason}\n`);
  });

  it('analyses the normal file next to them', async () => {
    const run = await cli('analyze', path.join(chainsDir, NORMAL));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('TSLA (TSLA Corp): cboe_csv snapshot 2025-09-08 16:15 ET');
  });
});

describe('the chain folder serving them', () => {
  it('serves the normal file only and lists the others as problems with the reason', async () => {
    const folder = await ChainFolder.open(chainsDir, { watch: false, index: 'memory', parseThreads: 1 });
    try {
      expect(folder.snapshotTimes('TSLA', -Infinity, Infinity)).toEqual([NORMAL_ASOF]);
      expect(folder.skippedFiles).toBe(2);
      expect(folder.problems).toEqual(REFUSED.map(({ file, reason }) => ({ file, message: reason })));
    } finally {
      await folder.close();
    }
  });
});

describe("the folder's connection test", () => {
  it('counts the normal file only, and names each refused file and its reason', async () => {
    const probe = await probeChainFolder(chainsDir);
    expect(probe.ok).toBe(true);
    expect(probe.message).toMatch(/^1 chain file, 1 ticker \(TSLA\), newest .*; 2 files skipped$/);
    expect(probe.details).toEqual(REFUSED.map(({ file, reason }) => `${file}: ${reason}`));
  });
});

describe('the history import', () => {
  it('stores the normal file only; the refused files are the folder problems', async () => {
    const store = openDatabase(path.join(root, 'history.db'), { ruleSchema: alertRuleBodySchema });
    store.useSource('chains:test');
    const folder = await ChainFolder.open(chainsDir, { watch: false, index: 'memory', parseThreads: 1 });
    const progress: ImportProgress[] = [];
    const log: string[] = [];
    const history = new FolderHistory({
      ingest: {
        store,
        channels: () => ({ desktop: false, inApp: true, webhooks: [], quietHours: null }),
        wallNow: () => Date.now(),
        marketNow: () => Date.now(),
      },
      source: folder,
      inUse: () => true,
      now: () => Date.parse('2026-01-01T00:00:00Z'),
      onProgress: (p) => progress.push(p),
      onImported: () => undefined,
      log: (m) => log.push(m),
    });
    try {
      await history.start();
      const key = { endpoint: 'signals', ticker: 'TSLA', params: {} } as const;
      const stored = storedTimes(store, key, 0, Date.parse('2100-01-01T00:00:00Z'));
      expect([...stored]).toEqual([NORMAL_ASOF]);
      expect(progress.at(-1)).toEqual({ done: 1, total: 1, running: false, failed: 0 });
      expect(log).toEqual([]);
      expect(folder.problems).toEqual(REFUSED.map(({ file, reason }) => ({ file, message: reason })));
    } finally {
      await history.stop();
      await folder.close();
      store.close();
    }
  });
});
