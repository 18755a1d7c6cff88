// Every chain file is a snapshot in the app's history, not only the newest one a poll fetches. When
// a chain folder (or the Tradier collector's) becomes the source, its files are analysed by the
// service's own pipeline and stored as the payloads the poller would have stored for them (every
// per-ticker view, under the poller's parameters); new files are imported as they land, through the
// source's one ingest, which decides what is news (store/ingest.ts). Each ticker's newest file not
// yet stored goes first, in a batch of its own: it is news, compared with what was stored before
// (on a folder's first import: nothing, as on a first poll, so years of files raise no alert), and
// the older files after it are history. So a file that lands raises exactly its own alerts, once.
// A file already stored (its signals snapshot at that instant) is skipped, so a restart or a rescan
// imports only what is new. The work runs in small chunks with a turn of the event loop between
// them, so a folder of thousands of files never blocks the UI, and reports its progress. A chain
// folder with many files to import analyses them in its parse pool (worker threads, every core):
// this thread then only turns each snapshot's JSON back into payloads and stores them, while the
// threads already analyse the next chunk.
import { sessionDateOf } from '../../shared/market-calendar.ts';
import { messageOf } from '../../shared/message-of.ts';
import { STORED_VIEWS } from '../../shared/stored-views.ts';
import {
  analyzeSnapshotPayloads,
  ChainFolder,
  type MarketDataSource,
  type SnapshotPayloads,
} from '../../service/index.ts';
import { yieldTurn } from '../lib/yield-turn.ts';
import { ingestProduced, type IngestDeps } from '../store/ingest.ts';
import { analysedInputs, storedTimes } from '../store/past-snapshots.ts';
import type { SnapshotInput } from '../store/repositories/snapshots.ts';

/** Files analysed and stored per transaction, between two turns of the event loop. */
const CHUNK = 4;
/** A chain folder's pool analysing snapshots in worker threads. */
type SnapshotAnalyser = NonNullable<ReturnType<ChainFolder['openAnalyser']>>;

/** With a pool: files per transaction, per thread (each thread has this many queued at a time). */
const CHUNK_PER_THREAD = 2;

/** One chain file's snapshot: a ticker at an instant. */
interface Instant {
  ticker: string;
  at: number;
}

export interface ImportProgress {
  /** Files imported (or found unreadable) so far in this run, and how many the run found. */
  done: number;
  total: number;
  running: boolean;
  /** Files the engine could not analyse in this run (each is also a problem of the folder). */
  failed: number;
}

export interface FolderHistoryOptions {
  /** The folder's source's ingest (its store is bound to the source: Store.forSource). */
  ingest: IngestDeps;
  source: MarketDataSource;
  /** Whether the app serves this folder: a connection not yet (or no longer) in use imports nothing. */
  inUse(): boolean;
  /** The wall clock: a file stamped later than this is not history (the folder flags it). */
  now(): number;
  /** Files stamped before this are not imported: retention deleted them. Default: every file. */
  keepFrom?(): number;
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

  /**
   * Every (ticker, instant) the folder has and the store lacks, in the order they are stored: each
   * ticker's newest first (`leaders`, news), then the rest oldest first (history).
   */
  #missing(): { leaders: Instant[]; rest: Instant[] } {
    const { source } = this.#o;
    const { store } = this.#o.ingest;
    const until = this.#o.now();
    const leaders: Instant[] = [];
    const rest: Instant[] = [];
    const from = this.#o.keepFrom?.() ?? 0;
    for (const { ticker } of source.universe()) {
      const times = source.snapshotTimes(ticker, Math.max(0, from), until);
      if (times.length === 0) continue;
      const first = times[0] as number;
      const last = times[times.length - 1] as number;
      const stored = storedTimes(store, { endpoint: 'signals', ticker, params: {} }, first, last);
      // A session thinning went through keeps fewer snapshots than the folder has files, on
      // purpose: its files are not imported again (to be thinned again).
      const thinned = new Set(
        store.thinning
          .thinnedDays({ source: store.source, ticker, from: sessionDateOf(first), to: sessionDateOf(last) })
          .map((d) => d.day),
      );
      const missing = times
        .filter((at) => !stored.has(at) && !thinned.has(sessionDateOf(at)))
        .map((at) => ({ ticker, at }));
      const newest = missing.pop();
      if (newest) leaders.push(newest);
      rest.push(...missing);
    }
    const order = (a: Instant, b: Instant) => a.at - b.at || (a.ticker < b.ticker ? -1 : 1);
    return { leaders: leaders.sort(order), rest: rest.sort(order) };
  }

  #inUse(): boolean {
    return this.#o.inUse() && !this.#abort.signal.aborted;
  }

  async #importMissing(): Promise<void> {
    const { source, ingest } = this.#o;
    if (!this.#inUse()) return;
    const { leaders, rest } = this.#missing();
    const total = leaders.length + rest.length;
    if (total === 0) return;
    const progress: ImportProgress = { done: 0, total, running: true, failed: 0 };
    this.#progress = progress;
    this.#o.onProgress({ ...progress });
    let stored = 0;
    const analyser = source instanceof ChainFolder ? source.openAnalyser(total, this.#o.log) : null;
    try {
      const chunkSize = analyser ? Math.max(CHUNK, analyser.threads * CHUNK_PER_THREAD) : CHUNK;
      // The leaders are stored before any older file, never in one batch with them.
      const chunks = [...chunksOf(leaders, chunkSize), ...chunksOf(rest, chunkSize)];
      // With a pool the next chunk is analysed in the threads while this one is stored.
      const ahead = (i: number) => {
        const chunk = chunks[i];
        return analyser && chunk ? analyseIn(analyser, chunk) : null;
      };
      let next = ahead(0);
      for (let i = 0; i < chunks.length && this.#inUse(); i++) {
        const chunk = chunks[i] as Instant[];
        const analysed = next ? await next : this.#analyseHere(chunk);
        next = ahead(i + 1);
        const inputs: SnapshotInput[] = [];
        for (const a of analysed) {
          if (!a) {
            progress.failed++;
            continue;
          }
          inputs.push(...analysedInputs(a, STORED_VIEWS, 'chain_file'));
        }
        const outcome = ingestProduced(ingest, inputs);
        stored += outcome.snapshots.length;
        for (const f of outcome.failures) this.#o.log(`chain history: storing ${f.key}: ${f.error}`);
        progress.done += chunk.length;
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
  #analyseHere(chunk: readonly Instant[]): (SnapshotPayloads | null)[] {
    return chunk.map(({ ticker, at }) => analyzeSnapshotPayloads(this.#o.source, ticker, at));
  }
}

/** `items` in consecutive chunks of `size`. */
function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A chunk's snapshots analysed in the pool's threads, in order. */
function analyseIn(
  analyser: SnapshotAnalyser,
  chunk: readonly Instant[],
): Promise<(SnapshotPayloads | null)[]> {
  return Promise.all(chunk.map(({ ticker, at }) => analyser.analyse(ticker, at)));
}
