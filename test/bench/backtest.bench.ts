// The backtest's speed once history is stored: one rule (gamma regime change with the default
// dwell, the path that reads history for every snapshot) over two years × 50 tickers, one signals
// snapshot per session close, payloads compacted as the app leaves them. The run includes what a
// real one does: checking the local source for missing history (nothing to fill), reading each
// series in one paged query, replaying it through the live engine, the daily closes, the forward
// returns, the summary and the baseline.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { localPast } from '../../src/core/backtest/local-backfill.ts';
import { dailySnapshotTimes } from '../../src/core/backtest/local-backfill.ts';
import { runBacktest } from '../../src/core/backtest/run.ts';
import { spanOf } from '../../src/core/backtest/window.ts';
import { openDatabase } from '../../src/core/store/database.ts';
import type { MetricPointInput } from '../../src/core/store/repositories/metric-points.ts';
import type { SnapshotInput } from '../../src/core/store/repositories/snapshots.ts';
import { analyzeSnapshot } from '../../src/service/analysis/ticker-analysis.ts';
import { signalsData } from '../../src/service/http/ticker-payloads.ts';
import { manualClock } from '../../src/service/market/clock.ts';
import { createSimulatedMarket } from '../../src/service/market/sim/simulated-source.ts';
import {
  alertRuleBodySchema,
  alertRuleInputSchema,
  type AlertRuleBody,
} from '../../src/shared/alert-rules.ts';
import { nyToEpoch } from '../../src/shared/market-calendar.ts';
import { medianMs, type BenchSuite, type Measurement } from './harness.ts';

const NOW = nyToEpoch('2026-11-20', 17 * 60);
const TICKERS = 50;

const suite: BenchSuite = {
  name: 'backtest',
  async run(): Promise<Measurement[]> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-bench-backtest-'));
    const store = openDatabase<AlertRuleBody>(path.join(dir, 'bench.db'), {
      ruleSchema: alertRuleBodySchema,
    });
    try {
      const market = createSimulatedMarket({ seed: 42, clock: manualClock(NOW) });
      const span = spanOf('2y', NOW);
      const sim = market.universe().map((t) => t.ticker);
      // The simulated universe has 42 tickers; the rest are aliases with SPY's session times.
      const tickers = [...sim, ...Array.from({ length: TICKERS - sim.length }, (_, i) => `ZZ${i + 10}`)];
      const template = signalsData(
        analyzeSnapshot(market, 'SPY', NOW - 3600_000) as NonNullable<ReturnType<typeof analyzeSnapshot>>,
      );
      const gammas = ['positive', 'positive', 'negative', 'neutral'];
      const regimes = [
        'range_bound',
        'trending_low_vol',
        'range_bound',
        'flush_panic',
        'trending_down_high_vol',
      ];
      let seed = 11;
      const rand = (): number => (seed = (seed * 48271) % 2147483647) / 2147483647;
      const t0 = performance.now();
      let stored = 0;
      for (const ticker of tickers) {
        const times = dailySnapshotTimes(
          market,
          sim.includes(ticker) ? ticker : 'SPY',
          span.warmFrom,
          span.to,
        );
        const inputs: SnapshotInput[] = [];
        const points: MetricPointInput[] = [];
        let price = 50 + rand() * 400;
        for (const asof of times) {
          price *= 1 + (rand() - 0.5) * 0.04;
          const data = {
            ...template,
            ticker,
            price: Math.round(price * 100) / 100,
            gamma_regime: gammas[Math.floor(rand() * gammas.length)],
            regime_label: regimes[Math.floor(rand() * regimes.length)],
            iv_rank: Math.round(rand() * 100),
          };
          inputs.push({ endpoint: 'signals', ticker, params: {}, asof, data });
          points.push(
            { ticker, metric: 'price', ts: asof, value: data.price },
            { ticker, metric: 'iv_rank', ts: asof, value: data.iv_rank },
          );
        }
        store.transaction(() => {
          store.snapshots.ingest(inputs);
          store.metrics.put(points);
        });
        stored += inputs.length;
      }
      while (store.compactPayloads({ maxRows: 100_000, maxMs: 60_000 }).remaining) {
        /* compact everything, as the idle watcher does */
      }
      const setupS = (performance.now() - t0) / 1000;

      const rule = alertRuleInputSchema.parse({
        name: 'Gamma regime changes',
        condition: { kind: 'gamma_regime_change' },
        scope: { kind: 'all' },
      });
      let firings = 0;
      let sessions = 0;
      const channels = { desktop: true, inApp: true, webhooks: [], quietHours: null };
      const once = async (): Promise<void> => {
        const result = await runBacktest(
          {
            store,
            past: localPast(
              { store, channels: () => channels, wallNow: () => NOW, marketNow: () => NOW },
              market,
            ),
            now: NOW,
            channels,
            progress: () => undefined,
            signal: new AbortController().signal,
          },
          { runId: 'bench', rule, window: '2y', tickers },
        );
        firings = result.firings.length;
        sessions = result.baseline.sessions;
        if (result.cancelled || result.tickers.length !== TICKERS)
          throw new Error('the run did not cover every ticker');
      };
      const ms = await medianMs(once, 3, 1);
      return [
        {
          name: `one rule over 2 years × ${TICKERS} tickers, history stored`,
          value: ms / 1000,
          unit: 's',
          target: { value: 5, better: 'lower' },
          note: `${stored} snapshots replayed (warm-up month included), ${firings} firings, ${sessions} baseline sessions; median of 3; stored in ${setupS.toFixed(0)} s; load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`,
        },
      ];
    } finally {
      store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
export default suite;
