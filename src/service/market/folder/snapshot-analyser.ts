// A chain folder's snapshots analysed in the parse pool (a history import): each job reads, parses
// and analyses one file in a worker thread, which sends back the payloads as one JSON string; what
// is left here is turning that string back into objects. A snapshot whose thread fails is analysed
// on the calling thread instead (the log says so), so the import stores the same either way.
import { z } from 'zod';
import type { SnapshotEndpoint } from '../../../shared/bridge/tickers.ts';
import type { TopSetupsItem } from '../../../shared/api/index.ts';
import { analyzeSnapshotPayloads, type SnapshotPayloads } from '../../snapshot-payloads.ts';
import type { MarketDataSource } from '../source.ts';
import { FallbackLog, PoolJobFailed, type ParsePool } from './parse-pool.ts';
import type { AnalysisJob } from './pool-messages.ts';

/** Analyses snapshots off the calling thread; close it when the run ends (its threads stop). */
export interface SnapshotAnalyser {
  /** Threads working (fewer once one failed). */
  readonly threads: number;
  /** The snapshot's payloads, or null when it cannot be analysed (as analyzeSnapshotPayloads). */
  analyse(ticker: string, at: number): Promise<SnapshotPayloads | null>;
  close(): Promise<void>;
}

export interface AnalyserHooks {
  /** The job for a served snapshot, null when the folder serves none there. */
  task(ticker: string, at: number): Omit<AnalysisJob, 'id'> | null;
  /** The thread found the file no longer holds the snapshot: the folder re-indexes it. */
  onMissing(name: string): void;
  /** Where a snapshot whose thread failed is analysed (the folder itself). */
  fallback: MarketDataSource;
  log(message: string): void;
}

// The payloads are the service's own output, checked by the builders' types where they are made;
// only the envelope is checked here (parsing every payload again with zod would cost more than
// the thread saved).
const replySchema = z.object({
  topSetupsItem: z.record(z.string(), z.unknown()),
  payloads: z.record(z.string(), z.unknown()),
});

export class PooledAnalyser implements SnapshotAnalyser {
  readonly #pool: ParsePool;
  readonly #hooks: AnalyserHooks;
  readonly #fallback: FallbackLog;

  constructor(pool: ParsePool, hooks: AnalyserHooks) {
    this.#pool = pool;
    this.#hooks = hooks;
    this.#fallback = new FallbackLog(hooks.log);
  }

  get threads(): number {
    return this.#pool.size;
  }

  async analyse(ticker: string, at: number): Promise<SnapshotPayloads | null> {
    const task = this.#hooks.task(ticker, at);
    if (task === null) return null;
    try {
      const reply = await this.#pool.run(task);
      if (reply.kind !== 'analysis') throw new PoolJobFailed(`unexpected ${reply.kind} reply`);
      if (reply.json === null) {
        this.#hooks.onMissing(task.name);
        return null;
      }
      const parsed = replySchema.parse(JSON.parse(reply.json));
      const payloads = parsed.payloads;
      return {
        ticker: task.ticker,
        asof: task.asof,
        topSetupsItem: parsed.topSetupsItem as unknown as TopSetupsItem,
        payload: (endpoint: SnapshotEndpoint) => payloads[endpoint] ?? null,
      };
    } catch (error) {
      if (!(error instanceof PoolJobFailed) && !(error instanceof z.ZodError)) throw error;
      this.#fallback.note(
        `chain history: analysing ${task.name} in a worker thread failed (${error.message}); analysed on the main thread instead`,
      );
      return analyzeSnapshotPayloads(this.#hooks.fallback, ticker, at);
    }
  }

  async close(): Promise<void> {
    await this.#pool.close();
    this.#fallback.end((n) => `chain history: ${n} files in all were analysed on the main thread instead`);
  }
}
