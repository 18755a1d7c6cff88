// `gammawatch service` as a child process, as an operator runs it: the simulated market at the
// tests' seed and a clock frozen at the tests' open instant, so every replica (and an in-process
// service made by service-factory.ts) serves the same bytes. Used by the drain and deploy tests and
// the scale-out benchmark.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { OPEN_INSTANT, TEST_KEY, TEST_SEED } from './service-factory.ts';

const repoRoot = new URL('../../', import.meta.url).pathname;

export interface ServiceChild {
  child: ChildProcess;
  /** e.g. http://127.0.0.1:40123/api/v2 */
  baseUrl: string;
  port: number;
  /** Everything the child wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the first stdout line matching `pattern` (lines already seen count). */
  line(pattern: RegExp): Promise<string>;
  /** The exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface ServiceChildOptions {
  /** Default 0: a free port. */
  port?: number;
  /** More options of `gammawatch service`. */
  args?: readonly string[];
}

export async function spawnService(opts: ServiceChildOptions = {}): Promise<ServiceChild> {
  const child = spawn(
    process.execPath,
    [
      'src/host/gammawatch.mjs',
      'service',
      ...['--port', String(opts.port ?? 0), '--seed', String(TEST_SEED)],
      ...['--at', new Date(OPEN_INSTANT).toISOString(), '--api-key', TEST_KEY],
      ...['--warm-series', 'off', '--quiet'],
      ...(opts.args ?? []),
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const lines: string[] = [];
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    output += `${line}\n`;
    lines.push(line);
    for (const w of waiters.filter((w) => w.pattern.test(line))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(line);
    }
  });
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  const line = (pattern: RegExp): Promise<string> => {
    const seen = lines.find((l) => pattern.test(l));
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      waiters.push({ pattern, resolve });
      void exited.then(({ code }) =>
        reject(new Error(`service exited (code ${code}) before printing ${pattern}:\n${output}`)),
      );
    });
  };
  const first = await line(/^Gammawatch API v2 service at (\S+)/);
  await line(/^Stop with/);
  const baseUrl = /at (\S+)/.exec(first)?.[1] ?? '';
  return { child, baseUrl, port: Number(new URL(baseUrl).port), output: () => output, line, exited };
}

/** SIGTERM, then the exit; SIGKILL after `ms` so a test never leaves a child behind. */
export async function stopService(svc: ServiceChild, ms = 15_000): Promise<void> {
  if (svc.child.exitCode !== null || svc.child.signalCode !== null) return;
  const killer = setTimeout(() => svc.child.kill('SIGKILL'), ms);
  svc.child.kill('SIGTERM');
  await svc.exited;
  clearTimeout(killer);
}
