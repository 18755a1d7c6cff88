// Reading query strings the way the spec asks for every endpoint: unknown parameters are ignored,
// empty strings are unset, CSV means a set of values, and a value the endpoint cannot use is a 400
// that names the parameter (and the allowed values when there is a closed set). Pure: a refused
// value is a QueryError, which the service's error handler answers as its 400
// (src/service/http/server.ts).
import { clipForApi } from '../echo.ts';
import { invalidQueryParam } from './query-error.ts';

/** A query string reduced to one string per parameter; repeated parameters are joined as CSV. */
export type Query = ReadonlyMap<string, string>;

export function readQuery(raw: unknown): Query {
  const out = new Map<string, string>();
  if (raw === null || typeof raw !== 'object') return out;
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const joined = Array.isArray(value)
      ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').join(',')
      : typeof value === 'string'
        ? value
        : '';
    if (joined.trim() !== '') out.set(key, joined.trim());
  }
  return out;
}

/** CSV values, trimmed, de-duplicated in order; undefined when nothing usable was given. */
export function csvParam(q: Query, name: string): string[] | undefined {
  const raw = q.get(name);
  if (raw === undefined) return undefined;
  const values = [
    ...new Set(
      raw
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== ''),
    ),
  ];
  return values.length > 0 ? values : undefined;
}

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A decimal number (no hex, no Infinity, no NaN), or undefined when unset. */
export function numberParam(q: Query, name: string): number | undefined {
  const raw = q.get(name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!NUMBER.test(raw) || !Number.isFinite(value))
    throw invalidQueryParam(name, `expected a number, got '${clipForApi(raw)}'`);
  return value;
}

/** A number clamped into [lo, hi]; integers are truncated toward zero first when `integer`. */
export function clampedParam(
  q: Query,
  name: string,
  range: { lo: number; hi: number; fallback: number; integer?: boolean },
): number {
  const value = numberParam(q, name);
  if (value === undefined) return range.fallback;
  const v = range.integer === true ? Math.trunc(value) : value;
  return Math.min(range.hi, Math.max(range.lo, v));
}

const TRUE = new Set(['true', '1', 'yes']);
const FALSE = new Set(['false', '0', 'no']);

export function boolParam(q: Query, name: string, fallback: boolean): boolean {
  const raw = q.get(name);
  if (raw === undefined) return fallback;
  const v = raw.toLowerCase();
  if (TRUE.has(v)) return true;
  if (FALSE.has(v)) return false;
  throw invalidQueryParam(name, `expected a boolean, got '${clipForApi(raw)}'`, ['true', 'false']);
}

/** One value of a closed set (case-insensitive), or the fallback when unset. */
export function enumParam<T extends string>(q: Query, name: string, allowed: readonly T[], fallback: T): T;
export function enumParam<T extends string>(
  q: Query,
  name: string,
  allowed: readonly T[],
  fallback?: undefined,
): T | undefined;
export function enumParam<T extends string>(
  q: Query,
  name: string,
  allowed: readonly T[],
  fallback?: T,
): T | undefined {
  const raw = q.get(name);
  if (raw === undefined) return fallback;
  const v = raw.toLowerCase();
  const hit = allowed.find((a) => a.toLowerCase() === v);
  if (hit === undefined) throw invalidQueryParam(name, `unknown value '${clipForApi(raw)}'`, allowed);
  return hit;
}
