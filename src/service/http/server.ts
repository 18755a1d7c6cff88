// The Fastify application of API v2: request ids, logging, authentication, the error body, and
// the route groups under /api/v2. Everything it serves comes from a ServiceContext, so the same
// app runs over a simulated or an imported market, in tests (inject or a real port) and in the CLI.
import { randomUUID } from 'node:crypto';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type HookHandlerDoneFunction,
} from 'fastify';
import { authenticate, type Caller } from './auth.ts';
import type { ServiceContext } from './context.ts';
import { clientErrorHandler } from './client-error.ts';
import { clipForApi } from '../../shared/echo.ts';
import { QueryError } from '../../shared/api/query-error.ts';
import { ServiceError, codeForStatus, errorBody, fromQueryError } from './errors.ts';
import { installDrainHooks } from './drain.ts';
import { logStoppedByClose, stoppedByClose } from './closing.ts';
import { registerDiscoveryRoutes } from './routes/discovery.ts';
import { registerRankingRoutes } from './routes/rankings.ts';
import { registerTickerRoutes } from './routes/tickers.ts';
import { registerCurveRoutes } from './routes/curves.ts';
import {
  BUSY_RETRY_AFTER_S,
  fastifyTimeoutOptions,
  resolveTimeouts,
  type ServerTimeouts,
} from './timeouts.ts';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** Readable without a key (/access, /llm-spec). */
    public?: boolean;
  }
}

export const API_PREFIX = '/api/v2';

export interface LogOptions {
  /** pino level; 'silent' turns logging off. */
  level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Where log lines go; stderr by default. */
  stream?: NodeJS.WritableStream;
  /**
   * Log every request (Fastify's "incoming request" / "request completed" lines). Off by default:
   * at thousands of requests a second the two lines cost more than serving a cached body.
   */
  requests?: boolean;
}

export interface HttpOptions {
  /** How long a caller may take to send a request, and idle limits (defaults: DEFAULT_TIMEOUTS). */
  timeouts?: Partial<ServerTimeouts>;
}

/** Longest path segment (a ticker, a preset name) the router accepts; longer is a 414. */
const MAX_PARAM_LENGTH = 200;

/** Most a request body may be; the API takes none, so this only bounds what is read to refuse it. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** Every error carries its request id in the body and the header; the log has it too. */
function sendError(reply: FastifyReply, request: FastifyRequest, error: ServiceError): void {
  // Validators set before the failure describe a body that was never sent.
  reply.removeHeader('etag');
  reply.removeHeader('cache-control');
  void reply
    .code(error.status)
    .headers({ ...error.headers, 'x-request-id': request.id })
    .send(errorBody(error, request.id));
}

/**
 * A framework-generated 4xx (a body too large...) in our error shape, with a
 * message that never repeats more than a clipped prefix of what the caller sent.
 */
function frameworkFailure(error: FastifyError, status: number): ServiceError {
  const code = codeForStatus(status);
  if (status === 413)
    return new ServiceError(413, code, `request body too large: at most ${BODY_LIMIT_BYTES} bytes`);
  return new ServiceError(status, code, clipForApi(error.message));
}

/**
 * A request still computing when the answer limit (timeouts.answerMs) passed: a 503 the caller can
 * retry, never a connection closed without a word. The work itself goes on and warms the caches.
 */
function outOfTime(request: FastifyRequest, t: ServerTimeouts): ServiceError {
  return new ServiceError(
    503,
    'service_unavailable',
    `the service could not answer ${clipForApi(request.url)} within ${t.answerMs / 1000} s; ` +
      `it is still working on it: retry in ${BUSY_RETRY_AFTER_S} s`,
    {},
    { 'Retry-After': String(BUSY_RETRY_AFTER_S) },
  );
}

/**
 * Work the close stopped, its request cut by a drain or somehow still waiting (see closing.ts):
 * told to retry. Fastify calls this handler only before a reply is sent.
 */
function abandoned(request: FastifyRequest, reply: FastifyReply): void {
  logStoppedByClose(request);
  sendError(
    reply,
    request,
    new ServiceError(
      503,
      'service_unavailable',
      'the service is shutting down: retry shortly',
      {},
      {
        'Retry-After': String(BUSY_RETRY_AFTER_S),
      },
    ),
  );
}

