// Headless mode: the same UI and bridge as the Electron window, served over HTTP on loopback.
//   GET  /?token=T      sets the session cookie, redirects to /
//   GET  /...           the built renderer (out/renderer)
//   POST /bridge/<m>    JSON input in, BridgeResult envelope out
//   GET  /events        Server-Sent Events carrying the bridge events
//   POST/GET/DELETE /mcp  the MCP endpoint (src/host/mcp/http.ts), when one is mounted
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { BridgeEventSource, BridgeHandlers } from '../../shared/bridge/contract.ts';
import { dispatch } from '../../core/index.ts';
import { clipForBridge } from '../../shared/echo.ts';
import { fail, type BridgeResult } from '../../shared/bridge/result.ts';
import {
  createToken,
  isAllowedHost,
  isAllowedOrigin,
  isAuthenticated,
  sessionCookie,
  tokensEqual,
} from './guard.ts';
import { decodePathSegment, isJsonContentType, readBody } from './bridge-request.ts';
import { answerClientError } from './client-errors.ts';
import { openEventStream } from './event-stream.ts';
import { resolveStatic } from './static-files.ts';

/** What `jsonBody` returns when it has answered the request itself. */
const NO_BODY = Symbol('no body');

export interface HeadlessOptions {
  handlers: BridgeHandlers;
  events: BridgeEventSource;
  /** The built renderer. */
  rendererDir: string;
  /** 0 picks a free port. */
  port?: number;
  /** Fixed token (tests); a fresh random one otherwise. */
  token?: string;
  /** Check handler outputs against the contract (tests, development). */
  validateOutput?: boolean;
  /** Unexpected handler errors; defaults to stderr. */
  onError?: (context: string, error: unknown) => void;
  /** Heartbeat period of the event stream (keeps proxies and idle timers from closing it). */
  heartbeatMs?: number;
  /** How long a request may take to arrive (tests shorten them; see TIMEOUTS). */
  timeouts?: Partial<typeof TIMEOUTS>;
  /** The MCP endpoint at /mcp, behind the same guards and token as the bridge. */
  mcp?: McpMount;
}

/** Answers a request to /mcp; `body` is the parsed JSON of a POST, undefined otherwise. */
export type McpMount = (req: IncomingMessage, res: ServerResponse, body: unknown) => Promise<void>;

export interface HeadlessServer {
  readonly port: number;
  readonly token: string;
  /** What to open: sets the session cookie on first visit. */
  readonly url: string;
  /** The plain origin, for tests. */
  readonly origin: string;
  close(): Promise<void>;
}

/**
 * A loopback page sends its headers and its small JSON bodies in milliseconds: a request still
 * arriving after these is stuck or hostile, and gets a 408 rather than holding a socket for
 * Node's defaults (one minute for headers, five for the request). The event stream is a GET with
 * no body, complete as soon as its headers are in, so these never cut it.
 */
const TIMEOUTS = { headersMs: 10_000, requestMs: 30_000, checkEveryMs: 2_000 };

