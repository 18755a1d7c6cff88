// A gamma curve for one listed date is a real-time pull: the source serves it in trading hours
// only (409 otherwise, as the contract says). Evening preparation is the main use, so outside
// trading hours the app answers from what it has: the last pull stored for that date, or the
// cached curve of the bucket (nearest, first weekly, first monthly) that is that date, whichever
// is newer; with neither, it still asks the source once (its clock may differ from ours: a
// chain folder's data clock, a remote host) and says the date was never pulled and when the
// market opens next only when the source confirms it is closed: a source that is down reads
// "unreachable", as any curve does, not "never pulled".
import type { CurveOrigin } from '../../shared/bridge/curve-origin.ts';
import { isoUtc, isMarketOpen, nextSession } from '../../shared/market-calendar.ts';
import { gammaCurveDataSchema, gammaExpirationsDataSchema } from '../../shared/api/curves.ts';
import type { Store } from '../store/database.ts';
import type { Snapshot } from '../store/repositories/snapshots.ts';
import type { CurveRequest, Resolved } from './curve-fetch.ts';
import { payload } from './ticker-views.ts';

export const DATED_BUCKETS = ['nearest', 'first_weekly', 'first_monthly'] as const;
export type DatedBucket = (typeof DATED_BUCKETS)[number];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a gamma-curve expiration asks for a real-time pull (a date rather than a bucket). */
export function isRealtimeExp(exp: string | undefined): exp is string {
  return exp !== undefined && ISO_DATE.test(exp);
}

export interface RealtimeDeps {
  store: Store<unknown>;
  marketNow: number;
  /** Resolves one curve request live (the store, fetched when missing or stale). */
  resolveLive(request: CurveRequest): Promise<Resolved>;
  /** The request for a bucket's curve in the same view. */
  bucketRequest(bucket: DatedBucket): CurveRequest;
}

const keyOf = (r: CurveRequest) => ({ endpoint: r.endpoint, ticker: r.ticker, params: r.params });

/** Buckets that stand for `date`: by the stored gamma-by-expiration map and the stored bucket curves. */
export function bucketsOfDate(deps: RealtimeDeps, ticker: string, date: string): DatedBucket[] {
  const found = new Set<DatedBucket>();
  const map = deps.store.snapshots.latest({ endpoint: 'curve_gamma_expirations', ticker, params: {} });
  const expiries = map ? payload(gammaExpirationsDataSchema, map.data)?.expiries : undefined;
  for (const bucket of DATED_BUCKETS) {
    if (expiries?.[bucket] === date) found.add(bucket);
    const curve = deps.store.snapshots.latest(keyOf(deps.bucketRequest(bucket)));
    if (curve && payload(gammaCurveDataSchema, curve.data)?.expiry === date) found.add(bucket);
  }
  return DATED_BUCKETS.filter((b) => found.has(b));
}

/** The curve for a dated request: live in trading hours, else the stored fallbacks above. */
export async function resolveRealtime(
  deps: RealtimeDeps,
  request: CurveRequest,
  date: string,
): Promise<Resolved> {
  const liveTried = isMarketOpen(deps.marketNow);
  if (liveTried) {
    const live = await deps.resolveLive(request);
    if (!live.closed) return live;
  }
  return closedAnswer(deps, request, date, liveTried);
}

async function closedAnswer(
  deps: RealtimeDeps,
  request: CurveRequest,
  date: string,
  liveTried: boolean,
): Promise<Resolved> {
  const nextOpen = isoUtc(nextSession(deps.marketNow).open);
  const pulled = deps.store.snapshots.latest(keyOf(request));
  let best: { snapshot: Snapshot; bucket: DatedBucket | null } | null = pulled
    ? { snapshot: pulled, bucket: null }
    : null;
  for (const bucket of bucketsOfDate(deps, request.ticker, date)) {
    // Bucket curves are cached by the source, so asking for one is fine outside trading hours.
    const answer = await deps.resolveLive(deps.bucketRequest(bucket));
    const snap = answer.snapshot;
    if (snap && (!best || snap.asof > best.snapshot.asof)) best = { snapshot: snap, bucket };
  }
  if (!best && !liveTried) {
    const live = await deps.resolveLive(request);
    if (!live.closed) return live;
  }
  if (!best) {
    const origin: CurveOrigin = { source: 'closed_never', message: null, nextOpen };
    return { snapshot: undefined, origin };
  }
  const origin: CurveOrigin = best.bucket
    ? { source: 'closed_bucket', message: null, bucket: best.bucket, nextOpen }
    : { source: 'closed_stored', message: null, nextOpen };
  return { snapshot: best.snapshot, origin };
}
