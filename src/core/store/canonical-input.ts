// Cheap checks for input that is already in the form the store's zod schemas would give back.
// The poller hands the store thousands of keys, times and points per cycle, nearly all canonical
// (upper-case tickers, epoch-ms times); checking those by hand costs a fraction of a zod parse.
// Anything these do not accept still goes through the schema, which normalises it or refuses it
// with its usual message, so behaviour is the schema's either way.
import type { Params } from './params-key.ts';
import type { EpochMs } from './time.ts';

/** What tickerSchema accepts unchanged (no whitespace to trim, upper-case, no index marker). */
export { isCanonicalTicker } from '../../shared/ticker-symbol.ts';

/** What epochMsSchema accepts. */
export function isEpochMs(value: unknown): value is EpochMs {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 8.64e15;
}

/** A name keySchema accepts unchanged: 1-100 characters, nothing to trim. */
export function isCanonicalName(value: unknown, max = 100): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= max && value.trim() === value;
}

/**
 * Parameters paramsSchema accepts as they are: a plain object of scalar values (lists, rarer,
 * are left to the schema).
 */
export function isSimpleParams(value: unknown): value is Params {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const name in value) {
    if (name === '') return false;
    const v = (value as Record<string, unknown>)[name];
    if (
      typeof v === 'number'
        ? !Number.isFinite(v)
        : !(typeof v === 'string' || typeof v === 'boolean' || v == null)
    )
      return false;
  }
  return true;
}
