// Every chain file is a snapshot in the app's history, not only the newest one a poll fetches. When
// a chain folder (or the Tradier collector's) becomes the source, its files are analysed by the
// service's own pipeline and stored, oldest first, as the payloads the poller would have stored for
// them (every per-ticker view, under the poller's parameters); new files are imported as they land.
// A file already stored (its signals snapshot at that instant) is skipped, so a restart or a rescan
// imports only what is new. The work runs in small chunks with a turn of the event loop between
// them, so a folder of thousands of files never blocks the UI, and reports its progress. A chain
// folder with many files to import analyses them in its parse pool (worker threads, every core):
// this thread then only turns each snapshot's JSON back into payloads and stores them, while the
// threads already analyse the next chunk.
import type { AlertRuleBody } from '../../shared/alert-rules.ts';
import { messageOf } from '../../shared/message-of.ts';
import {
  analyzeSnapshotPayloads,
  ChainFolder,
  TICKER_SNAPSHOT_VIEWS,
  type MarketDataSource,
  type SnapshotPayloads,
} from '../../service/index.ts';
import { analysedInputs } from '../backtest/local-backfill.ts';
import { yieldTurn } from '../backtest/past-source.ts';
import { storedTimes } from '../backtest/stored-history.ts';
import { ingestHistory } from '../poller/ingest.ts';
import type { Store } from '../store/database.ts';
import type { SnapshotInput } from '../store/repositories/snapshots.ts';

/** Files analysed and stored per transaction, between two turns of the event loop. */
const CHUNK = 4;
/** A chain folder's pool analysing snapshots in worker threads. */
type SnapshotAnalyser = NonNullable<ReturnType<ChainFolder['openAnalyser']>>;

/** With a pool: files per transaction, per thread (each thread has this many queued at a time). */
const CHUNK_PER_THREAD = 2;

export interface ImportProgress {
  /** Files imported (or found unreadable) so far in this run, and how many the run found. */
  done: number;
  total: number;
  running: boolean;
  /** Files the engine could not analyse in this run (each is also a problem of the folder). */
  failed: number;
}

export interface FolderHistoryOptions {
  store: Store<AlertRuleBody>;
  source: MarketDataSource;
  /** The folder's source id: rows are written only while the store serves it (see source-scope.ts). */
  sourceId: string;
  /** The wall clock: a file stamped later than this is not history (the folder flags it). */
  now(): number;
  /** Progress moved (throttled by the caller if it wants to). */
  onProgress(progress: ImportProgress): void;
  /** A run stored snapshots: views may reload, the store may compact. */
  onImported(count: number): void;
  log(message: string): void;
}

export class FolderHistory {
  readonly #o: FolderHistoryOptions;
  #progress: ImportProgress | null = null;
  #run: Promise<void> | null = null;
  #again = false;
  readonly #abort = new AbortController();

  constructor(options: FolderHistoryOptions) {
    this.#o = options;
  }

  /** The current or last run's progress; null before the first run. */
  progress(): ImportProgress | null {
    return this.#progress;
  }

  /** Imports what is not stored yet; a call during a run makes it look again when it ends. */
  start(): Promise<void> {
    if (this.#abort.signal.aborted) return Promise.resolve();
    if (this.#run) {
      this.#again = true;
      return this.#run;
    }
    const run = (async () => {
      do {
        this.#again = false;
        try {
          await this.#importMissing();
        } catch (error) {
          this.#o.log(`chain history: ${messageOf(error)}`);
        }
      } while (this.#again && !this.#abort.signal.aborted);
    })();
    this.#run = run.finally(() => (this.#run = null));
    return this.#run;
  }

  /** Resolves when no run is in progress (at once when none is). */
  async settled(): Promise<void> {
    while (this.#run) await this.#run;
  }

  /** Stops between two chunks and waits for the run in progress. */
  async stop(): Promise<void> {
    this.#abort.abort();
    await this.#run;
  }

  /** Every (ticker, instant) the folder has and the store lacks, oldest first. */
  #missing(): { ticker: string; at: number }[] {
    const { store, source } = this.#o;
    const until = this.#o.now();
    const out: { ticker: string; at: number }[] = [];
    for (const { ticker } of source.universe()) {
      const times = source.snapshotTimes(ticker, 0, until);
      if (times.length === 0) continue;
      const stored = storedTimes(
        store,
        { endpoint: 'signals', ticker, params: {} },
        times[0] as number,
        times[times.length - 1] as number,
      );
      for (const at of times) if (!stored.has(at)) out.push({ ticker, at });
    }
    return out.sort((a, b) => a.at - b.at || (a.ticker < b.ticker ? -1 : 1));
  }

  /** Whether the store serves this folder: a connection not yet (or no longer) in use writes nothing. */
  #inUse(): boolean {
    return this.#o.store.source === this.#o.sourceId && !this.#abort.signal.aborted;
  }

  async #importMissing(): Promise<void> {
    const { store, source } = this.#o;
    if (!this.#inUse()) return;
    const todo = this.#missing();
    if (todo.length === 0) return;
    const progress: ImportProgress = { done: 0, total: todo.length, running: true, failed: 0 };
    this.#progress = progress;
    this.#o.onProgress({ ...progress });
    let stored = 0;
    const analyser = source instanceof ChainFolder ? source.openAnalyser(todo.length, this.#o.log) : null;
    try {
      const chunkSize = analyser ? Math.max(CHUNK, analyser.threads * CHUNK_PER_THREAD) : CHUNK;
      // With a pool the next chunk is analysed in the threads while this one is stored.
      const ahead = (from: number) =>
        analyser && from < todo.length ? analyseIn(analyser, todo.slice(from, from + chunkSize)) : null;
      let next = ahead(0);
      for (let i = 0; i < todo.length && this.#inUse(); i += chunkSize) {
        const analysed = next ? await next : this.#analyseHere(todo.slice(i, i + chunkSize));
        next = ahead(i + chunkSize);
        const inputs: SnapshotInput[] = [];
        for (const a of analysed) {
          if (!a) {
            progress.failed++;
            continue;
          }
          inputs.push(...analysedInputs(a, TICKER_SNAPSHOT_VIEWS, 'chain_file'));
        }
        stored += ingestHistory(store, inputs).snapshots;
        progress.done = Math.min(i + chunkSize, todo.length);
        this.#o.onProgress({ ...progress });
        await yieldTurn();
      }
      // Stopped early: the chunk analysed ahead is dropped (its threads stop with the pool).
      await next?.catch(() => undefined);
    } finally {
      await analyser?.close();
    }
    progress.running = false;
    this.#o.onProgress({ ...progress });
    if (stored > 0) this.#o.onImported(stored);
  }

  /** A chunk's snapshots analysed on this thread, one by one. */
  #analyseHere(chunk: readonly { ticker: string; at: number }[]): (SnapshotPayloads | null)[] {
    return chunk.map(({ ticker, at }) => analyzeSnapshotPayloads(this.#o.source, ticker, at));
  }
}

/** A chunk's snapshots analysed in the pool's threads, in order. */
function analyseIn(
  analyser: SnapshotAnalyser,
  chunk: readonly { ticker: string; at: number }[],
): Promise<(SnapshotPayloads | null)[]> {
  return Promise.all(chunk.map(({ ticker, at }) => analyser.analyse(ticker, at)));
}
