// A pool of worker threads that parse (and analyse) chain files, so a cold start or a history
// import uses every core instead of one. The pool lives for one batch of work: it is opened for a
// cold start's files or an import run and terminated when that ends, so nothing lingers to keep a
// test, the CLI or the app from exiting.
//
// A thread needs a file to load. From source (tsx, vitest) that is parse-worker.mjs, which
// registers tsx and imports parse-worker.ts; the Electron build bundles parse-worker.ts as
// `chain-parse-worker.js` beside its main entry (electron.vite.config.ts). When neither can be
// found, `openParsePool` returns null and the caller parses on its own thread, as before.
//
// A thread that dies (or a job that throws) fails only its own jobs: the caller runs those on the
// main thread (and logs it), and the dead thread is not replaced for the rest of the batch.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { messageOf } from '../../../shared/message-of.ts';
import { poolReplySchema, type PoolReply, type PoolTask } from './pool-messages.ts';

/** More threads than this stop paying: the main thread's index writes and the disk become the limit. */
export const MAX_PARSE_THREADS = 8;
/**
 * Files a thread must have to pay for itself. A thread starts cold: loading its modules takes
 * 0.3 s bundled and 0.5 to 2 s from source (tsx compiles them), and its first parses run
 * unoptimised (30 to 80 ms where a warm thread takes 3 to 6), so below a few hundred files one
 * thread is faster (measured on 224 KB files; see test/bench/chain-folder.bench.ts).
 */
export const MIN_FILES_PER_THREAD = 200;
/** Setting for the thread count when no option says: a number (1 = parse on the main thread) or 'auto'. */
export const THREADS_ENV = 'GAMMAWATCH_CHAIN_THREADS';

/** 'auto' (default): by the cores and the work; a number: at most that many (1: no pool). */
export type ParseThreads = number | 'auto';

/** The thread count from the environment, when it says one ('auto' otherwise). */
export function threadsFromEnv(env: NodeJS.ProcessEnv = process.env): ParseThreads {
  const raw = env[THREADS_ENV]?.trim();
  if (raw === undefined || raw === '' || raw === 'auto') return 'auto';
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : 'auto';
}

/**
 * How many threads for `jobs` jobs: never more than the jobs, and on 'auto' no more than the cores
 * (capped) nor than one per MIN_FILES_PER_THREAD jobs. Below 2 the work stays on the main thread.
 */
export function poolSize(jobs: number, threads: ParseThreads, cores = availableParallelism()): number {
  const size =
    threads === 'auto'
      ? Math.min(cores, MAX_PARSE_THREADS, Math.floor(jobs / MIN_FILES_PER_THREAD))
      : Math.min(threads, jobs);
  return size >= 2 ? size : 0;
}

/** The worker's file: the tsx entry beside this source file, or the bundled one beside the bundle. */
export function workerScript(): URL | null {
  const candidates = import.meta.url.endsWith('.ts')
    ? [new URL('./parse-worker.mjs', import.meta.url)]
    : [
        new URL('./chain-parse-worker.js', import.meta.url),
        new URL('../chain-parse-worker.js', import.meta.url),
      ];
  return candidates.find((url) => existsSync(fileURLToPath(url))) ?? null;
}

/**
 * The log of files sent back to the main thread: each of the first few is named, and past them a
 * single line at the end says how many there were (a pool that cannot start fails every file).
 */
export class FallbackLog {
  static readonly NAMED = 5;
  #count = 0;

  constructor(readonly log: (message: string) => void) {}

