// The price-and-levels query on its worst window: six months of one ticker's market-structure
// record polled every minute of every session (126 × 390 ≈ 49,000 snapshots, compacted as the app
// compacts them), thinned to LEVELS_HISTORY_MAX_POINTS, and one day (390 snapshots, all of them).
// What a click on "6M" or "Today" waits for in the core, before the bridge and the chart.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { levelsHistoryRows } from '../../src/core/queries/levels-history.ts';
import { openDatabase } from '../../src/core/store/database.ts';
import { nyToEpoch, tradingDaysBetween } from '../../src/shared/market-calendar.ts';
import { marketStructurePayload } from '../support/store-factory.ts';
import { medianMs, type BenchSuite, type Measurement } from './harness.ts';

const TICKER = 'SPY';

const suite: BenchSuite = {
  name: 'levels-history',
  async run(): Promise<Measurement[]> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-bench-levels-'));
    const store = openDatabase(path.join(dir, 'gammawatch.db'));
    try {
      const days = tradingDaysBetween('2025-06-02', '2025-12-31').slice(-126);
      let n = 0;
      for (const day of days) {
        const open = nyToEpoch(day, 9 * 60 + 30);
        store.snapshots.ingest(
          Array.from({ length: 390 }, (_, m) => ({
            endpoint: 'market_structure',
            ticker: TICKER,
            params: {},
            asof: open + m * 60_000,
            data: marketStructurePayload(n++, TICKER),
          })),
        );
      }
      // Every body, as the app's idle compaction leaves them (one call stops at 1,000 rows).
      while (store.compactPayloads({ maxMs: 600_000, maxRows: 10_000_000 }).remaining);
      const first = days[0] as string;
      const last = days[days.length - 1] as string;
      const sixMonths = { ticker: TICKER, from: nyToEpoch(first, 0), to: nyToEpoch(last, 24 * 60 - 1) };
      const oneDay = { ticker: TICKER, from: nyToEpoch(last, 0), to: nyToEpoch(last, 24 * 60 - 1) };
      const rows6m = levelsHistoryRows(store, sixMonths);
      const rows1d = levelsHistoryRows(store, oneDay);
      return [
        {
          name: `6M window: ${rows6m.total.toLocaleString('en-US')} snapshots thinned to ${rows6m.points.length}`,
          value: await medianMs(() => levelsHistoryRows(store, sixMonths), 7, 1),
          unit: 'ms',
          note: 'median of 7; lists the window without bodies, then reads only the chosen snapshots',
        },
        {
          name: `1D window: ${rows1d.points.length} snapshots`,
          value: await medianMs(() => levelsHistoryRows(store, oneDay), 15, 2),
          unit: 'ms',
          note: 'median of 15',
        },
      ];
    } finally {
      store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};

export default suite;
