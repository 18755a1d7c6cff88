// The live chain folder: a MarketDataSource over a folder of Cboe chain files, its status and probe.
export {
  ChainFolder,
  type ChainFolderChange,
  type ChainFolderOptions,
  type ImportedSnapshot,
} from './chain-folder.ts';
export { probeChainFolder } from './probe.ts';
export type { SnapshotAnalyser } from './snapshot-analyser.ts';
export { THREADS_ENV, type ParseThreads } from './parse-pool.ts';
export { describeSnapshotTime } from './status.ts';
export type { ChainFolderProbe, ChainFolderStatus, ClockMode, FolderProblem } from './status.ts';
export type { WatchOptions } from './folder-watch.ts';
