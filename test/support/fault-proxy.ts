// A fault-injecting HTTP proxy for tests: it sits in front of a real service and, per request,
// passes it through or breaks it the ways networks and servers break: 500s and 503s, a response
// that never comes, a body cut short, 429 with Retry-After, a connection reset, an HTML error
// page with status 200. Faults follow a script (consumed in order) or a seeded random draw, so a
// failing run can be replayed exactly.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mulberry32 } from './prng.ts';

export const FAULTS = [
  'pass',
  'error500',
  'error503',
  'hang',
  'truncate',
  'rate429',
  'reset',
  'html',
] as const;
export type Fault = (typeof FAULTS)[number];

export interface FaultProxyOptions {
  /** Origin of the real service, e.g. http://127.0.0.1:8787. */
  target: string;
  /** Faults applied to the first requests in order; then `random`, then pass. */
  script?: Fault[];
  /** A seeded draw: each request is faulty with probability `rate`, the fault picked from `faults`. */
  random?: { seed: number; rate: number; faults: readonly Fault[] };
  /** Retry-After of a 429, seconds. */
  retryAfterSeconds?: number;
  /** Only requests whose path matches are candidates for faults. */
  match?: (path: string) => boolean;
}

export interface FaultProxy {
  /** Origin of the proxy; append the API path (`/api/v2`). */
  readonly url: string;
  /** Requests seen per fault applied. */
  readonly counts: Record<Fault, number>;
  /** Turns faults off (true) or back on (false). */
  setPassThrough(on: boolean): void;
  close(): Promise<void>;
}

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const target = new URL(options.target);
  const script = [...(options.script ?? [])];
  const random = options.random ? mulberry32(options.random.seed) : null;
  const counts = Object.fromEntries(FAULTS.map((f) => [f, 0])) as Record<Fault, number>;
  const hanging = new Set<http.ServerResponse>();
  let passThrough = false;

  const pick = (path: string): Fault => {
    if (passThrough || (options.match && !options.match(path))) return 'pass';
    const scripted = script.shift();
    if (scripted) return scripted;
    if (random && options.random && random() < options.random.rate) {
      const faults = options.random.faults;
      return faults[Math.floor(random() * faults.length)] ?? 'pass';
    }
    return 'pass';
  };

  const forward = (req: http.IncomingMessage, res: http.ServerResponse, truncate: boolean): void => {
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (up) => {
        if (!truncate) {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        up.on('data', (c: Buffer) => chunks.push(c));
        up.on('end', () => {
          const body = Buffer.concat(chunks);
          const headers = { ...up.headers };
          delete headers['content-length'];
          res.writeHead(up.statusCode ?? 200, headers);
          // Half the body, then the connection drops: what a crashed proxy or a flaky link does.
          res.write(body.subarray(0, Math.max(1, Math.floor(body.length / 2))));
          res.socket?.destroy();
        });
      },
    );
    upstream.on('error', () => res.socket?.destroy());
    req.pipe(upstream);
  };

  const server = http.createServer((req, res) => {
    const fault = pick(req.url ?? '/');
    counts[fault]++;
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    switch (fault) {
      case 'pass':
        return forward(req, res, false);
      case 'truncate':
        return forward(req, res, true);
      case 'error500':
        return json(500, {
          error: { code: 'internal', message: 'injected failure', request_id: 'fault-proxy' },
        });
      case 'error503':
        return json(503, { error: { code: 'unavailable', message: 'injected unavailability' } });
      case 'rate429':
        return json(
          429,
          { error: { code: 'rate_limited', message: 'injected rate limit' } },
          { 'retry-after': String(options.retryAfterSeconds ?? 1) },
        );
      case 'reset':
        return req.socket.destroy();
      case 'html':
        return res
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<!doctype html><html><body>Bad gateway</body></html>');
      case 'hang':
        // Never answers; the client's timeout must give up. Closed with the proxy.
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    setPassThrough(on) {
      passThrough = on;
    },
    async close() {
      for (const res of hanging) res.socket?.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
