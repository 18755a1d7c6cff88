// The MCP endpoint of the headless host: Streamable HTTP at /mcp (POST to send, GET for the
// server's stream, DELETE to end a session), one McpServer per session. The host has already
// checked the Host and Origin headers and the per-run token (cookie or bearer) before a request
// gets here; this adds the setting (off unless the user turned it on, read at each request so the
// switch in Settings takes effect at once, and turning it off closes the sessions open), a bound
// on open sessions and an idle time after which a session ends (an assistant that went away
// without saying DELETE).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createBridgeHandlers, realTimers, type App, type Timers } from '../../core/index.ts';
import { messageOf } from '../../shared/message-of.ts';
import { createMcpServer, type McpServerOptions } from './server.ts';

/** Sessions kept at once; the oldest is closed when another starts (an assistant that never says DELETE). */
export const MAX_MCP_SESSIONS = 16;

/** A session with no request open for this long is ended; its id is then answered 404. */
export const MCP_SESSION_IDLE_MS = 30 * 60_000;

export interface McpHttpOptions extends Pick<McpServerOptions, 'secrets' | 'env'> {
  /** Default MCP_SESSION_IDLE_MS. */
  idleMs?: number;
  /** What times the idle expiry (tests pass manual ones). */
  timers?: Timers;
}

export interface McpHttpHandler {
  /** Answers one request to /mcp; `body` is the parsed JSON of a POST. */
  handle(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void>;
  close(): Promise<void>;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
  /** Its requests not yet answered; a client's GET stream stays open while it listens. */
  open: number;
  /** Cancels the idle expiry, armed while no request is open. */
  cancelExpiry: (() => void) | null;
}

export function createMcpHttpHandler(app: App, options: McpHttpOptions = {}): McpHttpHandler {
  const { idleMs = MCP_SESSION_IDLE_MS, timers = realTimers, ...serverOptions } = options;
  const handlers = createBridgeHandlers(app);
  const sessions = new Map<string, Session>();

  /** Drops a session from the map and its expiry; closing its server is end's. */
  const forget = (id: string, session: Session): void => {
    if (sessions.get(id) === session) sessions.delete(id);
    session.cancelExpiry?.();
    session.cancelExpiry = null;
  };

  const end = async (id: string): Promise<void> => {
    const session = sessions.get(id);
    if (!session) return;
    forget(id, session);
    await session.server
      .close()
      .catch((error: unknown) => app.log(`mcp: closing a session: ${messageOf(error)}`));
  };

  const endAll = (): Promise<void> => Promise.all([...sessions.keys()].map(end)).then(() => undefined);

  /** Starts the idle time of a session with nothing open (one ended meanwhile has none). */
  const armExpiry = (session: Session): void => {
    const id = session.transport.sessionId;
    if (id === undefined || sessions.get(id) !== session) return;
    session.cancelExpiry = timers.setTimeout(() => {
      app.log(`mcp: session idle for ${Math.round(idleMs / 60_000)} min, ended`);
      void end(id);
    }, idleMs);
  };

  /** A request of the session: no expiry while it is open; the idle time starts when the last one ends. */
  const track = (session: Session, res: ServerResponse): void => {
    session.open += 1;
    session.cancelExpiry?.();
    session.cancelExpiry = null;
    res.once('close', () => {
      session.open -= 1;
      if (session.open === 0) armExpiry(session);
    });
  };

  // Turning the endpoint off ends the sessions open, streams included, not only new requests.
  const unsubscribe = app.events.subscribe((message) => {
    if (message.event === 'settings:changed' && !message.payload.mcp.http && sessions.size > 0) {
      app.log(`mcp: HTTP endpoint turned off, closing ${sessions.size} session(s)`);
      void endAll();
    }
  });

  async function start(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    if (sessions.size >= MAX_MCP_SESSIONS) {
      const oldest = sessions.keys().next().value;
      if (oldest !== undefined) await end(oldest);
    }
    let session: Session | null = null;
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        if (session) sessions.set(id, session);
      },
      onsessionclosed: (id) => void end(id),
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined && session) forget(transport.sessionId, session);
    };
    const server = createMcpServer(app, { handlers, ...serverOptions });
    session = { transport, server, open: 0, cancelExpiry: null };
    track(session, res);
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  return {
    async handle(req, res, body) {
      if (!app.settings().mcp.http) {
        return rpcError(res, 404, 'MCP over HTTP is off: turn it on in Gammawatch Settings → AI assistants');
      }
      const id = req.headers['mcp-session-id'];
      const sessionId = Array.isArray(id) ? id[0] : id;
      if (sessionId !== undefined) {
        const session = sessions.get(sessionId);
        if (!session) return rpcError(res, 404, 'unknown or ended MCP session: initialize again');
        track(session, res);
        return session.transport.handleRequest(req, res, body);
      }
      if (req.method === 'POST' && isInitializeRequest(body)) return start(req, res, body);
      return rpcError(res, 400, 'no MCP session: send an initialize request first');
    },
    async close() {
      unsubscribe();
      await endAll();
    },
  };
}

/** A JSON-RPC error body, as the transport itself answers its refusals. */
function rpcError(res: ServerResponse, status: number, message: string): void {
  const text = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}
