// The MCP endpoint of the headless host: Streamable HTTP at /mcp (POST to send, GET for the
// server's stream, DELETE to end a session), one McpServer per session. The host has already
// checked the Host and Origin headers and the per-run token (cookie or bearer) before a request
// gets here; this adds the setting (off unless the user turned it on, read at each request so the
// switch in Settings takes effect at once) and a bound on open sessions.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createBridgeHandlers, type App } from '../../core/index.ts';
import { messageOf } from '../../shared/message-of.ts';
import { createMcpServer, type McpServerOptions } from './server.ts';

/** Sessions kept at once; the oldest is closed when another starts (an assistant that never says DELETE). */
export const MAX_MCP_SESSIONS = 16;

export interface McpHttpHandler {
  /** Answers one request to /mcp; `body` is the parsed JSON of a POST. */
  handle(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void>;
  close(): Promise<void>;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
}

export function createMcpHttpHandler(
  app: App,
  options: Pick<McpServerOptions, 'secrets' | 'env'> = {},
): McpHttpHandler {
  const handlers = createBridgeHandlers(app);
  const sessions = new Map<string, Session>();

  const end = async (id: string): Promise<void> => {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    await session.server
      .close()
      .catch((error: unknown) => app.log(`mcp: closing a session: ${messageOf(error)}`));
  };

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
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    const server = createMcpServer(app, { handlers, ...options });
    session = { transport, server };
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
        return session.transport.handleRequest(req, res, body);
      }
      if (req.method === 'POST' && isInitializeRequest(body)) return start(req, res, body);
      return rpcError(res, 400, 'no MCP session: send an initialize request first');
    },
    async close() {
      await Promise.all([...sessions.keys()].map(end));
    },
  };
}

/** A JSON-RPC error body, as the transport itself answers its refusals. */
function rpcError(res: ServerResponse, status: number, message: string): void {
  const text = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}
