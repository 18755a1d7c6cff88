// A real HTTP server on 127.0.0.1 (port 0) that answers from a script, for testing the API client
// against every documented status and fault: conditional 304s, error bodies, Retry-After, slow or
// hanging responses, connection resets, truncated bodies, HTML pages.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path below the API base (e.g. `/top-setups`), decoded query excluded. */
  path: string;
  /** The raw path as sent, query included. */
  rawUrl: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
}

export interface ScriptedReply {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON (content-type set unless given); a string as it is. */
  body?: unknown;
  /** Wait for this before answering (a gate the test opens). */
  gate?: Promise<void>;
  /** Send headers, then never finish the body (until the server closes). */
  stallBody?: boolean;
  /** Never answer at all (until the server closes). */
  hang?: boolean;
  /** Destroy the connection without answering. */
  reset?: boolean;
  /** Announce the full length, send only this many bytes, then destroy the connection. */
  cutAfterBytes?: number;
}

export type Script = ScriptedReply | ScriptedReply[] | ((req: RecordedRequest, n: number) => ScriptedReply);

const BASE = '/api/v2';

export class ScriptedServer {
  readonly requests: RecordedRequest[] = [];
  readonly #server: Server;
  readonly #routes = new Map<string, { script: Script; served: number }>();
  readonly #sockets = new Set<Socket>();
  #port = 0;

  private constructor() {
    this.#server = createServer((req, res) => {
      void this.#handle(req, res);
    });
    this.#server.on('connection', (socket) => {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
  }

  static async start(): Promise<ScriptedServer> {
    const s = new ScriptedServer();
    s.#server.listen(0, '127.0.0.1');
    await once(s.#server, 'listening');
    s.#port = (s.#server.address() as AddressInfo).port;
    return s;
  }

  /** The base URL a client is given, ending in the version segment. */
  get baseUrl(): string {
    return `http://127.0.0.1:${this.#port}${BASE}`;
  }

  /**
   * Scripts the replies for one path (below the base). An array is served in order, its last
   * reply repeating; a function decides per request (n counts from 1 for this path).
   */
  on(path: string, script: Script): this {
    this.#routes.set(path, { script, served: 0 });
    return this;
  }

  requestsTo(path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  /** Resolves once `n` requests in total have arrived (event-driven, no polling). */
  async waitForRequests(n: number): Promise<void> {
    while (this.requests.length < n) await once(this.#server, 'scripted-request');
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let pathname = url.pathname;
    try {
      pathname = decodeURIComponent(pathname);
    } catch {
      // Keep the raw path when it is not valid percent-encoding.
    }
    const path = pathname.startsWith(BASE) ? pathname.slice(BASE.length) || '/' : pathname;
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path,
      rawUrl: req.url ?? '/',
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
    };
    this.requests.push(recorded);
    this.#server.emit('scripted-request', recorded);

    const route = this.#routes.get(path);
    let reply: ScriptedReply;
    if (!route) {
      reply = { status: 404, body: { error: { code: 'not_found', message: `no script for ${path}` } } };
    } else {
      route.served += 1;
      const { script } = route;
      reply =
        typeof script === 'function'
          ? script(recorded, route.served)
          : Array.isArray(script)
            ? (script[Math.min(route.served, script.length) - 1] as ScriptedReply)
            : script;
    }
    await this.#send(req, res, reply);
  }

  async #send(req: IncomingMessage, res: ServerResponse, reply: ScriptedReply): Promise<void> {
    if (reply.gate) await reply.gate;
    if (reply.hang) return;
    if (reply.reset) {
      req.socket.destroy();
      return;
    }
    const headers: Record<string, string> = { ...reply.headers };
    let payload = '';
    if (reply.body !== undefined) {
      if (typeof reply.body === 'string') {
        payload = reply.body;
      } else {
        payload = JSON.stringify(reply.body);
        if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
          headers['content-type'] = 'application/json; charset=utf-8';
        }
      }
    }
    const bytes = Buffer.from(payload, 'utf8');
    const status = reply.status ?? 200;
    if (status !== 304 && status !== 204) headers['content-length'] = String(bytes.byteLength);
    res.writeHead(status, headers);
    if (reply.stallBody) {
      res.write(bytes.subarray(0, Math.min(bytes.byteLength, 8)));
      return;
    }
    if (reply.cutAfterBytes !== undefined) {
      res.write(bytes.subarray(0, reply.cutAfterBytes), () => req.socket.destroy());
      return;
    }
    res.end(status === 304 ? undefined : bytes);
  }
}

/** A gate a test opens when it chooses: `gate.promise` goes into a reply, `gate.open()` releases it. */
export function createGate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}
