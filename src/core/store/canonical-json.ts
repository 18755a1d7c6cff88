// Canonical JSON is what makes content addressing work: two payloads that mean the same thing
// (same keys and values, any key order) must serialise to the same bytes and so the same hash.
// Rules: object keys sorted by UTF-16 code unit (as RFC 8785 does), no whitespace, numbers and
// strings as JSON.stringify writes them, object members whose value is undefined left out.
// Anything JSON cannot carry faithfully (NaN, Infinity, functions, bigint, class instances,
// undefined inside arrays, cycles) is refused rather than silently turned into null.
//
// This sits on the ingest hot path, so the writer keeps no path while it works; when it meets a
// bad value it throws a bare signal and a second, slow walk finds where the problem is.
// Measured on 2-4 KB API payloads (test/bench/store.bench.ts): what costs is turning ~100 numbers
// into text and ordering ~30 small key sets. Each value is written by the JSON.stringify builtin
// (it beats String() and hand-made quoting), and keys are ordered by an insertion sort, which
// for the handful of keys an API object has is several times cheaper than Array.prototype.sort.
import { hash } from 'node:crypto';

export type JsonPrimitive = null | boolean | number | string;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };

export class CanonicalJsonError extends Error {
  override readonly name = 'CanonicalJsonError';
  constructor(
    readonly problem: string,
    /** Where in the value the problem is, e.g. `$.items[3].score`. */
    readonly path: string,
  ) {
    super(`${problem} at ${path}`);
  }
}

/** Deeper than any API payload; reaching it means a cycle (or something we would not store). */
const MAX_DEPTH = 256;

class Bad extends Error {}
const bad = new Bad();

// Code-unit order, spelled out: faster than sort()'s default, which converts to strings again.
const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Above this many keys an insertion sort's quadratic worst case starts to show. */
const INSERTION_SORT_MAX = 16;

/** Sorts keys in place by UTF-16 code unit (JavaScript's `<` on strings). */
function sortKeys(keys: string[]): void {
  const n = keys.length;
  if (n > INSERTION_SORT_MAX) {
    keys.sort(byCodeUnit);
    return;
  }
  for (let i = 1; i < n; i++) {
    const key = keys[i] as string;
    let j = i - 1;
    while (j >= 0 && (keys[j] as string) > key) {
      keys[j + 1] = keys[j] as string;
      j--;
    }
    keys[j + 1] = key;
  }
}

// API payloads repeat the same few hundred keys; quoting each once (with its colon) is cheaper.
const quotedKeys = new Map<string, string>();
function quoteKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key) + ':';
    if (quotedKeys.size < 4096) quotedKeys.set(key, quoted);
  }
  return quoted;
}

export function canonicalJson(value: unknown): string {
  try {
    return write(value, 0);
  } catch (error) {
    if (error === bad) throw locate(value, '$', []);
    throw error;
  }
}

function write(value: unknown, depth: number): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      // NaN and ±Infinity are the numbers for which x - x is not 0.
      if (value - value !== 0) throw bad;
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (depth >= MAX_DEPTH) throw bad;
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          const item: unknown = value[i];
          if (item === undefined) throw bad;
          out += (i === 0 ? '' : ',') + write(item, depth + 1);
        }
        return out + ']';
      }
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) throw bad;
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record);
      if (keys.length > 1) sortKeys(keys);
      let out = '{';
      let first = true;
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i] as string;
        const member = record[key];
        if (member === undefined) continue;
        out += (first ? '' : ',') + quoteKey(key) + write(member, depth + 1);
        first = false;
      }
      return out + '}';
    }
    default:
      throw bad;
  }
}

/** The slow walk: names the first value canonicalJson refused. */
function locate(value: unknown, path: string, stack: object[]): CanonicalJsonError {
  const found = find(value, path, stack);
  return found ?? new CanonicalJsonError('value nested too deeply', path);
}

function find(value: unknown, path: string, stack: object[]): CanonicalJsonError | null {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    return new CanonicalJsonError(`${value} is not a JSON number`, path);
  }
  if (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean'
  ) {
    return null;
  }
  if (typeof value !== 'object') return new CanonicalJsonError(`a ${typeof value} is not JSON`, path);
  if (stack.includes(value)) return new CanonicalJsonError('cycle', path);
  if (stack.length >= MAX_DEPTH)
    return new CanonicalJsonError(`nested deeper than ${MAX_DEPTH} levels`, path);
  stack.push(value);
  try {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        if (item === undefined) return new CanonicalJsonError('undefined is not JSON', `${path}[${i}]`);
        const inner = find(item, `${path}[${i}]`, stack);
        if (inner) return inner;
      }
      return null;
    }
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) {
      return new CanonicalJsonError(`a ${value.constructor.name} instance is not plain JSON`, path);
    }
    for (const [key, member] of Object.entries(value)) {
      if (member === undefined) continue;
      const inner = find(member, `${path}.${key}`, stack);
      if (inner) return inner;
    }
    return null;
  } finally {
    stack.pop();
  }
}

/** sha256 of a text (or of its UTF-8 bytes) as 32 raw bytes (the stored form of a content hash). */
export function sha256(text: string | Buffer): Buffer {
  return hash('sha256', text, 'buffer');
}

/** sha256 of a value's canonical JSON, lower-case hex: the content hash of a payload. */
export function contentHash(value: unknown): string {
  return hash('sha256', canonicalJson(value), 'hex');
}
