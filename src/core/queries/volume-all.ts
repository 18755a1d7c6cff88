// Option volume over all expirations. The API publishes volume per expiration only (`exp` is
// required, see the contract), so the app sums it: every listed expiration (from gamma by
// expiration) is resolved like a single one (stored, or fetched on demand and stored), then the
// calls and puts are added strike by strike. A few at a time: the endpoint has its own rate limit.
import { gammaExpirationsDataSchema } from '../../shared/api/curves.ts';
import { optionsVolumeDataSchema, type OptionsVolumeData } from '../../shared/api/options-volume.ts';
import type { BridgeOutput } from '../../shared/bridge/contract.ts';
import type { CurveOrigin } from '../../shared/bridge/curve-origin.ts';
import type { Snapshot } from '../store/repositories/snapshots.ts';
import type { Resolved } from './curve-fetch.ts';
import { isStale, snapshotMeta } from './snapshot-meta.ts';
import { payload } from './ticker-views.ts';

export interface AllVolumeDeps {
  marketNow: number;
  /** Gamma by expiration (stored at or before the time, or the latest, fetched when missing). */
  expirations(): Promise<Resolved>;
  /** One expiration's volume, resolved as a single-expiration ask would be. */
  volumeOf(date: string): Promise<Resolved>;
  /** Requests at once (default 3). */
  concurrency?: number;
}

type Output = BridgeOutput<'ticker:optionsVolume'>;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Every YYYY-MM-DD date a gamma-by-expiration payload's buckets name, ascending and unique. */
export function listedDates(expiries: Record<string, unknown>): string[] {
  const dates = new Set<string>();
  const add = (v: unknown) => {
    if (typeof v === 'string' && ISO_DATE.test(v)) dates.add(v);
  };
  for (const value of Object.values(expiries)) {
    if (Array.isArray(value)) value.forEach(add);
    else add(value);
  }
  return [...dates].sort();
}

/** Calls and puts of several expirations added by strike; strikes ascending. */
export function sumVolumes(parts: readonly OptionsVolumeData[]): OptionsVolumeData['points'] {
  const byStrike = new Map<number, { call: number; put: number }>();
  for (const part of parts) {
    for (const p of part.points) {
      const row = byStrike.get(p.strike) ?? { call: 0, put: 0 };
      row.call += p.call_volume;
      row.put += p.put_volume;
      byStrike.set(p.strike, row);
    }
  }
  return [...byStrike.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([strike, v]) => ({ strike, call_volume: v.call, put_volume: v.put, total: v.call + v.put }));
}

async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  run: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await run(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export async function allExpirationsVolume(deps: AllVolumeDeps, ticker: string): Promise<Output> {
  const none = (origin: CurveOrigin): Output => ({ ticker, snapshot: null, data: null, origin });
  const map = await deps.expirations();
  const expiries = map.snapshot ? payload(gammaExpirationsDataSchema, map.snapshot.data)?.expiries : null;
  if (!expiries) {
    // Nothing listed: say why in the words of the map's own answer (none at the time, unreachable...).
    const source =
      map.origin.source === 'stored' || map.origin.source === 'fetched' ? 'unavailable' : map.origin.source;
    return none({
      source,
      message: map.origin.message ?? 'no listed expirations are known for this ticker yet',
    });
  }
  const dates = listedDates(expiries);
  const answers = await mapLimited(dates, deps.concurrency ?? 3, (d) => deps.volumeOf(d));
  const parts: { data: OptionsVolumeData; snapshot: Snapshot }[] = [];
  const failures: string[] = [];
  for (const [i, answer] of answers.entries()) {
    const data = answer.snapshot ? payload(optionsVolumeDataSchema, answer.snapshot.data) : null;
    if (data && answer.snapshot) parts.push({ data, snapshot: answer.snapshot });
    else if (answer.origin.message) failures.push(`${dates[i] ?? ''}: ${answer.origin.message}`);
  }
  const summed = { included: parts.length, listed: dates.length };
  if (parts.length === 0) {
    const offline = answers.some((a) => a.origin.source === 'unreachable');
    const atTime = answers.every((a) => a.origin.source === 'none_at_time');
    return none({
      source: offline ? 'unreachable' : atTime ? 'none_at_time' : 'unavailable',
      message: failures[0] ?? null,
      summed,
    });
  }
  const newest = parts.reduce((a, b) => (b.snapshot.asof > a.snapshot.asof ? b : a));
  const points = sumVolumes(parts.map((p) => p.data));
  const totals = points.reduce(
    (t, p) => ({
      call_volume: t.call_volume + p.call_volume,
      put_volume: t.put_volume + p.put_volume,
      total: t.total + p.total,
    }),
    { call_volume: 0, put_volume: 0, total: 0 },
  );
  const expiriesIncluded = parts.map((p) => p.data.expiry).sort();
  const data = {
    ticker: newest.data.ticker,
    asof: newest.data.asof,
    // The contract's field is one date: the nearest summed; `expiries` lists them all.
    expiry: expiriesIncluded[0] as string,
    expiries: expiriesIncluded,
    price: newest.data.price,
    points,
    totals,
  };
  const anyFetched = answers.some((a) => a.origin.source === 'fetched');
  const fallback = answers.some((a) => a.origin.source === 'stored_fallback');
  const origin: CurveOrigin = {
    source: fallback ? 'stored_fallback' : anyFetched ? 'fetched' : 'stored',
    message: failures.length
      ? `${failures.length} of ${dates.length} expirations missing (${failures[0]})`
      : null,
    summed,
  };
  // Stale when any part is: the sum is only as fresh as its oldest expiration.
  const stale = parts.some((p) => isStale(p.snapshot.asof, deps.marketNow));
  return { ticker, snapshot: { ...snapshotMeta(newest.snapshot, deps.marketNow), stale }, data, origin };
}
