// Graceful drain of `gammawatch service` (a real child process): SIGTERM while requests are in
// flight lets every one of them finish with 200, refuses new connections from the moment the
// service says it is draining, and exits 0 within the bound; a request that cannot finish (a client
// that stopped reading) is cut at the bound and the process still exits.
//
// "In flight" is known, not guessed: each request carries `Expect: 100-continue`, and Node answers
// the interim 100 only once it has parsed the request and handed it to the app. The requests are
// cold /series computations, which take long enough to still be running when the signal lands.
import { request, Agent, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { seriesResponseSchema } from '../../../src/shared/api/index.ts';
import { spawnService, stopService, type ServiceChild } from '../../support/service-child.ts';
import { TEST_KEY } from '../../support/service-factory.ts';
import { valid } from './schema-assert.ts';

interface Outcome {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A GET whose `received` settles when the service has parsed it, and `done` with its response. */
function tracked(
  baseUrl: string,
  path: string,
  agent?: Agent,
): { received: Promise<void>; done: Promise<Outcome> } {
  let onContinue = (): void => {};
  const received = new Promise<void>((resolve) => (onContinue = resolve));
  const done = new Promise<Outcome>((resolve, reject) => {
    const req = request(
      `${baseUrl}${path}`,
      {
        headers: { authorization: `Bearer ${TEST_KEY}`, expect: '100-continue' },
        ...(agent ? { agent } : { agent: false }),
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('continue', onContinue);
    req.on('error', reject);
    req.end();
  });
  return { received, done };
}

/** Whether a new TCP connection to `port` is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

let svc: ServiceChild | undefined;
afterEach(async () => {
  if (svc) await stopService(svc, 1000);
  svc = undefined;
});

describe('gammawatch service drains on a stop signal', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s under load: the requests in flight finish with 200, new connections are refused, exit 0 within the bound',
    async (signal) => {
      const running = await spawnService();
      svc = running;
      // Load on keep-alive connections, running until the service stops answering.
      const agent = new Agent({ keepAlive: true, maxSockets: 4 });
      const loadStatuses: number[] = [];
      let stopLoad = false;
      const load = Array.from({ length: 4 }, async () => {
        while (!stopLoad) {
          const outcome = await tracked(running.baseUrl, '/top-setups?limit=50', agent).done.catch(
            () => null,
          );
          if (outcome === null) break; // connection refused or closed: the drain has begun
          loadStatuses.push(outcome.status);
        }
      });
      // Cold series, one per ticker: each computes for a while, so it is still running at the signal.
      const tickers = ['AAPL', 'MSFT', 'NVDA', 'AMD'];
      const inFlight = tickers.map((t) =>
        tracked(running.baseUrl, `/tickers/${t}/series?window=30d&metrics=price,opportunity_score`),
      );
      await Promise.all(inFlight.map((r) => r.received));
      let finished = 0;
      for (const r of inFlight) void r.done.then(() => finished++);
      await Promise.resolve();
      expect(finished).toBeLessThan(tickers.length); // some are still computing: a real drain follows

      const signalledAt = performance.now();
      running.child.kill(signal);
      await running.line(/^SIG(TERM|INT): draining/);
      expect(await refused(running.port)).toBe(true);

      const outcomes = await Promise.all(inFlight.map((r) => r.done));
      for (const [i, outcome] of outcomes.entries()) {
        expect(outcome.status).toBe(200);
        const body = valid(seriesResponseSchema, JSON.parse(outcome.body));
        expect(body.meta.ticker).toBe(tickers[i]);
      }
      // Each answer during the drain closes its connection: the client's next one goes elsewhere.
      expect(outcomes.some((o) => o.headers.connection === 'close')).toBe(true);
      stopLoad = true;
      await Promise.all(load);
      agent.destroy();
      expect(loadStatuses.length).toBeGreaterThan(0);
      expect(loadStatuses.filter((s) => s !== 200)).toEqual([]);

      const exit = await running.exited;
      expect(exit).toEqual({ code: 0, signal: null });
      expect(performance.now() - signalledAt).toBeLessThan(10_000);
      expect(running.output()).toMatch(/service stopped \(drained in \d+ ms\)/);
    },
    60_000, // a child process starting and computing: generous on a loaded machine
  );

  it(
    'cuts a request that cannot finish within the bound, and still exits 0',
    { timeout: 60_000 },
    async () => {
      const running = await spawnService({ args: ['--drain-ms', '300'] });
      svc = running;
      // A client that pipelines far more than the socket buffers hold and then stops reading: the
      // service can never finish answering it, so only the bound ends the connection.
      const socket: Socket = connect(running.port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      const req = `GET /api/v2/llm-spec HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TEST_KEY}\r\n\r\n`;
      socket.write(req.repeat(400));
      await new Promise((resolve) => socket.once('data', resolve));
      socket.pause(); // a paused socket notices neither the end nor a reset until it reads again
      socket.on('error', () => {}); // the cut may surface as a reset: that is the point

      const signalledAt = performance.now();
      running.child.kill('SIGTERM');
      const exit = await running.exited;
      socket.destroy();
      expect(exit, running.output()).toEqual({ code: 0, signal: null });
      const stopped = /service stopped \(cut 1 connection still open after (\d+) ms\)/.exec(running.output());
      expect(stopped, running.output()).not.toBeNull();
      expect(Number(stopped?.[1])).toBeLessThan(5_000); // the 300 ms bound, plus a loaded machine's slack
      // Without the bound it would never exit: the reader never reads. (The wall time also counts the
      // process's own teardown, seconds on a loaded machine.)
      expect(performance.now() - signalledAt).toBeLessThan(20_000);
    },
  );

  it('a second signal cuts at once instead of waiting for the bound', { timeout: 60_000 }, async () => {
    const running = await spawnService({ args: ['--drain-ms', '60000'] });
    svc = running;
    const socket: Socket = connect(running.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `GET /api/v2/llm-spec HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TEST_KEY}\r\n\r\n`.repeat(
        400,
      ),
    );
    await new Promise((resolve) => socket.once('data', resolve));
    socket.pause();
    socket.on('error', () => {});

    running.child.kill('SIGINT');
    await running.line(/^SIGINT: draining/);
    running.child.kill('SIGINT');
    expect(await running.exited).toEqual({ code: 0, signal: null });
    socket.destroy();
    expect(running.output()).toMatch(/cut 1 connection/);
  });
});
