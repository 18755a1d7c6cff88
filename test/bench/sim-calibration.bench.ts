// The simulated market's gamma regimes, the table behind docs/engine-conventions.md's "Gamma
// regimes" rule: per ticker, the share of closes at or above the engine's gamma flip and the flip
// crossings per 21 sessions, over four seeds of a simulated year each (sim/calibration.ts), then
// each group pooled against its target band. Run: `npm run bench -- sim-calibration` (a few
// minutes: every close chain is built and analysed).
import {
  CALIBRATION_TICKERS,
  crossingsPerMonth,
  measureRegimes,
  pooled,
  positiveShare,
  REGIME_TARGETS,
  type RegimeCount,
  type RegimeGroup,
} from '../../src/service/market/sim/calibration.ts';
import type { BenchSuite, Measurement } from './harness.ts';

/** Four seeds of a year from early 2026 (session 500 of the simulator's 2024-2028). */
const RUN = { seeds: [1, 2, 3, 4], from: 500, count: 252 };

function pct(x: number): string {
  return `${(100 * x).toFixed(1)} %`;
}

function row(group: string, c: RegimeCount): string {
  return `| ${c.ticker} | ${group} | ${pct(positiveShare(c))} | ${crossingsPerMonth(c).toFixed(1)} | ${c.unknown} |`;
}

const suite: BenchSuite = {
  name: 'sim-calibration',
  async run(): Promise<Measurement[]> {
    const out: Measurement[] = [];
    const table = [
      `seeds ${RUN.seeds.join(', ')}; ${RUN.count} closes each from session ${RUN.from}`,
      '| ticker | group | closes at or above the flip | crossings / 21 sessions | no flip |',
      '|---|---|---|---|---|',
    ];
    for (const [group, tickers] of Object.entries(CALIBRATION_TICKERS) as [
      RegimeGroup,
      readonly string[],
    ][]) {
      const counts = measureRegimes(tickers, RUN);
      const all = pooled(counts, `all ${group}`);
      const { positive, crossingsPerMonth: crossings } = REGIME_TARGETS[group];
      for (const c of [...counts, all]) {
        table.push(row(group, c));
        out.push({
          name: `${c.ticker}: closes at or above the flip`,
          value: 100 * positiveShare(c),
          unit: '%',
          note: `${crossingsPerMonth(c).toFixed(1)} crossings / 21 sessions; ${group} band ${100 * positive[0]}-${100 * positive[1]} %, ${crossings[0]}-${crossings[1]} crossings`,
        });
      }
    }
    process.stdout.write(`${table.join('\n')}\n`);
    return out;
  },
};

export default suite;
