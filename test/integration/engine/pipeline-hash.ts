// A hash of everything the engine derives from a simulated market at some instants: for every
// ticker at its latest snapshot, the metrics, the regime, the trade-setup blob, the ranking item,
// the market-structure record and the income rows, through the service's own pipeline. Run
// directly (`node --import tsx pipeline-hash.ts <seed>`) it prints the hash of PIPELINE_INSTANTS,
// so a test can compare two processes.
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { analyzeSnapshot } from '../../../src/service/analysis/ticker-analysis.ts';
import { manualClock } from '../../../src/service/market/clock.ts';
import { createSimulatedMarket } from '../../../src/service/market/sim/simulated-source.ts';

export const PIPELINE_INSTANTS = [
  Date.parse('2026-03-18T19:00:00Z'), // a Wednesday afternoon: intraday snapshots
  Date.parse('2026-11-20T22:00:00Z'), // after a monthly expiration's close
];

export interface HashOptions {
  /** Visit the tickers last to first (the caches must not make the figures order-dependent). */
  reverse?: boolean;
}

/** Per ticker and instant, the JSON of every pipeline output, in visiting order. */
export function pipelineOutputs(
  seed: number,
  instants: readonly number[] = PIPELINE_INSTANTS,
  { reverse = false }: HashOptions = {},
): Map<string, string> {
  const market = createSimulatedMarket({ seed, clock: manualClock(instants[0] ?? 0) });
  const tickers = market.universe().map((t) => t.ticker);
  if (reverse) tickers.reverse();
  const out = new Map<string, string>();
  for (const at of instants) {
    for (const ticker of tickers) {
      const time = market.latestSnapshotTime(ticker, at);
      const a = time === null ? null : analyzeSnapshot(market, ticker, time);
      if (a === null) throw new Error(`no snapshot for ${ticker} at ${new Date(at).toISOString()}`);
      out.set(
        `${ticker}@${at}`,
        JSON.stringify({
          metrics: a.metrics,
          regime: a.regime,
          setup: a.setup,
          item: a.topSetupsItem,
          structure: a.marketStructure,
          income: a.income,
        }),
      );
    }
  }
  return out;
}

/** sha256 of pipeline outputs, in a fixed (sorted) order whatever order they were computed in. */
export function hashOutputs(outputs: ReadonlyMap<string, string>): string {
  const hash = createHash('sha256');
  for (const key of [...outputs.keys()].sort())
    hash
      .update(key)
      .update('\0')
      .update(outputs.get(key) as string);
  return hash.digest('hex');
}

export function pipelineHash(seed: number, instants?: readonly number[], options?: HashOptions): string {
  return hashOutputs(pipelineOutputs(seed, instants, options));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.stdout.write(pipelineHash(Number(process.argv[2])) + '\n');
}
