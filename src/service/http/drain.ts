// Graceful drain of the HTTP service: a replica that is told to stop (SIGTERM from an orchestrator,
// Ctrl-C) must not cut the requests it is serving, or a load balancer in front of it turns a routine
// restart into failed requests. Draining means: stop accepting connections (the listener closes, so
// a balancer's next connection is refused and goes to another replica at once), serve every request
// already received and any that arrives on a connection the client had already opened (the client
// sent it before it could know), answer each of them with `Connection: close` so the client opens
// its next connection elsewhere, close idle keep-alive connections, and, after a bound, cut whatever
// is still open (a stalled reader, a request that never ends) so the process always exits.
import type { IncomingMessage, ServerResponse } from 'node:http';
import net, { type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How long a drain waits for in-flight requests before cutting their connections (ms). */
export const DEFAULT_DRAIN_MS = 10_000;

export interface DrainResult {
  /** Whether every connection ended by itself within the bound. */
  clean: boolean;
  /** Connections still open at the bound, and cut. */
  cut: number;
  /** How long the drain took (ms). */
  ms: number;
}

/** What the drain knows of an app's connections. */
interface DrainState {
  draining: boolean;
  /** Requests received and not yet answered, per open connection. */
  readonly open: Map<Socket, number>;
  /** Settles once the listener is closed and the last connection has ended (set by the drain). */
  ended: Promise<void> | null;
}

const states = new WeakMap<FastifyInstance, DrainState>();

function stateOf(app: FastifyInstance): DrainState {
  const state = states.get(app);
  if (!state) throw new Error('the drain hooks are not installed on this app (see buildServer)');
  return state;
}

/**
 * Hooks of the drain on a Fastify app built with `return503OnClosing: false` (so a request that
 * arrives on an open connection during the drain is served, not refused): once the app drains or
 * closes, every response says `Connection: close`, which ends its keep-alive connection after it.
 * It also keeps count of the requests in progress per connection, because Node's own way of closing
 * idle connections (`closeIdleConnections`, which `server.close()` calls) destroys a connection
 * whose last response is finished but still being flushed to a slow reader, truncating it.
 */
export function installDrainHooks(app: FastifyInstance): void {
  const state: DrainState = { draining: false, open: new Map(), ended: null };
  states.set(app, state);
  app.server.on('connection', (socket: Socket) => {
    state.open.set(socket, 0);
    socket.once('close', () => state.open.delete(socket));
  });
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    state.open.set(socket, (state.open.get(socket) ?? 0) + 1);
    res.once('close', () => {
      const left = (state.open.get(socket) ?? 1) - 1;
      if (state.open.has(socket)) state.open.set(socket, left);
    });
  });
  app.addHook('preClose', async () => {
    state.draining = true;
  });
  // A callback hook: it runs on every response, where an async one would cost a promise each.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (state.draining) void reply.header('connection', 'close');
    done(null, payload);
  });
}

/**
 * The synchronous first step of a drain: from its return, a new connection is refused, every
 * response says Connection: close, and the idle connections are ending (after flushing what they
 * still hold). Idempotent; `drainApp` does it as well. Settles once the last connection has ended.
 */
export function stopAccepting(app: FastifyInstance): Promise<void> {
  const state = stateOf(app);
  if (state.ended) return state.ended;
  state.draining = true;
  for (const [socket, requests] of state.open) if (requests === 0) socket.end();
  // The listener only (net's close): http's close would also destroy the idle connections, see
  // above. Fastify's own close, later, finds it closed (ERR_SERVER_NOT_RUNNING) and so no longer
  // waits for the connections: the drain waits for them here, before the onClose hooks (the chain
  // folder) run.
  state.ended = app.server.listening
    ? new Promise<void>((resolve) => net.Server.prototype.close.call(app.server, () => resolve()))
    : Promise.resolve();
  return state.ended;
}

function openConnections(app: FastifyInstance): Promise<number> {
  return new Promise((resolve) => app.server.getConnections((error, count) => resolve(error ? 0 : count)));
}

/**
 * Closes `app` gracefully (see the top of this file), cutting the connections still open after
 * `timeoutMs`. `cutNow` (a second Ctrl-C) cuts them at once. Resolves when the app has closed.
 */
export async function drainApp(
  app: FastifyInstance,
  timeoutMs: number = DEFAULT_DRAIN_MS,
  cutNow?: Promise<unknown>,
): Promise<DrainResult> {
  if (!Number.isFinite(timeoutMs) || timeoutMs < 0)
    throw new RangeError(`drain timeout must be a non-negative number of ms, got ${timeoutMs}`);
  const started = performance.now();
  let cut = 0;
  let settled = false;
  let cutting: Promise<void> | undefined;
  const cutAll = (why: string): void => {
    if (settled || cutting) return;
    cutting = openConnections(app).then((open) => {
      cut = open;
      if (open > 0) app.log.warn({ connections: open }, `drain: ${why}; cutting the connections still open`);
      app.server.closeAllConnections();
    });
  };
  const connectionsEnded = stopAccepting(app);
  app.log.info({ timeoutMs }, 'draining: no new connections; finishing the requests in flight');
  const timer = setTimeout(() => cutAll(`still busy after ${timeoutMs} ms`), timeoutMs);
  void cutNow?.then(() => cutAll('asked to stop at once'));
  try {
    await connectionsEnded;
  } finally {
    settled = true;
    clearTimeout(timer);
  }
  await cutting;
  await app.close();
  const ms = Math.round(performance.now() - started);
  return { clean: cut === 0, cut, ms };
}