  note(message: string): void {
    if (++this.#count <= FallbackLog.NAMED) this.log(message);
  }

  /** The closing line, when files were left unnamed. */
  end(summary: (count: number) => string): void {
    if (this.#count > FallbackLog.NAMED) this.log(summary(this.#count));
  }
}

/** The job failed in its thread (the thread died, or the job threw): the caller runs it itself. */
export class PoolJobFailed extends Error {}

interface Pending {
  readonly task: PoolTask;
  resolve(reply: PoolReply): void;
  reject(error: Error): void;
}

interface Slot {
  readonly worker: Worker;
  job: { id: number; pending: Pending } | null;
  dead: boolean;
}

export class ParsePool {
  readonly #slots: Slot[] = [];
  readonly #queue: Pending[] = [];
  #nextId = 1;
  #closed = false;

  private constructor(script: URL, size: number, log: (message: string) => void) {
    for (let i = 0; i < size; i++) {
      try {
        this.#slots.push(this.#spawn(script));
      } catch (error) {
        log(`chain folder: a worker thread could not start (${messageOf(error)})`);
      }
    }
  }

  /**
   * A pool of `size` threads, or null when the worker's file cannot be found or no thread could
   * be created (said in `log`): the caller then does the work on its own thread.
   */
  static open(size: number, script: URL | null, log: (message: string) => void): ParsePool | null {
    if (script === null || size < 1) return null;
    const pool = new ParsePool(script, size, log);
    return pool.size > 0 ? pool : null;
  }

  /** Threads still alive. */
  get size(): number {
    return this.#slots.filter((s) => !s.dead).length;
  }

  /** Runs one job in the first free thread; rejects with PoolJobFailed when it fails there. */
  run(task: PoolTask): Promise<PoolReply> {
    return new Promise((resolve, reject) => {
      if (this.#closed || this.size === 0) {
        reject(new PoolJobFailed(this.#closed ? 'the pool is closed' : 'every pool thread has stopped'));
        return;
      }
      this.#queue.push({ task, resolve, reject });
      this.#dispatch();
    });
  }

  /** Terminates every thread; jobs not done yet fail (PoolJobFailed). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const p of this.#queue.splice(0)) p.reject(new PoolJobFailed('the pool is closed'));
    await Promise.all(
      this.#slots.map(async (slot) => {
        slot.job?.pending.reject(new PoolJobFailed('the pool is closed'));
        slot.job = null;
        slot.dead = true;
        await slot.worker.terminate();
      }),
    );
  }

  #spawn(script: URL): Slot {
    // No Node options: the thread needs none (its entry registers tsx itself), and a thread given
    // the process's own would stop at once on one that only applies to a command-line script
    // (`node --input-type=module -e …`, as the benches start Node) or refuse a process-wide one.
    const worker = new Worker(script, { execArgv: [] });
    const slot: Slot = { worker, job: null, dead: false };
    worker.on('message', (raw: unknown) => {
      const job = slot.job;
      if (job === null) return;
      slot.job = null;
      const reply = poolReplySchema.safeParse(raw);
      if (!reply.success) job.pending.reject(new PoolJobFailed(`unexpected reply: ${reply.error.message}`));
      else if (reply.data.id !== job.id) job.pending.reject(new PoolJobFailed('reply to another job'));
      else if (reply.data.kind === 'error') job.pending.reject(new PoolJobFailed(reply.data.message));
      else job.pending.resolve(reply.data);
      this.#dispatch();
    });
    const die = (why: string) => {
      if (slot.dead) return;
      slot.dead = true;
      slot.job?.pending.reject(new PoolJobFailed(`a pool thread stopped: ${why}`));
      slot.job = null;
      void worker.terminate();
      // The last thread gone: what is queued runs on the main thread instead.
      if (this.size === 0) {
        for (const p of this.#queue.splice(0))
          p.reject(new PoolJobFailed(`every pool thread has stopped: ${why}`));
      }
    };
    worker.on('error', (error) => die(messageOf(error)));
    worker.on('messageerror', (error) => die(messageOf(error)));
    worker.on('exit', (code) => die(`exited with code ${code}`));
    return slot;
  }

  #dispatch(): void {
    for (const slot of this.#slots) {
      if (slot.dead || slot.job !== null) continue;
      const pending = this.#queue.shift();
      if (pending === undefined) return;
      const id = this.#nextId++;
      slot.job = { id, pending };
      slot.worker.postMessage({ ...pending.task, id });
    }
  }
}
