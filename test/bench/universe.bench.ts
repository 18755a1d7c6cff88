// A full refresh of the universe at one instant, the work a new snapshot epoch costs the local
// service: the latest chain of every ticker → metrics → regime → trade setup → ranking item →
// market structure → income. Measured from a new market (daily paths and chains built), with a
// cold chain cache (paths ready, every chain rebuilt) and warm (chains cached, analysis redone),
// each as wall time and as CPU time (what it costs when no other process competes for the core);
// target under 1 s. Then the peak memory of a refresh, and the same pipeline per ticker with a cold
// chain, split into chain build and analysis, so the slowest ticker is visible.
// Run: `npm run bench -- universe` (node --expose-gc, so memory is measured from a collected heap).
import { analyzeSnapshot, type TickerAnalysis } from '../../src/service/analysis/ticker-analysis.ts';
import { manualClock } from '../../src/service/market/clock.ts';
import {
  createSimulatedMarket,
  type SimulatedMarket,
} from '../../src/service/market/sim/simulated-source.ts';
import { medianMs, type BenchSuite, type Measurement } from './harness.ts';

/** A Wednesday afternoon, inside market hours: every ticker's latest snapshot is intraday. */
const NOW = Date.parse('2026-03-18T19:00:00Z');
const SEED = 1;
const TARGET_MS = 1000;
const PER_TICKER_RUNS = 5;
const SLOWEST_SHOWN = 5;

