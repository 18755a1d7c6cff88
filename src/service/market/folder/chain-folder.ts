// A market made of chain files in a folder, live: each file is one snapshot of one ticker, the
// folder is watched so new, replaced and deleted files are seen within seconds, and an on-disk
// index (chain-index.ts) means a restart parses only what changed. Parsed chains sit in a bounded
// LRU and are re-read from their file on a miss, so a folder of years of files never sits in
// memory: what is kept per file is its identity and four numbers (daily-figures.ts), enough for
// the daily history of every ticker (history-merge.ts), completed by `history/<TICKER>.csv`. A
// cold start with many files to parse parses them in a pool of worker threads (parse-pool.ts), which
// send back only the index rows; the history import analyses in the same pool (openAnalyser).
//
// Nothing in the folder is fatal: a file that cannot be read is listed in `problems` (and
// reported to subscribers once) and read again when it changes. A file stamped later than the wall
// clock is listed too ("dated in the future"): it is held but served only once that time comes, so
// it cannot move the data clock (clock.ts dataClock).
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FSWatcher } from 'chokidar';
import { LRUCache } from 'lru-cache';
import { epochToNy } from '../../../shared/market-calendar.ts';
import type { OptionChain } from '../../engine/chain.ts';
import type { EarningsEvent, TickerHistory } from '../../engine/types.ts';
import { dataClock } from '../clock.ts';
import type { ChainImport } from '../import/index.ts';
import type { MarketClock, MarketDataSource, TickerInfo } from '../source.ts';
import { ChainIndex, sameIdentity, type IndexedChain, type IndexRow } from './chain-index.ts';
import { nextEarnings, parseEarningsCsv, type EarningsCalendar } from './earnings-csv.ts';
import { EARNINGS_FILE, HISTORY_DIR, historyTickerOf, isChainFileName, listFiles } from './file-names.ts';
import { bounded } from '../import/errors.ts';
import { watchFolder, type WatchEvent, type WatchOptions } from './folder-watch.ts';
import { parseHistoryCsv, type DailyCloses } from './history-csv.ts';
import { mergeHistory } from './history-merge.ts';
import { messageOf } from '../../../shared/message-of.ts';
import { canonicalTicker } from '../../../shared/ticker-symbol.ts';
import {
  FallbackLog,
  ParsePool,
  PoolJobFailed,
  poolSize,
  threadsFromEnv,
  workerScript,
  type ParseThreads,
} from './parse-pool.ts';
import type { AnalysisJob } from './pool-messages.ts';
import { readChainFile, readChainFileSync, type ReadResult } from './read-chain-file.ts';
import { PooledAnalyser, type SnapshotAnalyser } from './snapshot-analyser.ts';
import { folderSnapshotNotes } from './snapshot-job.ts';
import { countsWithout, partialListingNote } from '../../engine/quality.ts';
import { folderRevision } from './revision.ts';
import { suspectDateNote } from '../import/date-line.ts';
import {
  describeSnapshotTime,
  type ChainFolderStatus,
  type ClockMode,
  type FolderProblem,
} from './status.ts';

export interface ChainFolderOptions {
  /** 'data' (default): "now" is the newest snapshot in the folder. Or any market clock. */
  clock?: 'data' | MarketClock;
  /**
   * The app's data folder: the index goes in `<dataDir>/chain-index/` (chain-index.ts), never in
   * the folder itself. Without one the index lives in memory.
   */
  dataDir?: string;
  /**
   * 'disk' (default): in `dataDir`, else memory. 'memory': one-shot reads. 'existing': the
   * folder's index in `dataDir` if there is one, else memory (creates nothing: probes).
   */
  index?: 'disk' | 'memory' | 'existing';
  /** Parsed chains kept in memory. Default 64. */
  cacheChains?: number;
  /** Watch the folder (default) or read it once. */
  watch?: boolean | WatchOptions;
  /** The wall clock, epoch ms (tests inject one): snapshots later than it are "in the future". */
  realNow?: () => number;
  /**
   * Threads parsing a cold start's files (and analysing a history import): 'auto' by the cores and
   * the work, 1 for the main thread only. Default: GAMMAWATCH_CHAIN_THREADS, else 'auto'.
   */
  parseThreads?: ParseThreads;
  /** The pool threads' file (tests); default parse-pool.ts `workerScript()`. */
  parseWorker?: URL | null;
  /** Where the folder says what it did about a failure that is not a problem of a file. */
  log?: (message: string) => void;
}

