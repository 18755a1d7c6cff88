// Market data costs: building one simulated chain (SPY, the largest, and KO, a small name), the
// latest chain of every ticker with a cold chain cache, generating the daily histories of the whole
// universe, the heap a full chain cache holds, and importing the real Cboe sample.
import { readFileSync } from 'node:fs';
import { manualClock } from '../../src/service/market/clock.ts';
import { importChainText } from '../../src/service/market/import/index.ts';
import { createSimulatedMarket } from '../../src/service/market/sim/simulated-source.ts';
import { SIM_UNIVERSE } from '../../src/service/market/sim/universe.ts';
import { medianMs, type BenchSuite, type Measurement } from './harness.ts';

const NOW = Date.parse('2026-03-18T19:00:00Z'); // a Wednesday afternoon
const SAMPLE = new URL('../../../shared/fixtures/cboe/tsla_quotedata.csv', import.meta.url);

/** JS heap plus ArrayBuffers (chains live in typed arrays, outside heapUsed), after a collection. */
function heapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / 2 ** 20;
}

const suite: BenchSuite = {
  name: 'market',
  async run(): Promise<Measurement[]> {
    const out: Measurement[] = [];

    // Cache of one chain, alternating instants, so every build is a real build.
    const market = createSimulatedMarket({ seed: 1, clock: manualClock(NOW), cacheSize: 1 });
    for (const [ticker, note] of [
      ['SPY', 'dailies, weeklies, monthlies, LEAPS'],
      ['KO', 'weeklies and monthlies'],
    ] as const) {
      const latest = market.latestSnapshotTime(ticker, NOW) as number;
      const size = market.chain(ticker, latest)?.size ?? 0;
      let k = 0;
      const ms = await medianMs(() => market.chain(ticker, latest - (k++ % 2) * 300_000), 30, 4);
      out.push({ name: `one chain: ${ticker}`, value: ms, unit: 'ms', note: `${size} contracts; ${note}` });
    }

    const histories = await medianMs(
      () => {
        const fresh = createSimulatedMarket({ seed: 2, clock: manualClock(NOW) });
        for (const t of SIM_UNIVERSE) fresh.dailyPath(t.ticker);
      },
      5,
      1,
    );
    out.push({
      name: `daily histories of the universe (${SIM_UNIVERSE.length} tickers, 2024-2028)`,
      value: histories,
      unit: 'ms',
      note: 'market factor, regimes, paths, published 30-day IV',
    });

    const warm = createSimulatedMarket({ seed: 3, clock: manualClock(NOW), cacheSize: 1 });
    for (const t of SIM_UNIVERSE) warm.dailyPath(t.ticker);
    let contracts = 0;
    const latestAll = await medianMs(
      () => {
        contracts = 0;
        for (const t of SIM_UNIVERSE) {
          contracts += warm.chain(t.ticker, warm.latestSnapshotTime(t.ticker, NOW) as number)?.size ?? 0;
        }
      },
      5,
      1,
    );
    out.push({
      name: 'latest chain of every ticker, cold chain cache',
      value: latestAll,
      unit: 'ms',
      note: `${contracts} contracts; daily paths already generated`,
    });

    const coldStart = await medianMs(
      () => {
        const fresh = createSimulatedMarket({ seed: 4, clock: manualClock(NOW) });
        for (const t of SIM_UNIVERSE)
          fresh.chain(t.ticker, fresh.latestSnapshotTime(t.ticker, NOW) as number);
      },
      3,
      1,
    );
    out.push({
      name: 'latest chain of every ticker from a new market',
      value: coldStart,
      unit: 'ms',
      note: 'paths included',
    });

    const before = heapMb();
    const full = createSimulatedMarket({ seed: 5, clock: manualClock(NOW), cacheSize: 256 });
    const times = full.snapshotTimes('SPY', NOW - 3 * 86_400_000, NOW);
    let cached = 0;
    for (const t of times) {
      for (const ticker of ['SPY', 'QQQ', 'TSLA', 'AAPL']) {
        if (cached >= 256) break;
        if (full.chain(ticker, t)) cached++;
      }
    }
    for (const t of SIM_UNIVERSE) full.dailyPath(t.ticker);
    out.push({
      name: 'heap of a market with a full 256-chain cache',
      value: heapMb() - before,
      unit: 'MiB',
      note: `${cached} chains of SPY/QQQ/TSLA/AAPL (the largest) plus every daily path`,
    });

    const text = readFileSync(SAMPLE, 'utf8');
    out.push({
      name: 'import the Cboe TSLA quotedata.csv sample',
      value: await medianMs(() => importChainText(text, 'tsla_quotedata.csv'), 30, 20),
      unit: 'ms',
      note: '236 contracts',
    });
    return out;
  },
};

export default suite;
