// Conditional GETs of the per-ticker endpoints. A view of a snapshot is identified by its schema,
// the ticker, the snapshot's asof and the normalised query parameters, so its weak ETag is known
// before any body exists, is hashed once per snapshot and view (memoised on the analysis), and is
// the same across restarts (same seed + same clock ⇒ same snapshot ⇒ same ETag). A matching
// If-None-Match is answered 304 before the body is built or even looked up.
//
// Cache-Control: `private, max-age=<s>`, where s is how long until a newer snapshot could exist:
// during regular hours the simulator snapshots on a 5-minute grid, so s is the time to the next
// grid point, capped at DEFAULT_MAX_AGE_S; outside hours, and for imported chains (which never
// gain a snapshot while the service runs), it is DEFAULT_MAX_AGE_S. max-age counts wall-clock
// seconds, so it is only meaningful while the market clock runs at wall-clock pace: under an
// accelerated or hand-set clock (demos, tests) market time can jump past the next snapshot at any
// moment, and s is 0 (every use revalidates, which the ETag keeps to a cheap 304).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isMarketOpen } from '../../shared/market-calendar.ts';
import type { TickerAnalysis } from '../analysis/ticker-analysis.ts';
import { SNAPSHOT_STEP_MS } from '../market/sim/sessions.ts';
import type { MarketDataSource } from '../market/source.ts';
import { canonicalJson, ifNoneMatchMatches, weakEtag } from '../rankings/etag.ts';
import { jsonBuffer, sendJson } from './json-reply.ts';

export const DEFAULT_MAX_AGE_S = 60;

/** Normalised query parameters of a view: only values the endpoint honours, after defaults. */
export type ViewParams = Readonly<Record<string, string | number | boolean | null | readonly string[]>>;

/** Seconds a client may reuse a per-ticker response at market time `now` (see the header comment). */
export function snapshotMaxAge(source: MarketDataSource, now: number): number {
  if (!source.simulated || !isMarketOpen(now)) return DEFAULT_MAX_AGE_S;
  const next = (Math.floor(now / SNAPSHOT_STEP_MS) + 1) * SNAPSHOT_STEP_MS;
  return Math.min(DEFAULT_MAX_AGE_S, Math.max(1, Math.ceil((next - now) / 1000)));
}

/** A market clock further than this from the wall clock is not a real-time clock. */
const WALL_CLOCK_TOLERANCE_MS = 1000;

/** The Cache-Control value now; recomputed at most once per market second while the clock is real. */
export function cacheControlClock(source: MarketDataSource, wallNow: () => number = Date.now): () => string {
  let second = Number.NaN;
  let value = '';
  return () => {
    const now = source.clock.now();
    if (Math.abs(now - wallNow()) > WALL_CLOCK_TOLERANCE_MS) return 'private, max-age=0';
    const s = Math.floor(now / 1000);
    if (s !== second) {
      second = s;
      value = `private, max-age=${snapshotMaxAge(source, now)}`;
    }
    return value;
  };
}

interface ViewKey {
  /** Memo key of the view on its snapshot. */
  key: string;
  etag: string;
}

function viewKey(a: TickerAnalysis, schema: string, params: ViewParams): ViewKey {
  const key = `${schema}|${canonicalJson(params)}`;
  const etag = a.memo(`etag:${key}`, () =>
    weakEtag({
      schema,
      ticker: a.ticker,
      asof: a.asof,
      params: params as Record<string, unknown>,
      // A chain folder's file replaced under the same snapshot time is a new representation.
      ...(a.revision === '' ? {} : { revision: a.revision }),
    }),
  );
  return { key, etag };
}

function wildcard(header: string | string[] | undefined): boolean {
  return (Array.isArray(header) ? header.join(',') : (header ?? '')).includes('*');
}

/**
 * Sets ETag and Cache-Control for a view of a snapshot and answers 304 when the caller's copy is
 * current. Returns true when the 304 was sent. `exists` is checked first for `If-None-Match: *`,
 * which only matches a representation that exists (an unknown expiration date must stay a 404).
 */
export function notModified(
  request: FastifyRequest,
  reply: FastifyReply,
  a: TickerAnalysis,
  schema: string,
  params: ViewParams,
  cacheControl: string,
  exists?: () => void,
): boolean {
  const { etag } = viewKey(a, schema, params);
  const header = request.headers['if-none-match'];
  if (!ifNoneMatchMatches(header, etag)) {
    void reply.header('etag', etag).header('cache-control', cacheControl);
    return false;
  }
  if (exists && wildcard(header)) exists();
  void reply.code(304).header('etag', etag).header('cache-control', cacheControl).send();
  return true;
}

export interface SnapshotView {
  schema: string;
  params: ViewParams;
  /** The response value: an envelope (JSON) or, with `text`, the plain-text body. */
  build: () => unknown;
  text?: boolean;
}

/**
 * The one reply path of the synchronous per-ticker views: validators first, then the body,
 * serialised once per snapshot and view and kept on the analysis.
 */
export function sendSnapshotView(
  request: FastifyRequest,
  reply: FastifyReply,
  a: TickerAnalysis,
  view: SnapshotView,
  cacheControl: string,
): FastifyReply {
  const { key } = viewKey(a, view.schema, view.params);
  const body = (): Buffer =>
    a.memo(`body:${key}`, () => {
      const value = view.build();
      return view.text === true ? Buffer.from(String(value), 'utf8') : jsonBuffer(value);
    });
  if (notModified(request, reply, a, view.schema, view.params, cacheControl, body)) return reply;
  if (view.text === true) return reply.type('text/plain; charset=utf-8').send(body());
  return sendJson(reply, body());
}
