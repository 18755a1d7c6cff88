// Work the service's close stops is not an error. A cold multi-year series goes on computing after
// its caller had a 503 at the answer limit (to warm the caches), and a drain past its time limit
// cuts the connections of requests still computing; in both, the close then aborts the work.
// Pre-fix, each abort was logged at level 50 ("Promise errored, but reply.sent = true was set",
// "unhandled error"), as if the service had a bug. Now one info line says the work stopped.
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { STOPPED_BY_CLOSE } from '../../../src/service/http/closing.ts';
import { startService, type RunningService } from '../../../src/service/index.ts';
import { call, listenService, type Running } from '../../support/service-factory.ts';
import { expectError } from './schema-assert.ts';

interface Line {
  level: number;
  msg: string;
}

/** A log stream that keeps every line and resolves `seen(msg)` once a line with that msg came. */
function capture() {
  const lines: Line[] = [];
  const waiting = new Map<string, () => void>();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) {
        const line = JSON.parse(text) as Line;
        lines.push(line);
        waiting.get(line.msg)?.();
      }
      done();
    },
  });
  const seen = (msg: string) =>
    lines.some((l) => l.msg === msg)
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiting.set(msg, resolve));
  return { lines, stream, seen };
}

let svc: Running | undefined;
let started: RunningService | undefined;
afterEach(async () => {
  await svc?.close();
  await started?.close();
  svc = undefined;
  started = undefined;
});

describe('work the service’s close stops', () => {
  it('after its 503 at the answer limit: stopped by the close, no error in the log', async () => {
    const log = capture();
    svc = await listenService({
      timeouts: { answerMs: 150, idleMs: 2_000 },
      log: { level: 'info', stream: log.stream },
    });
    expectError(await call(svc.baseUrl, '/tickers/SPY/series?window=5y'), 503, 'service_unavailable');
    await svc.close();
    svc = undefined;
    await log.seen(STOPPED_BY_CLOSE);
    expect(log.lines.filter((l) => l.level >= 50)).toEqual([]);
  }, 30_000);

  it('cut by a drain that may not wait: stopped by the close, no error in the log', async () => {
    const log = capture();
    started = await startService({ port: 0, log: { level: 'info', stream: log.stream, requests: true } });
    const reply = fetch(`${started.baseUrl}/tickers/SPY/series?window=5y`, {
      headers: { authorization: `Bearer ${started.apiKeys[0]}` },
    }).then(
      (r) => r.status,
      () => 'cut',
    );
    await log.seen('incoming request');
    const drained = await started.drain({ timeoutMs: 0 });
    started = undefined;
    expect(drained.cut).toBe(1);
    expect(await reply).toBe('cut');
    await log.seen(STOPPED_BY_CLOSE);
    expect(log.lines.filter((l) => l.level >= 50)).toEqual([]);
  }, 30_000);
});
