// `watch --once` against a remote that answers every request 429 with `Retry-After: 86400`: it
// used to wait the day out (still running at 120 s). Now a request the server asks to wait more
// than 30 s for fails at once, the summary says why, and the exit code is 1. A real process, a
// loopback stand-in for the remote.
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../../support/watcher-factory.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

function watch(args: string[]): Promise<{ code: number; stdout: string; stderr: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(repo, 'src/host/gammawatch.mjs'), 'watch', ...args],
      { cwd: repo, timeout: 100_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? Number(error.code ?? 1) : 0,
          stdout,
          stderr,
          ms: performance.now() - started,
        }),
    );
  });
}

describe('watch --once and a day-long Retry-After', () => {
  const tmp = tempDataDir('gw-watch-429-');
  let server: Server;
  let baseUrl = '';
  let requests = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests++;
      const body = JSON.stringify({
        error: {
          code: 'rate_limited',
          message: 'slow down',
          request_id: '00000000-0000-4000-8000-000000000000',
        },
      });
      res.writeHead(429, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        'retry-after': '86400',
      });
      res.end(body);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    tmp.cleanup();
  });

  it('gives up within seconds, says why, and exits 1', async () => {
    const run = await watch([
      '--data-dir',
      tmp.dir,
      '--base-url',
      baseUrl,
      '--api-key',
      'test-key-0123456789',
      '--tickers',
      'SPY,QQQ,AAPL',
      '--once',
      '--json',
      '--jobs',
      'signals,market_structure,top_setups',
    ]);
    expect(run.ms, run.stderr).toBeLessThan(60_000);
    expect(run.code, run.stderr).toBe(1);
    expect(requests).toBeGreaterThan(0);
    const summary = JSON.parse(run.stdout) as {
      requests: number;
      errors: number;
      rate_limited: number;
      jobs: { error_messages: string[] }[];
    };
    // Every request (one per ticker and job, one per screener) gave up on the rate limit.
    expect(summary.requests).toBeGreaterThanOrEqual(7);
    expect(summary.errors).toBe(summary.requests);
    expect(summary.rate_limited).toBe(summary.requests);
    expect(summary.jobs.flatMap((j) => j.error_messages)).toContain(
      'signals AAPL: rate limited: the server asked to wait 24 h; not waiting longer than 30 s',
    );
    expect(run.stderr).toMatch(
      /(\d+) of \1 requests gave up on the server's rate limit: .*the server asked to wait 24 h; not waiting longer than 30 s/,
    );
  }, 120_000);
});
