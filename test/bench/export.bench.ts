// A large snapshot export as `export:snapshots` runs it: 120,000 stored market-structure snapshots
// (the hostile probe's size, where the old in-memory export took 323 s and 2.5 GB), exported as CSV
// through the same pacing and file streaming (paceExport, settleExport). Measured: wall time, the
// process's peak RSS above what the store itself took, the longest the event loop was held (what
// another bridge call would wait), and the file's size.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openDatabase } from '../../src/core/store/database.ts';
import { exportSnapshots, paceExport, settleExport } from '../../src/core/store/export.ts';
import { marketStructurePayload } from '../support/store-factory.ts';
import type { BenchSuite, Measurement } from './harness.ts';

const SNAPSHOTS = 120_000;
const TICKERS = ['AAPL', 'MSFT', 'NVDA', 'SPY', 'QQQ', 'TSLA', 'AMD', 'IWM'];
const INLINE_BYTES = 8 * 1024 * 1024;

const suite: BenchSuite = {
  name: 'export',
  async run(): Promise<Measurement[]> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-bench-export-'));
    const store = openDatabase(path.join(dir, 'gammawatch.db'));
    try {
      const t0 = Date.parse('2025-01-02T15:00:00Z');
      for (let i = 0; i < SNAPSHOTS; i += 1000) {
        store.snapshots.ingest(
          Array.from({ length: Math.min(1000, SNAPSHOTS - i) }, (_, k) => {
            const n = i + k;
            const ticker = TICKERS[n % TICKERS.length] as string;
            return {
              endpoint: 'market_structure',
              ticker,
              asof: t0 + Math.floor(n / TICKERS.length) * 60_000,
              data: marketStructurePayload(n, ticker),
            };
          }),
        );
      }
      store.compactPayloads({ maxMs: 600_000 });
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let peak = rssBefore;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const start = performance.now();
      const settled = await settleExport(
        paceExport(exportSnapshots(store, {}, 'csv')),
        path.join(dir, 'exports', 'all.csv'),
        INLINE_BYTES,
      );
      const wallS = (performance.now() - start) / 1000;
      loop.disable();
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      const bytes = 'bytes' in settled ? settled.bytes : Buffer.byteLength(settled.content);
      return [
        {
          name: `export:snapshots CSV of ${SNAPSHOTS.toLocaleString('en-US')} snapshots: wall time`,
          value: Number(wallS.toFixed(1)),
          unit: 's',
          note: `${(bytes / 2 ** 20).toFixed(0)} MB written to a file (the old in-memory export: 323 s)`,
        },
        {
          name: 'export: peak RSS above the process before the export',
          value: Number(((peak - rssBefore) / 2 ** 20).toFixed(0)),
          unit: 'MB',
          note: 'the old in-memory export peaked at 2.5 GB',
        },
        {
          name: 'export: longest event-loop stall (what another bridge call waits)',
          value: Number((loop.max / 1e6).toFixed(0)),
          unit: 'ms',
          note: 'the old export stalled other calls up to 7.4 s',
        },
      ];
    } finally {
      store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};

export default suite;