/** What changed, for subscribers: the files touched and problems not reported before. */
export interface ChainFolderChange {
  readonly files: readonly string[];
  readonly newProblems: readonly FolderProblem[];
}

export interface ImportedSnapshot {
  file: string;
  chain: OptionChain;
  notes: readonly string[];
}

interface Served {
  /** Ascending by asof; one per asof. */
  readonly entries: readonly IndexedChain[];
  readonly times: readonly number[];
}

interface HistoryFile {
  readonly identity: string;
  readonly closes: DailyCloses | null;
  readonly problem: string | null;
}

/** The folder's problem line when its index had to be rebuilt (listed for the session, logged once). */
export const INDEX_REBUILT = 'the chain index was damaged and was rebuilt from the files';

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const byFile = (a: FolderProblem, b: FolderProblem) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
const norm = (ticker: string) => canonicalTicker(ticker);

/** Index of the last element <= x in an ascending array, or -1. */
function lastAtOrBefore(times: readonly number[], x: number): number {
  let lo = 0;
  let hi = times.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((times[mid] as number) <= x) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

export class ChainFolder implements MarketDataSource {
  readonly simulated = false;
  readonly kind = 'chain_folder';
  readonly clock: MarketClock;
  readonly clockMode: ClockMode;
  readonly index: ChainIndex;
  /** Files parsed since start (index misses and cache misses): for tests and measurements. */
  parses = 0;

  readonly #files = new Map<string, IndexRow>();
  readonly #histories = new Map<string, HistoryFile>();
  #earnings: { identity: string; calendar: EarningsCalendar | null; problem: string | null } | null = null;
  readonly #chains: LRUCache<string, ChainImport>;
  #served = new Map<string, Served>();
  #duplicates = new Map<string, string>();
  #universe: TickerInfo[] = [];
  /** Every served snapshot time of every ticker, ascending: the data clock's newest-not-after. */
  #times: number[] = [];
  /** Problems found when the folder last changed; the "dated in the future" ones are added on read. */
  #problems: FolderProblem[] = [];
  readonly #realNow: () => number;
  readonly #threads: ParseThreads;
  readonly #workerScript: () => URL | null;
  readonly #log: (message: string) => void;
  readonly #revisions = new Map<string, string>();
  /** Per ticker, the times of its partial downloads; cleared with the revisions. */
  readonly #partials = new Map<string, ReadonlySet<number>>();
  readonly #reported = new Set<string>();
  readonly #listeners = new Set<(change: ChainFolderChange) => void>();
  /** The index generation the known rows were last written to (a rebuild empties the index). */
  #indexGeneration = 0;
  #watcher: FSWatcher | null = null;
  #queue: Promise<void> = Promise.resolve();
  #closed = false;

  private constructor(
    readonly dir: string,
    options: ChainFolderOptions,
  ) {
    const clock = options.clock ?? 'data';
    this.#realNow = options.realNow ?? Date.now;
    this.#threads = options.parseThreads ?? threadsFromEnv();
    const script = options.parseWorker;
    this.#workerScript = script === undefined ? workerScript : () => script;
    this.#log =
      options.log ?? ((message) => process.emitWarning(message, { code: 'GAMMAWATCH_CHAIN_FOLDER' }));
    this.clockMode = clock === 'data' || clock.kind === 'data' ? 'data' : 'real';
    this.clock = clock === 'data' ? dataClock((notAfter) => this.#newestAt(notAfter), this.#realNow) : clock;
    this.index =
      options.index === 'memory'
        ? ChainIndex.inMemory()
        : options.index === 'existing'
          ? ChainIndex.existing(dir, options.dataDir)
          : ChainIndex.open(dir, options.dataDir);
    this.#chains = new LRUCache({ max: options.cacheChains ?? 64 });
    this.#indexGeneration = this.index.generation;
  }

  /**
   * Reads the folder (through the index) and starts watching it. Throws only when the folder
   * itself cannot be listed (missing, not a folder, no permission).
   */
  static async open(dir: string, options: ChainFolderOptions = {}): Promise<ChainFolder> {
    try {
      await readdir(dir);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const why =
        code === 'ENOENT' ? 'folder not found' : code === 'ENOTDIR' ? 'not a folder' : messageOf(error);
      throw new Error(`cannot read the chain folder ${dir}: ${why}`, { cause: error });
    }
    const folder = new ChainFolder(dir, options);
    try {
      if (options.watch !== false) {
        // Watch first, then scan: a file arriving during the scan is an event queued after it.
        folder.#watcher = await watchFolder(
          dir,
          options.watch === true || options.watch === undefined ? {} : options.watch,
          (event) => folder.#enqueue(() => folder.#onEvent(event)),
          (error) =>
            folder.#report([
              { file: '.', message: bounded(`watching the folder failed: ${messageOf(error)}`) },
            ]),
        );
      }
      await folder.#enqueue(() => folder.#scan());
    } catch (error) {
      await folder.close();
      throw error;
    }
    return folder;
  }

  // ---- MarketDataSource ------------------------------------------------------------------------

  universe(): readonly TickerInfo[] {
    return this.#universe;
  }

  snapshotTimes(ticker: string, since: number, at: number): number[] {
    const times = this.#served.get(norm(ticker))?.times ?? [];
    return times.filter((t) => t >= since && t <= at);
  }

  latestSnapshotTime(ticker: string, at: number): number | null {
    const times = this.#served.get(norm(ticker))?.times ?? [];
    const i = lastAtOrBefore(times, at);
    return i < 0 ? null : (times[i] as number);
  }

  chain(ticker: string, snapshotTime: number): OptionChain | null {
    return this.snapshot(ticker, snapshotTime)?.chain ?? null;
  }

  history(ticker: string, snapshotTime: number): TickerHistory {
    const t = norm(ticker);
    return mergeHistory(
      this.#served.get(t)?.entries ?? [],
      this.#histories.get(t)?.closes ?? null,
      snapshotTime,
      this.partialSnapshots(t),
    );
  }

  earnings(ticker: string, snapshotTime: number): EarningsEvent | null {
    const calendar = this.#earnings?.calendar;
    return calendar ? nextEarnings(calendar, norm(ticker), epochToNy(snapshotTime).date) : null;
  }

  /**
   * Changes whenever anything an analysis of the ticker reads changes: its chain files (added,
   * replaced, removed), its history file, the earnings calendar. Built from file identities, so
   * every service reading the same folder agrees on it (and on the ETags that include it).
   */
  revision(ticker: string): string {
    const t = norm(ticker);
    let rev = this.#revisions.get(t);
    if (rev === undefined) {
      rev = folderRevision(
        this.#served.get(t)?.entries ?? [],
        this.#histories.get(t)?.identity ?? '',
        this.#earnings?.identity ?? '',
      );
      this.#revisions.set(t, rev);
    }
    return rev;
  }

  newestSnapshotTime(ticker: string): number | null {
    const times = this.#served.get(norm(ticker))?.times;
    return times?.[times.length - 1] ?? null;
  }

  /**
   * Notes a reader needs about one file: taken on a closed day or before the open (which session
   * it shows), and a partial download, judged against the ticker's other files in the folder.
   */
  snapshotNotes(ticker: string, snapshotTime: number, chain: OptionChain): string[] {
    return folderSnapshotNotes(snapshotTime, chain, this.#otherCounts(ticker, snapshotTime));
  }

  partialSnapshots(ticker: string): ReadonlySet<number> {
    const t = norm(ticker);
    let partial = this.#partials.get(t);
    if (partial === undefined) {
      const entries = this.#served.get(t)?.entries ?? [];
      const sorted = entries.map((e) => e.expirations).sort((a, b) => a - b);
      // Each file against the others: the same comparison as its note (snapshotNotes).
      partial = new Set(
        entries
          .filter((e) => partialListingNote(e, countsWithout(sorted, e.expirations)) !== null)
          .map((e) => e.asof),
      );
      this.#partials.set(t, partial);
    }
    return partial;
  }

  /** The expiration counts of the ticker's other files (the partial-download note compares with them). */
  #otherCounts(ticker: string, snapshotTime: number): number[] {
    return (this.#served.get(norm(ticker))?.entries ?? [])
      .filter((e) => e.asof !== snapshotTime)
      .map((e) => e.expirations);
  }

  // ---- The folder's own API ----------------------------------------------------------------------

  /** The folder's problems, the files dated later than the wall clock at this moment included. */
  get problems(): readonly FolderProblem[] {
    const future = this.#futureProblems(this.#realNow());
    return future.length === 0 ? this.#problems : [...this.#problems, ...future].sort(byFile);
  }

  /** The newest snapshot not later than the wall clock (a file dated in the future is not "newest"). */
  get newestSnapshot(): number | null {
    return this.#newestAt(this.#realNow());
  }

  /** Chain files not served: unreadable, or a second file of a ticker and snapshot time. */
  get skippedFiles(): number {
    let n = this.#duplicates.size;
    for (const row of this.#files.values()) if (row.kind === 'failure') n++;
    return n;
  }

  /** Parsed chains currently held in memory. */
  get cachedChains(): number {
    return this.#chains.size;
  }

  status(): ChainFolderStatus {
    let files = 0;
    for (const s of this.#served.values()) files += s.entries.length;
    return {
      dir: this.dir,
      files,
      tickers: this.#universe.map((t) => t.ticker),
      newestSnapshot: this.newestSnapshot,
      problems: this.problems,
      clock: this.clockMode,
    };
  }

  /** The snapshot behind an instant: its file, chain and import notes; null when there is none. */
  snapshot(ticker: string, snapshotTime: number): ImportedSnapshot | null {
    const served = this.#served.get(norm(ticker));
    if (!served) return null;
    const i = lastAtOrBefore(served.times, snapshotTime);
    const entry = i < 0 ? undefined : served.entries[i];
    if (entry === undefined || entry.asof !== snapshotTime) return null;
    const key = `${entry.name}|${entry.size}|${entry.mtimeMs}`;
    let parsed = this.#chains.get(key);
    if (parsed === undefined) {
      try {
        const read = readChainFileSync(this.dir, entry.name);
        this.parses++;
        if (read.parsed.chain.ticker !== entry.ticker || read.parsed.chain.asof !== entry.asof) {
          // Replaced since it was indexed: the watcher's event will re-index it; meanwhile no chain.
          void this.#enqueue(() => this.#indexFile(entry.name));
          return null;
        }
        parsed = read.parsed;
        this.#chains.set(key, parsed);
      } catch {
        void this.#enqueue(() => this.#indexFile(entry.name));
        return null;
      }
    }
    return { file: entry.name, chain: parsed.chain, notes: parsed.notes };
  }

  /**
   * Analyses `count` served snapshots in worker threads (a history import), or null when the work
   * stays on the calling thread: too few snapshots, one thread asked for, no worker file. The
   * caller closes it when done; a snapshot whose thread fails is analysed on the main thread, and
   * `log` (default: the folder's) says so.
   */
  openAnalyser(count: number, log: (message: string) => void = this.#log): SnapshotAnalyser | null {
    const size = poolSize(count, this.#threads);
    const pool = size === 0 ? null : ParsePool.open(size, this.#workerScript(), log);
    if (pool === null) return null;
    return new PooledAnalyser(pool, {
      task: (ticker, at) => this.#analysisTask(ticker, at),
      onMissing: (name) => void this.#enqueue(() => this.#indexFile(name)),
      fallback: this,
      log,
    });
  }

  /** What a thread needs to analyse a served snapshot without this folder; null when none is served. */
  #analysisTask(ticker: string, at: number): Omit<AnalysisJob, 'id'> | null {
    const served = this.#served.get(norm(ticker));
    if (!served) return null;
    const entry = served.entries[lastAtOrBefore(served.times, at)];
    if (entry === undefined || entry.asof !== at) return null;
    return {
      kind: 'analysis',
      dir: this.dir,
      name: entry.name,
      ticker: entry.ticker,
      asof: at,
      history: this.history(ticker, at),
      earnings: this.earnings(ticker, at),
      otherCounts: this.#otherCounts(ticker, at),
      revision: this.revision(ticker),
    };
  }

  /** Called after every change of the folder (and with the problems found by the first scan). */
  subscribe(listener: (change: ChainFolderChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Lists the folder again and indexes what changed, for a "refresh now" and for filesystems whose
   * change events do not arrive (network drives); resolves once it is applied.
   */
  rescan(): Promise<void> {
    return this.#enqueue(() => this.#scan());
  }

  /** Resolves once every change seen so far has been applied (tests, probes). */
  settled(): Promise<void> {
    return this.#queue;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#listeners.clear();
    await this.#watcher?.close();
    await this.#queue;
    this.index.close();
    this.#chains.clear();
  }

  // ---- Indexing ----------------------------------------------------------------------------------

  #enqueue(job: () => Promise<void>): Promise<void> {
    this.#queue = this.#queue.then(async () => {
      if (this.#closed) return;
      try {
        await job();
      } catch (error) {
        this.#report([{ file: '.', message: bounded(`updating the folder failed: ${messageOf(error)}`) }]);
      }
    });
    return this.#queue;
  }

  async #scan(): Promise<void> {
    const names = (await listFiles(this.dir)).filter(isChainFileName).sort();
    const known = new Map(this.index.all().map((row) => [row.name, row]));
    // A rescan also forgets files that went away while no watcher saw it.
    const listed = new Set(names);
    for (const name of [...this.#files.keys()]) if (!listed.has(name)) this.#files.delete(name);
    const fresh: IndexRow[] = [];
    // Files whose identity the index knows are kept; the rest are parsed, on every core when many.
    const kept = new Map<string, IndexRow | null>();
    const toParse: string[] = [];
    for (const name of names) {
      const row = await this.#known(name, known.get(name));
      if (row === undefined) toParse.push(name);
      else kept.set(name, row);
    }
    const parsed = await this.#parseMany(toParse);
    for (const name of names) {
      const row = kept.has(name) ? kept.get(name) : parsed.get(name);
      if (row === null || row === undefined) continue;
      this.#files.set(name, row);
      if (row !== known.get(name)) fresh.push(row);
    }
    this.index.putMany(fresh);
    this.index.remove([...known.keys()].filter((name) => !this.#files.has(name)));
    this.#refillIndex();
    await this.#loadHistories();
    await this.#loadEarnings();
    this.#rebuild(names);
  }

  /** The index row of a file: the known one when its identity is unchanged, else a fresh parse. */
  async #read(name: string, known: IndexRow | undefined): Promise<IndexRow | null> {
    const row = await this.#known(name, known);
    return row === undefined ? this.#parse(name) : row;
  }

  /** The known row when the file's identity is unchanged; null when it is gone; undefined: parse it. */
  async #known(name: string, known: IndexRow | undefined): Promise<IndexRow | null | undefined> {
    if (known === undefined) return undefined;
    try {
      const { size, mtimeMs } = await stat(join(this.dir, name));
      return sameIdentity(known, { name, size, mtimeMs }) ? known : undefined;
    } catch {
      return null;
    }
  }

  /** Parses one file on this thread (its chain goes to the cache); null when it is gone. */
  async #parse(name: string): Promise<IndexRow | null> {
    return this.#kept(await readChainFile(this.dir, name));
  }

  #kept(result: ReadResult | null): IndexRow | null {
    if (result === null) return null;
    this.parses++;
    if (result.parsed) {
      this.#chains.set(`${result.row.name}|${result.row.size}|${result.row.mtimeMs}`, result.parsed);
    }
    return result.row;
  }

  /**
   * Parses files for the index: in a pool of worker threads when there are enough of them (a cold
   * start), else one by one here. The rows are the same either way; a thread only sends back the
   * row, so the chain cache starts empty and fills on demand. A file whose thread fails is parsed
   * here instead, and the log says so.
   */
  async #parseMany(names: readonly string[]): Promise<Map<string, IndexRow | null>> {
    const out = new Map<string, IndexRow | null>();
    const size = poolSize(names.length, this.#threads);
    const pool = size === 0 ? null : ParsePool.open(size, this.#workerScript(), this.#log);
    if (pool === null) {
      for (const name of names) out.set(name, await this.#parse(name));
      return out;
    }
    const fallback = new FallbackLog(this.#log);
    try {
      await Promise.all(
        names.map(async (name) => {
          try {
            const reply = await pool.run({ kind: 'index', dir: this.dir, name });
            if (reply.kind !== 'index') throw new PoolJobFailed(`unexpected ${reply.kind} reply`);
            if (reply.row !== null) this.parses++;
            out.set(name, reply.row);
          } catch (error) {
            if (!(error instanceof PoolJobFailed)) throw error;
            fallback.note(
              `chain folder: parsing ${name} in a worker thread failed (${error.message}); parsed on the main thread instead`,
            );
            out.set(name, await this.#parse(name));
          }
        }),
      );
    } finally {
      await pool.close();
      fallback.end((n) => `chain folder: ${n} files in all were parsed on the main thread instead`);
    }
    return out;
  }

  async #indexFile(name: string): Promise<void> {
    const before = this.#files.get(name);
    const row = await this.#read(name, before);
    if (row === null) {
      if (before === undefined) return;
      this.#files.delete(name);
      this.index.remove([name]);
    } else {
      if (row === before) return;
      this.#files.set(name, row);
      this.index.put(row);
    }
    this.#refillIndex();
    this.#rebuild([name]);
  }

  /**
   * After the index was found damaged while in use and emptied, writes back every row known: they
   * came from the files (the index never holds anything the files do not), so nothing is lost.
   */
  #refillIndex(): void {
    if (this.index.generation === this.#indexGeneration) return;
    this.#indexGeneration = this.index.generation;
    this.index.putMany([...this.#files.values()]);
  }

  async #onEvent(event: WatchEvent): Promise<void> {
    if ('historyDirGone' in event) {
      this.#histories.clear();
      this.#rebuild([HISTORY_DIR]);
      return;
    }
    const { file } = event;
    if (file.kind === 'chain') return this.#indexFile(file.name);
    if (file.kind === 'history') await this.#loadHistory(file.ticker, file.name);
    else await this.#loadEarnings();
    this.#rebuild([file.name]);
  }

  async #loadHistories(): Promise<void> {
    let names: string[] = [];
    try {
      names = await listFiles(join(this.dir, HISTORY_DIR));
    } catch {
      // No history folder: history comes from the snapshots alone.
    }
    this.#histories.clear();
    for (const name of names.sort()) {
      const ticker = historyTickerOf(name);
      if (ticker !== null) await this.#loadHistory(ticker, `${HISTORY_DIR}/${name}`);
    }
  }

  async #loadHistory(ticker: string, name: string): Promise<void> {
    const loaded = await readSmallFile(join(this.dir, name));
    if (loaded === null) {
      this.#histories.delete(ticker);
      return;
    }
    let closes: DailyCloses | null = null;
    let problem: string | null = null;
    try {
      closes = parseHistoryCsv(loaded.text);
    } catch (error) {
      problem = messageOf(error);
    }
    this.#histories.set(ticker, { identity: `${name}|${loaded.identity}`, closes, problem });
  }

  async #loadEarnings(): Promise<void> {
    const loaded = await readSmallFile(join(this.dir, EARNINGS_FILE));
    if (loaded === null) {
      this.#earnings = null;
      return;
    }
    try {
      this.#earnings = { identity: loaded.identity, calendar: parseEarningsCsv(loaded.text), problem: null };
    } catch (error) {
      this.#earnings = { identity: loaded.identity, calendar: null, problem: messageOf(error) };
    }
  }

  /** Recomputes what is served from the files known, then tells subscribers. */
  #rebuild(changed: readonly string[]): void {
    const groups = new Map<string, IndexedChain[]>();
    const stated = new Map<string, string>();
    for (const row of [...this.#files.values()].sort(byName)) {
      if (row.kind !== 'chain') continue;
      const list = groups.get(row.ticker) ?? [];
      list.push(row);
      groups.set(row.ticker, list);
      if (row.statedName && !stated.has(row.ticker)) stated.set(row.ticker, row.statedName);
    }
    const served = new Map<string, Served>();
    const duplicates = new Map<string, string>();
    const times: number[] = [];
    for (const [ticker, list] of groups) {
      // Same ticker and snapshot time: the first by name is kept, whatever order files arrived in.
      list.sort((a, b) => a.asof - b.asof || byName(a, b));
      const entries: IndexedChain[] = [];
      for (const row of list) {
        const last = entries[entries.length - 1];
        if (last !== undefined && last.asof === row.asof) duplicates.set(row.name, last.name);
        else entries.push(row);
      }
      served.set(ticker, { entries, times: entries.map((e) => e.asof) });
      for (const e of entries) times.push(e.asof);
    }
    const tickers = [...served.keys()].sort();
    const sameUniverse =
      tickers.length === this.#universe.length && tickers.every((t, i) => this.#universe[i]?.ticker === t);
    if (!sameUniverse) {
      this.#universe = tickers.map((ticker) => ({
        ticker,
        name: `${stated.get(ticker) ?? ticker} (imported)`,
        kind: 'imported',
        demo: false,
      }));
    }
    this.#served = served;
    this.#duplicates = duplicates;
    this.#times = times.sort((a, b) => a - b);
    this.#revisions.clear();
    this.#partials.clear();
    this.#problems = this.#collectProblems();
    this.#report(this.problems, changed);
  }

  /** The newest served snapshot at or before an instant, of any ticker. */
  #newestAt(notAfter: number): number | null {
    const i = lastAtOrBefore(this.#times, notAfter);
    return i < 0 ? null : (this.#times[i] as number);
  }

  /**
   * Files stamped later than `now`: said plainly, since a file dated 2033 would otherwise just
   * vanish (it is not served before its time) and, on the data clock, used to empty the rankings.
   */
  #futureProblems(now: number): FolderProblem[] {
    const out: FolderProblem[] = [];
    for (const { entries } of this.#served.values()) {
      for (let i = entries.length - 1; i >= 0 && (entries[i] as IndexedChain).asof > now; i--) {
        const e = entries[i] as IndexedChain;
        out.push({
          file: e.name,
          message:
            `dated in the future: its snapshot time ${describeSnapshotTime(e.asof, now)} is later than ` +
            "this computer's clock; it is not served, and does not move the data clock, until then",
        });
      }
    }
    return out;
  }

  #collectProblems(): FolderProblem[] {
    const out: FolderProblem[] = [];
    if (this.index.damaged) out.push({ file: '.', message: INDEX_REBUILT });
    for (const row of this.#files.values()) {
      if (row.kind === 'failure') out.push({ file: row.name, message: row.problem });
      else {
        // Imported as the file says, but listed: its Date line is probably wrong.
        const suspect = suspectDateNote(row.ticker, row.asof, row.firstExpiration);
        if (suspect !== null) out.push({ file: row.name, message: `imported, but ${suspect}` });
      }
    }
    for (const [name, kept] of this.#duplicates) {
      out.push({ file: name, message: `same ticker and snapshot time as ${kept}; skipped` });
    }
    for (const [ticker, h] of this.#histories) {
      const file = h.identity.split('|')[0] ?? `${HISTORY_DIR}/${ticker}.csv`;
      if (h.problem !== null)
        out.push({ file, message: `${h.problem}; ${ticker} history comes from its snapshots only` });
      for (const note of h.closes?.notes ?? []) out.push({ file, message: note });
    }
    if (this.#earnings?.problem) out.push({ file: EARNINGS_FILE, message: this.#earnings.problem });
    for (const note of this.#earnings?.calendar?.notes ?? [])
      out.push({ file: EARNINGS_FILE, message: note });
    // Messages quote file content clipped already (import/errors.ts); this bounds the rest.
    return out.map((p) => ({ file: p.file, message: bounded(p.message) })).sort(byFile);
  }

  /** Tells subscribers about a change; each (file, message) problem is new only once. */
  #report(problems: readonly FolderProblem[], changed: readonly string[] = []): void {
    const newProblems = problems.filter((p) => {
      const key = `${p.file}\n${p.message}`;
      if (this.#reported.has(key)) return false;
      this.#reported.add(key);
      return true;
    });
    if (newProblems.length === 0 && changed.length === 0) return;
    const change: ChainFolderChange = { files: changed, newProblems };
    for (const listener of this.#listeners) listener(change);
  }
}

/** A small text file and its identity, or null when it does not exist. */
async function readSmallFile(path: string): Promise<{ text: string; identity: string } | null> {
  try {
    const info = await stat(path);
    if (!info.isFile()) return null;
    return { text: await readFile(path, 'utf8'), identity: `${info.size}:${info.mtimeMs}` };
  } catch {
    return null;
  }
}