/** The page's CSP: only our own scripts, styles and connections; no framing, no plugins. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export async function startHeadlessServer(options: HeadlessOptions): Promise<HeadlessServer> {
  const token = options.token ?? createToken();
  const rendererDir = resolve(options.rendererDir);
  const onError =
    options.onError ??
    ((context: string, error: unknown) =>
      process.stderr.write(
        `gammawatch headless: ${context}: ${error instanceof Error ? error.stack : String(error)}\n`,
      ));
  const closers = new Set<() => void>();
  let port = 0;

  const timeouts = { ...TIMEOUTS, ...options.timeouts };
  const server: Server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    (req, res) => {
      handle(req, res).catch((error: unknown) => {
        onError(`${req.method} ${clipForBridge(req.url ?? '')}`, error);
        if (!res.headersSent) sendJson(res, 500, fail('internal', 'internal error'));
        else res.destroy();
      });
    },
  );
  server.on('clientError', answerClientError);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const host = req.headers.host;
    if (!isAllowedHost(host, port)) return sendJson(res, 403, fail('forbidden', 'unexpected Host header'));
    if (!isAllowedOrigin(headerOf(req, 'origin'), host)) {
      return sendJson(res, 403, fail('forbidden', 'cross-origin requests are refused'));
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', `http://${host}`);
    } catch {
      return sendJson(res, 400, fail('invalid_input', 'the request target is not a valid URL'));
    }
    const given = url.searchParams.get('token');
    if (req.method === 'GET' && url.pathname === '/' && given !== null) {
      if (!tokensEqual(given, token)) return sendText(res, 401, 'This link is not valid for this run.');
      res.writeHead(303, { ...COMMON_HEADERS, 'Set-Cookie': sessionCookie(token), Location: '/' });
      res.end();
      return;
    }
    if (!isAuthenticated(req.headers, token)) {
      if (req.method === 'GET' && acceptsHtml(req)) {
        return sendText(
          res,
          401,
          'Open the address Gammawatch printed when it started (it carries the access token).',
        );
      }
      // RFC 6750: a client told to authenticate learns the scheme, and whether the token it sent was refused.
      const sent = headerOf(req, 'authorization')?.startsWith('Bearer ') === true;
      return sendJson(res, 401, fail('unauthorized', 'missing or invalid token'), {
        'WWW-Authenticate': sent
          ? 'Bearer realm="Gammawatch", error="invalid_token", error_description="not this run\'s token"'
          : 'Bearer realm="Gammawatch"',
      });
    }
    if (url.pathname.startsWith('/bridge/')) {
      if (req.method !== 'POST')
        return sendJson(res, 405, fail('invalid_input', 'use POST'), { Allow: 'POST' });
      const method = decodePathSegment(url.pathname.slice('/bridge/'.length));
      if (method === null) {
        return sendJson(
          res,
          400,
          fail('invalid_input', 'the method name in the path is not valid percent-encoding'),
        );
      }
      return handleBridge(req, res, method);
    }
    if (url.pathname === '/mcp' && options.mcp) return handleMcp(req, res, options.mcp);
    if (url.pathname === '/events') {
      if (req.method !== 'GET') return sendJson(res, 405, fail('invalid_input', 'use GET'), { Allow: 'GET' });
      const close = openEventStream(req, res, options.events, options.heartbeatMs ?? 15_000, COMMON_HEADERS);
      closers.add(close);
      res.on('close', () => closers.delete(close));
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return sendJson(res, 405, fail('invalid_input', 'method not allowed'));
    const file = await resolveStatic(rendererDir, url.pathname);
    if (!file) {
      if (url.pathname === '/') {
        return sendText(res, 503, 'The UI is not built yet: run `npm run build`, then reload.');
      }
      return sendText(res, 404, 'not found');
    }
    const isHtml = file.contentType.startsWith('text/html');
    res.writeHead(200, {
      ...COMMON_HEADERS,
      'Content-Type': file.contentType,
      'Content-Length': file.body.length,
      'Cache-Control': file.immutable ? 'private, max-age=31536000, immutable' : 'no-store',
      ...(isHtml ? { 'Content-Security-Policy': CONTENT_SECURITY_POLICY } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  }

  /**
   * A request's JSON body, or NO_BODY once the answer has been sent (not JSON, over 1 MiB, not valid
   * JSON) or the client went away. Requiring JSON also keeps out the "simple" cross-site form posts
   * that skip CORS preflight. An empty body is `undefined` where `emptyAllowed`.
   */
  async function jsonBody(
    req: IncomingMessage,
    res: ServerResponse,
    emptyAllowed: boolean,
  ): Promise<unknown> {
    if (!isJsonContentType(headerOf(req, 'content-type'))) {
      sendJson(res, 415, fail('invalid_input', 'send the input as application/json'));
      return NO_BODY;
    }
    const body = await readBody(req);
    if (body === 'aborted') return NO_BODY;
    if (body === 'too_large') {
      sendJson(res, 413, fail('invalid_input', 'the request body is over the 1 MiB limit'));
      return NO_BODY;
    }
    if (emptyAllowed && body.length === 0) return undefined;
    try {
      return JSON.parse(body) as unknown;
    } catch {
      sendJson(res, 400, fail('invalid_input', 'the body is not valid JSON'));
      return NO_BODY;
    }
  }

  async function handleMcp(req: IncomingMessage, res: ServerResponse, mount: McpMount): Promise<void> {
    if (req.method !== 'POST') return mount(req, res, undefined);
    const input = await jsonBody(req, res, false);
    if (input === NO_BODY) return;
    return mount(req, res, input);
  }

  async function handleBridge(req: IncomingMessage, res: ServerResponse, method: string): Promise<void> {
    const input = await jsonBody(req, res, true);
    if (input === NO_BODY) return;
    const result = await dispatch(options.handlers, method, input, {
      validateOutput: options.validateOutput ?? false,
      onUnexpectedError: (name, error) => onError(`bridge ${name}`, error),
    });
    const status = !result.ok && result.error.code === 'unknown_method' ? 404 : 200;
    sendJson(res, status, result);
  }

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  return {
    port,
    token,
    origin,
    url: `${origin}/?token=${token}`,
    close: () =>
      new Promise<void>((resolveClose) => {
        for (const close of closers) close();
        closers.clear();
        server.close(() => resolveClose());
        server.closeAllConnections();
      }),
  };
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function acceptsHtml(req: IncomingMessage): boolean {
  return (headerOf(req, 'accept') ?? '').includes('text/html');
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: BridgeResult<unknown>,
  extra: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...COMMON_HEADERS,
    ...extra,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    ...COMMON_HEADERS,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}
