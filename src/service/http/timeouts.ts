// How long the service waits on a caller. It is a loopback API whose requests are a line and a few
// headers with no body, so a request that has not arrived within seconds never will: the caller is
// stuck or hostile, and each such connection holds a socket. Node's own defaults suit the open
// internet (headers within 60 s, checked every 30 s, so a slow header line was cut after ~87 s) and
// Fastify turns the whole-request limit off (a slow body was never cut).
//
// The other way round, a request the service is still computing must get an answer: cold /series
// requests in a burst used to run into the idle limit, and the connection was closed with no
// response at all while the work went on. `answerMs` (Fastify's handlerTimeout) answers such a
// request 503 with Retry-After, in the service's error body, well before the idle limit.
import type { ServerOptions } from 'node:http';

export interface ServerTimeouts {
  /** The request line and headers must arrive within this (ms) of the request's first byte. */
  headersMs: number;
  /** The whole request, body included, must arrive within this (ms); at least headersMs. */
  requestMs: number;
  /** An idle keep-alive connection is closed after this (ms). */
  keepAliveMs: number;
  /**
   * A socket with no traffic either way for this long (ms) is closed: a connection that never
   * sends a byte (the two limits above start at the first byte), or a stalled reader. It must
   * exceed answerMs, so that a request being computed is answered (503) rather than cut.
   */
  idleMs: number;
  /**
   * A request whose answer is not ready this long (ms) after it was routed is answered 503
   * `service_unavailable` with Retry-After (its work may go on, filling the caches); below idleMs.
   */
  answerMs: number;
}

/** Retry-After (seconds) of a 503 for a request that ran out of time: the work behind it goes on. */
export const BUSY_RETRY_AFTER_S = 15;

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  headersMs: 10_000,
  requestMs: 15_000,
  keepAliveMs: 10_000,
  idleMs: 60_000,
  answerMs: 45_000,
};

/** The timeouts with `overrides` applied, refused when they cannot work together. */
export function resolveTimeouts(overrides: Partial<ServerTimeouts> = {}): ServerTimeouts {
  const t = { ...DEFAULT_TIMEOUTS, ...overrides };
  for (const [name, value] of Object.entries(t)) {
    if (!Number.isInteger(value) || value <= 0)
      throw new RangeError(`server timeout ${name} must be a positive whole number of ms, got ${value}`);
  }
  // Node refuses a header limit above the request limit.
  if (t.headersMs > t.requestMs)
    throw new RangeError(`server timeout headersMs (${t.headersMs}) exceeds requestMs (${t.requestMs})`);
  // The idle limit would otherwise cut a request still being computed, with no answer at all.
  if (t.answerMs >= t.idleMs)
    throw new RangeError(`server timeout answerMs (${t.answerMs}) must be below idleMs (${t.idleMs})`);
  return t;
}

/**
 * Node checks the two request limits on a timer rather than per socket, so a limit is enforced up
 * to one interval late: a quarter of the shorter limit (at most 1 s) keeps that slack small.
 */
export function checkingIntervalMs(t: ServerTimeouts): number {
  return Math.max(10, Math.min(1000, Math.floor(Math.min(t.headersMs, t.requestMs) / 4)));
}

/** Fastify's options for the timeouts (it creates the HTTP server with `http`). */
export function fastifyTimeoutOptions(t: ServerTimeouts): {
  requestTimeout: number;
  keepAliveTimeout: number;
  connectionTimeout: number;
  handlerTimeout: number;
  http: ServerOptions;
} {
  return {
    requestTimeout: t.requestMs,
    handlerTimeout: t.answerMs,
    keepAliveTimeout: t.keepAliveMs,
    connectionTimeout: t.idleMs,
    http: {
      headersTimeout: t.headersMs,
      requestTimeout: t.requestMs,
      keepAliveTimeout: t.keepAliveMs,
      connectionsCheckingInterval: checkingIntervalMs(t),
    },
  };
}
