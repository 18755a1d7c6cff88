// The shared part of the HTTP stand-ins (Telegram, Pushover): a real node:http server on
// 127.0.0.1:0, a queue of faults for the next requests, and a close that also ends requests left
// hanging (a "hang" fault answers nothing until the server closes).
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * What the next request gets instead of the normal answer. hang: no answer at all (the client's
 * timeout fires), then still recorded as received; delayMs: the normal answer, late; redirect: a
 * 302 to `location`; status: the service's own error shape with that HTTP status.
 */
export type HttpFault =
  | { kind: 'hang' }
  | { kind: 'delay'; ms: number }
  | { kind: 'redirect'; location?: string }
  | { kind: 'error'; status: number; description?: string };

export interface HttpStandInCore {
  /** http://127.0.0.1:PORT — the origin to hand to the app (GAMMAWATCH_*_API_ORIGIN). */
  url: string;
  /** Queues faults for the next requests, in order. */
  fail(...faults: HttpFault[]): void;
  close(): Promise<void>;
}

export interface RawRequest {
  method: string;
  path: string;
  contentType: string;
  body: string;
}

/** Parses a JSON or form body into a flat record of strings (numbers and booleans as written). */
export function fieldsOf(request: RawRequest): Record<string, string> {
  if (request.contentType.includes('application/json')) {
    try {
      const parsed: unknown = JSON.parse(request.body);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        return Object.fromEntries(
          Object.entries(parsed as Record<string, unknown>).map(([k, v]) => [
            k,
            typeof v === 'string' ? v : JSON.stringify(v),
          ]),
        );
    } catch {
      return {};
    }
    return {};
  }
  return Object.fromEntries(new URLSearchParams(request.body));
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * Starts a server whose `handle` answers a parsed request (normal case); `faultAnswer` shapes a
 * queued `error` fault in the service's own format.
 */
export async function startHttpStandIn(
  handle: (request: RawRequest, res: ServerResponse) => void,
  faultAnswer: (res: ServerResponse, status: number, description: string) => void,
): Promise<HttpStandInCore> {
  const faults: HttpFault[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: RawRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        contentType: req.headers['content-type'] ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
      };
      const fault = faults.shift();
      if (fault?.kind === 'hang') {
        // Recorded as received (a real service may have acted on it) but never answered.
        handle(request, new NullResponse(req) as unknown as ServerResponse);
        return;
      }
      if (fault?.kind === 'redirect') {
        res.writeHead(302, { location: fault.location ?? 'https://example.invalid/elsewhere' });
        res.end();
        return;
      }
      if (fault?.kind === 'error') {
        faultAnswer(res, fault.status, fault.description ?? 'Stand-in error');
        return;
      }
      if (fault?.kind === 'delay') {
        setTimeout(() => handle(request, res), fault.ms);
        return;
      }
      handle(request, res);
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    fail: (...more) => faults.push(...more),
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close').catch(() => undefined);
    },
  };
}

/** A response that records nothing and sends nothing: the "hang" fault's sink. */
class NullResponse {
  constructor(readonly req: IncomingMessage) {}
  writeHead(): this {
    return this;
  }
  setHeader(): this {
    return this;
  }
  end(): this {
    return this;
  }
}