/** Errors the router raises before any route runs: a malformed or over-long path. */
function routingFailure(error: FastifyError, request: FastifyRequest): ServiceError {
  const path = clipForApi(request.url);
  if (error.code === 'FST_ERR_BAD_URL')
    return new ServiceError(400, 'bad_request', `malformed URL (bad percent-encoding): ${path}`);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return new ServiceError(
      414,
      'uri_too_long',
      `a path segment is longer than ${MAX_PARAM_LENGTH} characters: ${path}`,
    );
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 400;
  return new ServiceError(status, codeForStatus(status), `malformed request: ${clipForApi(error.message)}`);
}

function tagRequest(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  void reply.header('x-request-id', request.id);
  done();
}

export function buildServer(ctx: ServiceContext, log: LogOptions, http: HttpOptions = {}): FastifyInstance {
  const timeouts = resolveTimeouts(http.timeouts);
  const app: FastifyInstance = Fastify({
    ...fastifyTimeoutOptions(timeouts),
    bodyLimit: BODY_LIMIT_BYTES,
    // Node's own 408 / 431 / 400 answers, in our error shape (see client-error.ts).
    clientErrorHandler: clientErrorHandler(timeouts, () => app.log),
    logger: log.level === 'silent' ? false : { level: log.level, stream: log.stream ?? process.stderr },
    logController: new LogController({ disableRequestLogging: log.requests !== true }),
    genReqId: () => randomUUID(),
    // While draining, a request that arrives on a connection the client opened before is served
    // (with Connection: close), not refused with a 503: the client sent it in good faith.
    return503OnClosing: false,
    requestIdHeader: false,
    routerOptions: {
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: true,
      maxParamLength: MAX_PARAM_LENGTH,
    },
    // A malformed URL (bad percent-encoding) or an over-long path segment is the caller's mistake.
    frameworkErrors: (error, request, reply) => {
      sendError(reply, request, routingFailure(error, request));
    },
  });
  app.decorateRequest('caller', null);
  installDrainHooks(app);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ServiceError) return sendError(reply, request, error);
    // Routes read queries with the shared readers (src/shared/api/query.ts), which are pure and
    // throw a QueryError: here a refused value becomes the service's 400.
    if (error instanceof QueryError) return sendError(reply, request, fromQueryError(error));
    if (error.code === 'FST_ERR_HANDLER_TIMEOUT')
      return sendError(reply, request, outOfTime(request, timeouts));
    if (stoppedByClose(ctx.closing, error)) return abandoned(request, reply);
    const status = error.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return sendError(reply, request, frameworkFailure(error, status));
    }
    // A real bug: logged with the request id that the caller sees, never shown in detail.
    request.log.error({ err: error }, 'unhandled error');
    sendError(
      reply,
      request,
      new ServiceError(500, 'internal', `internal error; quote request id ${request.id} when reporting it`),
    );
  });

  app.setNotFoundHandler((request, reply) => {
    sendError(
      reply,
      request,
      new ServiceError(404, 'not_found', `no such endpoint: ${request.method} ${clipForApi(request.url)}`),
    );
  });

  /** Who calls a keyed route: a 401 without a valid key, a 429 for demo access over its rate. */
  function callerOf(request: FastifyRequest): Caller {
    const caller = authenticate(request.headers, ctx.keyring);
    if (caller.kind === 'demo' && ctx.demoBuckets) {
      const taken = ctx.demoBuckets.take(`demo:${request.ip}`);
      if (!taken.ok) {
        throw new ServiceError(
          429,
          'rate_limited',
          'demo access rate limit reached; use an API key for more',
          {},
          {
            'Retry-After': String(taken.retryAfterSeconds),
          },
        );
      }
    }
    return caller;
  }

  function admitCaller(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    void reply.header('x-request-id', request.id);
    let caller: Caller;
    try {
      caller = callerOf(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    request.caller = caller;
    done();
  }

  void app.register(
    async (api) => {
      // Each route gets its own hook, chosen once here, so a request pays neither for reading its
      // route's config (Fastify builds `routeOptions` afresh on every read) nor for a promise.
      api.addHook('onRoute', (route) => {
        const hook = route.config?.public === true ? tagRequest : admitCaller;
        route.onRequest = route.onRequest === undefined ? hook : [hook, ...[route.onRequest].flat()];
      });
      registerDiscoveryRoutes(api, ctx);
      registerTickerRoutes(api, ctx);
      registerCurveRoutes(api, ctx);
      registerRankingRoutes(api, ctx);
    },
    { prefix: API_PREFIX },
  );
  return app;
}
