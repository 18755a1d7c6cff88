// Bearer-key authentication and demo access. Keys are compared as SHA-256 digests with
// timingSafeEqual against every configured key (no early exit), so neither the content nor the
// length of a guess leaks through timing. Keys are never logged: a caller is known by a short
// digest prefix, which is what the rate limiter keys on.
//
// A client sends the same Authorization header on every request, and hashing it was a measurable
// part of serving a cached body, so each keyring remembers the header values it has accepted (only
// those: a wrong guess is hashed and compared every time). The memory belongs to the keyring, so a
// keyring built from a new key list (a key revoked or rotated) starts with none. A lookup compares
// a guess's contents only with a remembered value whose table hash it shares, and a guess cannot
// be aimed at that hash without knowing the key, so the lookup adds no usable timing signal.
import { createHash, timingSafeEqual } from 'node:crypto';
import { ServiceError } from './errors.ts';

export type Caller = { kind: 'key'; id: string } | { kind: 'demo' };

export interface Keyring {
  readonly size: number;
  /** The caller id of a valid key, or null. */
  verify(presented: string): string | null;
}

function digest(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

export function createKeyring(keys: readonly string[]): Keyring {
  const digests = [...new Set(keys)].map(digest);
  return {
    size: digests.length,
    verify(presented) {
      const candidate = digest(presented);
      let hit: Buffer | null = null;
      for (const d of digests) if (timingSafeEqual(d, candidate)) hit = d;
      return hit === null ? null : `key-${hit.toString('hex').slice(0, 12)}`;
    },
  };
}

/** Accepted Authorization header values remembered per keyring; the map is emptied when full. */
export const AUTH_CACHE_ENTRIES = 64;
const accepted = new WeakMap<Keyring, Map<string, Caller>>();

function acceptedBy(keyring: Keyring): Map<string, Caller> {
  let known = accepted.get(keyring);
  if (known === undefined) accepted.set(keyring, (known = new Map()));
  return known;
}

const BEARER = /^Bearer[ \t]+([\x21-\x7e]+)[ \t]*$/i;
export const DEMO_HEADER = 'x-svc-demo';
/** The official client's spelling of the demo header (tradingvolatility/tv-mcp), accepted beside ours. */
export const CLIENT_DEMO_HEADER = 'x-tv-demo';

const unauthorized = (message: string): ServiceError =>
  new ServiceError(401, 'unauthorized', message, {}, { 'WWW-Authenticate': 'Bearer realm="api/v2"' });

const BEARER_FORMAT = 'Authorization must be "Bearer <API_KEY>"';

function verifyBearer(authorization: string, keyring: Keyring): Caller {
  const match = BEARER.exec(authorization);
  if (!match?.[1]) throw unauthorized(BEARER_FORMAT);
  const id = keyring.verify(match[1]);
  if (id === null) throw unauthorized('invalid API key');
  return Object.freeze({ kind: 'key', id });
}

/**
 * Who is calling: a valid bearer key wins; without an Authorization header, `X-Svc-Demo: 1` (or the
 * official client's `X-TV-Demo: 1`) is demo access; anything else is a 401. A present but invalid key is a 401 even with the demo header, so
 * a misconfigured client learns about its key instead of silently seeing the demo set.
 */
export function authenticate(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  keyring: Keyring,
): Caller {
  const authorization = headers.authorization;
  if (typeof authorization === 'string') {
    const known = acceptedBy(keyring);
    const remembered = known.get(authorization);
    if (remembered !== undefined) return remembered;
    const caller = verifyBearer(authorization, keyring);
    if (known.size >= AUTH_CACHE_ENTRIES) known.clear();
    known.set(authorization, caller);
    return caller;
  }
  if (authorization !== undefined) throw unauthorized(BEARER_FORMAT);
  if (headers[DEMO_HEADER] === '1' || headers[CLIENT_DEMO_HEADER] === '1') return { kind: 'demo' };
  throw unauthorized(
    'missing bearer token: send "Authorization: Bearer <API_KEY>", or "X-Svc-Demo: 1" (or "X-TV-Demo: 1") for the demo set',
  );
}
