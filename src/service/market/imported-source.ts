// A market made of chain files in a folder: each file is one snapshot of one ticker (several files
// of a ticker are several snapshots). There is no history and no earnings calendar. A file that
// cannot be read or parsed is reported in `problems` and skipped; it never stops the others.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { OptionChain } from '../engine/chain.ts';
import { EMPTY_HISTORY } from '../engine/interpret/history-metrics.ts';
import { realClock } from './clock.ts';
import { ChainImportError, importChainFile } from './import/index.ts';
import type { MarketClock, MarketDataSource, TickerInfo } from './source.ts';

export interface ImportProblem {
  file: string;
  message: string;
}

export interface ImportedSnapshot {
  file: string;
  chain: OptionChain;
  notes: readonly string[];
}

export interface ImportedMarket extends MarketDataSource {
  readonly dir: string;
  /** Files that were skipped, and why. */
  readonly problems: readonly ImportProblem[];
  /** The snapshot behind an instant (its file and notes), or null. */
  snapshot(ticker: string, snapshotTime: number): ImportedSnapshot | null;
}

const CHAIN_FILE = /\.(csv|json)$/i;

/** Loads every .csv and .json file of `dir` (not recursive), in name order. */
export async function loadImportedMarket(
  dir: string,
  options: { clock?: MarketClock } = {},
): Promise<ImportedMarket> {
  let names: string[];
  try {
    names = (await readdir(dir, { withFileTypes: true }))
      .filter((e) => e.isFile() && CHAIN_FILE.test(e.name))
      .map((e) => e.name)
      .sort();
  } catch (error) {
    throw new Error(
      `cannot read the chain folder ${dir}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  const problems: ImportProblem[] = [];
  const byTicker = new Map<string, ImportedSnapshot[]>();
  const stated = new Map<string, string>();
  for (const file of names) {
    try {
      const result = await importChainFile(join(dir, file));
      const list = byTicker.get(result.chain.ticker) ?? [];
      const clash = list.find((s) => s.chain.asof === result.chain.asof);
      if (clash) {
        problems.push({ file, message: `same ticker and snapshot time as ${clash.file}; skipped` });
        continue;
      }
      list.push({ file, chain: result.chain, notes: result.notes });
      byTicker.set(result.chain.ticker, list);
      if (result.name && !stated.has(result.chain.ticker)) stated.set(result.chain.ticker, result.name);
    } catch (error) {
      const message =
        error instanceof ChainImportError
          ? `${error.location}: ${error.problem}`
          : error instanceof Error
            ? error.message
            : String(error);
      problems.push({ file, message });
    }
  }
  for (const list of byTicker.values()) list.sort((a, b) => a.chain.asof - b.chain.asof);

  const universe: TickerInfo[] = [...byTicker.keys()].sort().map((ticker) => ({
    ticker,
    name: `${stated.get(ticker) ?? ticker} (imported)`,
    kind: 'imported',
    demo: false,
  }));
  const snapshotsOf = (ticker: string): readonly ImportedSnapshot[] =>
    byTicker.get(ticker.trim().toUpperCase()) ?? [];
  const find = (ticker: string, t: number): ImportedSnapshot | null =>
    snapshotsOf(ticker).find((s) => s.chain.asof === t) ?? null;

  return {
    simulated: false,
    clock: options.clock ?? realClock(),
    dir,
    problems,
    universe: () => universe,
    snapshotTimes: (ticker, since, at) =>
      snapshotsOf(ticker)
        .map((s) => s.chain.asof)
        .filter((t) => t >= since && t <= at),
    latestSnapshotTime(ticker, at) {
      let best: number | null = null;
      for (const s of snapshotsOf(ticker)) if (s.chain.asof <= at) best = s.chain.asof;
      return best;
    },
    chain: (ticker, t) => find(ticker, t)?.chain ?? null,
    history: () => EMPTY_HISTORY,
    earnings: () => null,
    snapshot: find,
  };
}
