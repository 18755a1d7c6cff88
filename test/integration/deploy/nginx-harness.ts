// nginx in front of service replicas, for the deployment test and the scale-out benchmark: the
// configuration is rendered from deploy/nginx.conf.template into a temporary folder (ports chosen at
// run time) and nginx runs in the foreground as the caller's own child process, its logs in that folder.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_KEY } from '../../support/service-factory.ts';

const TEMPLATE = new URL('../../../deploy/nginx.conf.template', import.meta.url).pathname;

/** The nginx binary, or null when it is not installed (Debian: apt-get install nginx-light). */
export function findNginx(): string | null {
  for (const path of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'])
    if (existsSync(path)) return path;
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() !== '' ? found.stdout.trim() : null;
}

/** A port free right now on loopback (the kernel's pick). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The template with its two variables filled in, as envsubst would. */
export function renderConfig(listen: string, upstreamPorts: readonly number[]): string {
  const upstreams = upstreamPorts
    .map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`)
    .join(' ');
  return readFileSync(TEMPLATE, 'utf8')
    .replaceAll('${GW_LISTEN}', listen)
    .replaceAll('${GW_UPSTREAMS}', upstreams);
}

export interface RunningNginx {
  /** e.g. http://127.0.0.1:40123/api/v2 */
  baseUrl: string;
  dir: string;
  errorLog(): string;
  stop(): Promise<void>;
}

/** Starts nginx over replicas on `upstreamPorts`; resolves once it answers through to a replica. */
export async function startNginx(binary: string, upstreamPorts: readonly number[]): Promise<RunningNginx> {
  const dir = mkdtempSync(join(tmpdir(), 'gw-nginx-'));
  mkdirSync(join(dir, 'logs'));
  mkdirSync(join(dir, 'tmp'));
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, renderConfig(`127.0.0.1:${port}`, upstreamPorts));
  const errorLogPath = join(dir, 'logs', 'error.log');
  const child: ChildProcess = spawn(
    binary,
    ['-p', dir, '-c', conf, '-e', errorLogPath, '-g', `daemon off; pid ${join(dir, 'nginx.pid')};`],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit');
  const errorLog = (): string =>
    `${stderr}${existsSync(errorLogPath) ? readFileSync(errorLogPath, 'utf8') : ''}`;
  const baseUrl = `http://127.0.0.1:${port}/api/v2`;
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGQUIT'); // nginx's graceful stop
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killer);
  };
  // Ready when a request goes through it to a replica (no fixed wait: poll until it answers).
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited at start:\n${errorLog()}`);
    const ok = await fetch(`${baseUrl}/access`, { headers: { authorization: `Bearer ${TEST_KEY}` } })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not answer within 15 s:\n${errorLog()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { baseUrl, dir, errorLog, stop };
}

export interface LoadResult {
  sent: number;
  /** Requests that did not end in a 200 with a body (status, or the network error's text). */
  failures: string[];
  /** Latency of every request (ms), in the order they finished. */
  latencies: number[];
}

/**
 * Closed-loop load: `concurrency` clients, each sending the next of `paths` (in turn) as soon as
 * its previous answer is in, until `stop` settles. `live` is the result as it fills.
 */
export function runLoad(
  baseUrl: string,
  paths: readonly string[],
  concurrency: number,
  stop: Promise<unknown>,
): { live: LoadResult; done: Promise<LoadResult> } {
  let stopped = false;
  void stop.then(() => (stopped = true));
  const live: LoadResult = { sent: 0, failures: [], latencies: [] };
  let next = 0;
  const client = async (): Promise<void> => {
    while (!stopped) {
      const path = paths[next++ % paths.length] as string;
      live.sent++;
      const t0 = performance.now();
      try {
        const response = await fetch(`${baseUrl}${path}`, {
          headers: { authorization: `Bearer ${TEST_KEY}` },
        });
        const body = await response.text();
        if (response.status !== 200 || body === '') live.failures.push(`${response.status} ${path}`);
      } catch (error) {
        live.failures.push(`${path}: ${String(error)}`);
      }
      live.latencies.push(performance.now() - t0);
    }
  };
  const done = Promise.all(Array.from({ length: concurrency }, client)).then(() => live);
  return { live, done };
}

/** The q-quantile (0-1) of `values`. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

/** Cheap and costly requests mixed, so the replica being stopped has some in flight. */
export const LOAD_PATHS = [
  '/top-setups?limit=50',
  '/tickers/SPY/signals',
  '/tickers/QQQ/curves/gamma',
  '/income-setups?limit=20',
  '/tickers/NVDA/market-structure',
  '/llm-spec',
];

export interface KillUnderLoad extends LoadResult {
  /** The stopped replica's exit code. */
  exitCode: number | null;
  /** From the signal to the replica's exit (ms). */
  drainMs: number;
}

/** Resolves once `count()` reaches `target`, checking between the load's own answers. */
async function reached(count: () => number, target: number): Promise<void> {
  while (count() < target) await new Promise((resolve) => setTimeout(resolve, 5));
}

/**
 * Load through nginx; once `warmup` requests are answered, SIGTERM to `victim`; the load goes on
 * until the victim has exited and `after` more requests have been answered by the replicas left.
 */
export async function killUnderLoad(
  baseUrl: string,
  victim: { child: ChildProcess; exited: Promise<{ code: number | null }> },
  opts: { concurrency: number; warmup: number; after: number },
): Promise<KillUnderLoad> {
  let release = (): void => {};
  const stop = new Promise<void>((resolve) => (release = resolve));
  const { live, done } = runLoad(baseUrl, LOAD_PATHS, opts.concurrency, stop);
  await reached(() => live.latencies.length, opts.warmup);
  const signalledAt = performance.now();
  victim.child.kill('SIGTERM');
  const { code } = await victim.exited;
  const drainMs = performance.now() - signalledAt;
  const atExit = live.latencies.length;
  await reached(() => live.latencies.length, atExit + opts.after);
  release();
  return { ...(await done), exitCode: code, drainMs };
}
