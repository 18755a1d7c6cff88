// A folder of chain files read once, without watching it or keeping an index on disk: one-shot
// tools and tests. The service serves folders live through ChainFolder (folder/chain-folder.ts),
// which this is a thin wrapper of.
import { ChainFolder, type FolderProblem, type ImportedSnapshot } from './folder/index.ts';
import type { MarketClock, MarketDataSource } from './source.ts';

export type ImportProblem = FolderProblem;
export type { ImportedSnapshot } from './folder/index.ts';

export interface ImportedMarket extends MarketDataSource {
  readonly dir: string;
  /** Files that were skipped, and why. */
  readonly problems: readonly ImportProblem[];
  /** The snapshot behind an instant (its file and notes), or null. */
  snapshot(ticker: string, snapshotTime: number): ImportedSnapshot | null;
  close(): Promise<void>;
}

/** Loads every chain file of `dir` (not recursive); the clock defaults to the data's own. */
export async function loadImportedMarket(
  dir: string,
  options: { clock?: MarketClock } = {},
): Promise<ImportedMarket> {
  return ChainFolder.open(dir, {
    watch: false,
    index: 'memory',
    ...(options.clock ? { clock: options.clock } : {}),
  });
}
