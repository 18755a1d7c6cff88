// Weak validators for the ranking endpoints. The spec keys the ETag on the response's identity
// (schema, asof, limit, thresholds, filters, count), not on its bytes, so a validator is cheap to
// compute before the body exists and a 304 costs no serialisation at all.
import { createHash } from 'node:crypto';

/** Canonical JSON: object keys sorted at every depth, so equal inputs always hash equally. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** `W/"<hash>"` of the canonical JSON of the keyed parts. */
export function weakEtag(parts: Record<string, unknown>): string {
  const digest = createHash('sha256').update(canonicalJson(parts)).digest('base64url').slice(0, 27);
  return `W/"${digest}"`;
}

/**
 * Whether an If-None-Match header matches an ETag, by the weak comparison of RFC 9110 §13.1.2:
 * a list of entity tags, each strong or `W/`, or `*`. Malformed entries simply do not match.
 */
export function ifNoneMatchMatches(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  // What a client that revalidates sends: the ETag exactly as it was given.
  if (header === etag) return true;
  const target = opaque(etag);
  const values = Array.isArray(header) ? header : [header];
  for (const value of values) {
    for (const raw of value.split(',')) {
      const tag = raw.trim();
      if (tag === '*') return true;
      if (tag !== '' && opaque(tag) === target) return true;
    }
  }
  return false;
}

function opaque(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}
