// The levels a price chart draws from a market-structure body (spot, gamma flip, walls, ±1σ 1d),
// read once when the snapshot is stored (migration 012, snapshot_levels) so that "Price with
// levels" over six months reads 2,000 small rows instead of decoding 2,000 compressed bodies.
import type { KeyLevels } from '../../shared/api/market-structure.ts';

/** The endpoint and parameters whose snapshots carry the levels a price chart draws. */
export const LEVELS_ENDPOINT = 'market_structure';
export const LEVELS_PARAMS_KEY = '';

export interface ChartLevels {
  spot: number;
  gamma_flip: number | null;
  call_wall: number | null;
  put_wall: number | null;
  plus_1sigma_1d: number | null;
  minus_1sigma_1d: number | null;
}

const finite = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const usd = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v > 0;
const usdOrNull = (v: unknown): boolean => v === null || usd(v);
const usdMaybe = (v: unknown): boolean => v === undefined || usdOrNull(v);

/**
 * Whether `v` passes keyLevelsSchema, checked by hand: this runs for every stored market-structure
 * snapshot and every point of an older store's window, where zod took several µs a body. Same
 * rules field for field (zod's number takes finite values only; a nullable field must be present;
 * maybe() may be absent); a test holds it to the schema on every kind of value.
 */
export function isKeyLevels(v: unknown): v is KeyLevels {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const k = v as Record<string, unknown>;
  return (
    usd(k['spot']) &&
    usdOrNull(k['gamma_flip']) &&
    usdOrNull(k['plus_1sigma_1d']) &&
    usdOrNull(k['minus_1sigma_1d']) &&
    usdOrNull(k['plus_1sigma_1w']) &&
    usdOrNull(k['minus_1sigma_1w']) &&
    usdOrNull(k['plus_1sigma_1m']) &&
    usdOrNull(k['minus_1sigma_1m']) &&
    usdMaybe(k['call_wall']) &&
    usdMaybe(k['put_wall']) &&
    usdMaybe(k['max_pain'])
  );
}

/** A stored body's chart levels; null when it has none a chart can use. */
export function chartLevelsOf(data: unknown): ChartLevels | null {
  const k = (data as { key_levels?: unknown } | null)?.key_levels;
  if (!isKeyLevels(k)) return null;
  const spot = finite(k.spot);
  if (spot === null) return null;
  return {
    spot,
    gamma_flip: finite(k.gamma_flip),
    call_wall: finite(k.call_wall),
    put_wall: finite(k.put_wall),
    plus_1sigma_1d: finite(k.plus_1sigma_1d),
    minus_1sigma_1d: finite(k.minus_1sigma_1d),
  };
}
