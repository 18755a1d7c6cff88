// One served snapshot analysed away from the folder (in a pool thread): the file is read and parsed
// here, and everything else the analysis reads is what the folder would have answered, sent with
// the job. The result is the payload of every view the poller stores, as one JSON string.
import { partialChainNote, sessionNotes } from '../../engine/quality.ts';
import type { OptionChain } from '../../engine/chain.ts';
import { STORED_VIEWS } from '../../../shared/stored-views.ts';
import { analyzeSnapshotPayloads } from '../../snapshot-payloads.ts';
import type { MarketDataSource } from '../source.ts';
import type { AnalysisJob } from './pool-messages.ts';
import { readChainFileSync } from './read-chain-file.ts';

/** The notes the folder adds to a snapshot (chain-folder.ts snapshotNotes uses this too). */
export function folderSnapshotNotes(
  snapshotTime: number,
  chain: OptionChain,
  otherCounts: readonly number[],
): string[] {
  const partial = partialChainNote(chain, otherCounts);
  return [...sessionNotes(snapshotTime), ...(partial === null ? [] : [partial])];
}

/** What a pool thread sends back for a snapshot: its ranking row and each view's payload. */
export interface AnalysedSnapshotJson {
  readonly topSetupsItem: unknown;
  readonly payloads: Readonly<Record<string, unknown>>;
}

/** The snapshot's payloads as JSON, or null when the file no longer holds that snapshot. */
export function analyseSnapshotFile(job: Omit<AnalysisJob, 'id' | 'kind'>): string | null {
  let chain: OptionChain;
  try {
    chain = readChainFileSync(job.dir, job.name).parsed.chain;
  } catch {
    return null;
  }
  // Replaced since it was indexed: the folder re-indexes it; meanwhile no analysis (as `chain()`).
  if (chain.ticker !== job.ticker || chain.asof !== job.asof) return null;
  const source: MarketDataSource = {
    simulated: false,
    kind: 'chain_folder',
    clock: { now: () => job.asof },
    universe: () => [],
    snapshotTimes: () => [job.asof],
    latestSnapshotTime: () => job.asof,
    chain: (ticker, at) => (ticker === job.ticker && at === job.asof ? chain : null),
    history: () => job.history,
    earnings: () => job.earnings,
    revision: () => job.revision,
    snapshotNotes: (_ticker, at, c) => folderSnapshotNotes(at, c, job.otherCounts),
  };
  const a = analyzeSnapshotPayloads(source, job.ticker, job.asof);
  if (a === null) return null;
  const payloads: Record<string, unknown> = {};
  for (const { endpoint } of STORED_VIEWS) payloads[endpoint] = a.payload(endpoint);
  const out: AnalysedSnapshotJson = { topSetupsItem: a.topSetupsItem, payloads };
  return JSON.stringify(out);
}
