// Background warm-up: after the first pass, rankings and series are reads, not computations.
import { describe, expect, it } from 'vitest';
import { startService } from '../../../src/service/index.ts';
import { manualClock } from '../../../src/service/market/clock.ts';
import { call, OPEN_INSTANT, TEST_KEY, TEST_SEED } from '../../support/service-factory.ts';

describe('background warm-up', () => {
  it(
    'analyses the universe and fills the series cache, yielding to requests meanwhile',
    { timeout: 180_000 },
    async () => {
      const service = await startService({
        port: 0,
        apiKeys: [TEST_KEY],
        seed: TEST_SEED,
        clock: manualClock(OPEN_INSTANT),
        log: { level: 'silent' },
        warm: { seriesWindow: '3d', intervalMs: 60_000 },
      });
      try {
        const info = service.app.gammawatch;
        // The server answers while the warm-up runs.
        expect((await call(service.baseUrl, '/access', { auth: 'none' })).status).toBe(200);
        await info.warmed;
        const tickers = info.source.universe().length;
        // 3 calendar days back from Wednesday: Monday, Tuesday and today's session for every ticker.
        expect(info.series.size).toBe(tickers * 3);
        const computed = info.series.computed;
        const r = await call(
          service.baseUrl,
          '/tickers/MSFT/series?window=3d&metrics=price,opportunity_score',
        );
        expect(r.status).toBe(200);
        expect((r.json as { data: { points: unknown[] } }).data.points).toHaveLength(3);
        expect(info.series.computed).toBe(computed); // served from the warm cache
        const universe = info.analysis.universe();
        expect(universe.rows).toHaveLength(tickers);
        expect((await call(service.baseUrl, '/top-setups')).status).toBe(200);
        expect(info.analysis.universe()).toBe(universe);
      } finally {
        await service.close();
      }
    },
  );
});
