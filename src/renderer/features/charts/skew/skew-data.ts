// The skew chart's data: call and put IV by strike of one expiration, in percent, from the option
// volume payload's `include=iv` columns, and why a chart is empty or partial when it is. A gap
// (a strike without a usable IV) stays a gap: the line breaks there rather than inventing a value.
import type { OptionsVolumeData } from '../../../../shared/api/options-volume.ts';
import type { Columns } from '../frame/chart-spec.ts';

export interface SkewView {
  /** Strike, call IV %, put IV %; null when there is nothing to draw. */
  columns: Columns | null;
  /** The expiration's ATM IV in percent, when served. */
  atmPct: number | null;
  /** Strikes with a call (put) IV. */
  calls: number;
  puts: number;
  /** Why the chart is empty, or what is missing from a partial one; null when complete. */
  note: string | null;
}

const pct = (iv: number | null | undefined): number | null =>
  typeof iv === 'number' && Number.isFinite(iv) && iv > 0 ? iv * 100 : null;

const EMPTY = { columns: null, atmPct: null, calls: 0, puts: 0 } as const;

/** `summed`: the payload adds several expirations (IV is per expiration, so there is no skew). */
export function skewView(data: OptionsVolumeData | null, summed: boolean): SkewView {
  if (summed) {
    return { ...EMPTY, note: 'IV is per expiration: choose one expiration to see its skew.' };
  }
  if (!data || data.points.length === 0) return { ...EMPTY, note: 'No strikes for this expiration.' };
  const served = data.points.some((p) => 'call_iv' in p || 'put_iv' in p);
  if (!served) {
    return {
      ...EMPTY,
      note: 'This volume was stored without IV (before IV was fetched with it); the next fetch of this expiration carries it.',
    };
  }
  const points = [...data.points].sort((a, b) => a.strike - b.strike);
  const strikes = Float64Array.from(points, (p) => p.strike);
  const calls = points.map((p) => pct(p.call_iv));
  const puts = points.map((p) => pct(p.put_iv));
  const callCount = calls.filter((v) => v !== null).length;
  const putCount = puts.filter((v) => v !== null).length;
  const atmPct = pct(data.atm_iv);
  if (callCount + putCount === 0) {
    return { ...EMPTY, note: 'No strike of this expiration has a usable IV quote.' };
  }
  const missing: string[] = [];
  if (callCount === 0) missing.push('no call has a usable IV quote');
  if (putCount === 0) missing.push('no put has a usable IV quote');
  const gaps = points.length * 2 - callCount - putCount;
  if (missing.length === 0 && gaps > 0) {
    missing.push(`${gaps} of ${points.length * 2} contracts have no usable IV (the lines break there)`);
  }
  if (atmPct === null) missing.push('no ATM IV for this expiration');
  const note = missing.length > 0 ? `Partial: ${missing.join('; ')}.` : null;
  return { columns: [strikes, calls, puts], atmPct, calls: callCount, puts: putCount, note };
}

/**
 * An earlier snapshot's IV by strike, in percent, at the strikes shown (`strikes`, ascending):
 * the out-of-the-money side of that time (puts below its spot, calls at and above it, the other
 * side where one is missing), the usual way to read a skew as one line. A strike the earlier
 * chain did not list is null (the overlay spans it).
 */
export function pastSkewColumn(
  strikes: ArrayLike<number>,
  past: Pick<OptionsVolumeData, 'price' | 'points'>,
): (number | null)[] {
  const byStrike = new Map<number, number>();
  for (const p of past.points) {
    const call = pct(p.call_iv);
    const put = pct(p.put_iv);
    const iv = p.strike < past.price ? (put ?? call) : (call ?? put);
    if (iv !== null) byStrike.set(Math.round(p.strike * 1000), iv);
  }
  return Array.from(
    { length: strikes.length },
    (_, i) => byStrike.get(Math.round((strikes[i] as number) * 1000)) ?? null,
  );
}