function collect(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** JS heap plus ArrayBuffers: chains live in typed arrays, outside heapUsed. */
function usedBytes(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

function mib(bytes: number): number {
  return bytes / 2 ** 20;
}

function market(cacheSize?: number): SimulatedMarket {
  return createSimulatedMarket({
    seed: SEED,
    clock: manualClock(NOW),
    ...(cacheSize === undefined ? {} : { cacheSize }),
  });
}

/** Every view the service derives from one snapshot, forced the way a ranking request forces them. */
function derive(a: TickerAnalysis): number {
  return a.topSetupsItem.opportunity_score + a.marketStructure.tags.length + a.income.length;
}

/** The full pipeline for every ticker at its latest snapshot; `after` sees each analysis. */
function refresh(source: SimulatedMarket, after?: (a: TickerAnalysis) => void): TickerAnalysis[] {
  const out: TickerAnalysis[] = [];
  for (const { ticker } of source.universe()) {
    const time = source.latestSnapshotTime(ticker, NOW);
    const a = time === null ? null : analyzeSnapshot(source, ticker, time);
    if (a === null) throw new Error(`no snapshot for ${ticker} at ${new Date(NOW).toISOString()}`);
    derive(a);
    out.push(a);
    after?.(a);
  }
  return out;
}

/** Mean CPU time (user + system) of `fn`, ms: less sensitive than wall time to other processes. */
function cpuMs(fn: () => unknown, runs: number): number {
  const start = process.cpuUsage();
  for (let i = 0; i < runs; i++) fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / runs;
}

interface TickerCost {
  ticker: string;
  contracts: number;
  total: number;
  chain: number;
  analysis: number;
}

function cpuNow(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * Mean cold-chain CPU time of one ticker, ms: a one-chain cache and two alternating instants force
 * a rebuild on every run. CPU time, not wall time, so that other processes do not reorder the list.
 */
function tickerCost(source: SimulatedMarket, ticker: string): TickerCost {
  const latest = source.latestSnapshotTime(ticker, NOW) as number;
  const instants = [latest, latest - 5 * 60_000];
  let chain = 0;
  let analysis = 0;
  let contracts = 0;
  for (let k = 0; k < PER_TICKER_RUNS + 1; k++) {
    const at = instants[k % 2] as number;
    const t0 = cpuNow();
    const built = source.chain(ticker, at);
    const t1 = cpuNow();
    const a = analyzeSnapshot(source, ticker, at);
    if (built === null || a === null) throw new Error(`no snapshot for ${ticker}`);
    derive(a);
    const t2 = cpuNow();
    contracts = built.size;
    if (k === 0) continue; // warm-up
    chain += t1 - t0;
    analysis += t2 - t1;
  }
  chain /= PER_TICKER_RUNS;
  analysis /= PER_TICKER_RUNS;
  return { ticker, contracts, total: chain + analysis, chain, analysis };
}

const suite: BenchSuite = {
  name: 'universe',
  async run(): Promise<Measurement[]> {
    const out: Measurement[] = [];
    const probe = market();
    const rows = refresh(probe);
    const tickers = rows.length;
    const contracts = rows.reduce((n, a) => n + a.chain.size, 0);
    const shape = `${tickers} tickers, ${contracts} contracts`;

    const fresh = await medianMs(() => refresh(market()), 3, 1);
    out.push({
      name: 'full refresh from a new market',
      value: fresh,
      unit: 'ms',
      target: { value: TARGET_MS, better: 'lower' },
      note: `${shape}; daily paths and chains built; median of 3`,
    });
    out.push({
      name: 'full refresh from a new market, CPU time',
      value: cpuMs(() => refresh(market()), 3),
      unit: 'ms',
      note: 'user + system, mean of 3',
    });

    // A one-chain cache: every ticker's chain is rebuilt on every refresh, the daily paths stay.
    const coldSource = market(1);
    refresh(coldSource);
    const cold = await medianMs(() => refresh(coldSource), 7, 1);
    out.push({
      name: 'full refresh, cold chain cache',
      value: cold,
      unit: 'ms',
      target: { value: TARGET_MS, better: 'lower' },
      note: `${shape}; every chain rebuilt, daily paths ready; median of 7`,
    });
    out.push({
      name: 'full refresh, cold chain cache, CPU time',
      value: cpuMs(() => refresh(coldSource), 5),
      unit: 'ms',
      target: { value: TARGET_MS, better: 'lower' },
      note: 'user + system, mean of 5: what the refresh costs without other processes',
    });

    const warmSource = market();
    refresh(warmSource);
    const warm = await medianMs(() => refresh(warmSource), 9, 1);
    out.push({
      name: 'full refresh, warm chain cache',
      value: warm,
      unit: 'ms',
      target: { value: TARGET_MS, better: 'lower' },
      note: `${shape}; chains cached, every analysis redone; median of 9`,
    });
    out.push({
      name: 'full refresh, warm chain cache, CPU time',
      value: cpuMs(() => refresh(warmSource), 5),
      unit: 'ms',
      note: 'user + system, mean of 5',
    });

    // Peak: sampled after each ticker of a cold refresh from a collected heap, holding every result
    // as the service's analysis cache does; a lower bound of the true peak (it is sampled, not traced).
    const memSource = market(1);
    refresh(memSource);
    collect();
    const base = usedBytes();
    let peak = base;
    const held = refresh(memSource, () => {
      peak = Math.max(peak, usedBytes());
    });
    collect();
    const retained = usedBytes() - base;
    void held;
    const gcNote = (globalThis as { gc?: unknown }).gc
      ? 'from a collected heap'
      : 'no --expose-gc: unreliable';
    out.push({
      name: 'peak memory growth during a cold refresh',
      value: mib(peak - base),
      unit: 'MiB',
      note: `heapUsed + arrayBuffers sampled after each ticker, ${gcNote}`,
    });
    out.push({
      name: 'memory retained by one refreshed universe',
      value: mib(retained),
      unit: 'MiB',
      note: `${tickers} analyses with their chains, after a collection`,
    });
    out.push({
      name: 'peak resident set size of the bench process',
      value: process.resourceUsage().maxRSS / 1024,
      unit: 'MiB',
      note: 'getrusage maxrss, the whole run so far',
    });

    const perSource = market(1);
    const costs = perSource
      .universe()
      .map(({ ticker }) => tickerCost(perSource, ticker))
      .sort((a, b) => b.total - a.total);
    const sum = costs.reduce((n, c) => n + c.total, 0);
    const middle = costs[Math.floor(costs.length / 2)] as TickerCost;
    costs.slice(0, SLOWEST_SHOWN).forEach((c, i) => {
      out.push({
        name: `per ticker, slowest #${i + 1}: ${c.ticker}, CPU time`,
        value: c.total,
        unit: 'ms',
        note: `${c.contracts} contracts; chain ${c.chain.toFixed(1)} ms + analysis ${c.analysis.toFixed(1)} ms; mean of ${PER_TICKER_RUNS}`,
      });
    });
    out.push({
      name: `per ticker, median: ${middle.ticker}, CPU time`,
      value: middle.total,
      unit: 'ms',
      note: `${middle.contracts} contracts; chain ${middle.chain.toFixed(1)} ms + analysis ${middle.analysis.toFixed(1)} ms`,
    });
    out.push({
      name: 'per ticker, sum, CPU time',
      value: sum,
      unit: 'ms',
      note: `the cold refresh measured one ticker at a time; fastest ${costs[costs.length - 1]?.ticker ?? '-'}`,
    });
    return out;
  },
};

export default suite;
