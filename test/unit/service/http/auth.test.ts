import { describe, expect, it } from 'vitest';
import {
  AUTH_CACHE_ENTRIES,
  authenticate,
  createKeyring,
  type Keyring,
} from '../../../../src/service/http/auth.ts';
import { ServiceError } from '../../../../src/service/http/errors.ts';

const keyring = createKeyring(['key-one-12345', 'key-two-12345']);

function status(headers: Record<string, string>): number | 'ok' {
  try {
    authenticate(headers, keyring);
    return 'ok';
  } catch (error) {
    if (error instanceof ServiceError) return error.status;
    throw error;
  }
}

describe('authenticate', () => {
  it.each([
    [{ authorization: 'Bearer key-one-12345' }, 'ok'],
    [{ authorization: 'bearer   key-two-12345 ' }, 'ok'],
    [{ 'x-svc-demo': '1' }, 'ok'],
    [{}, 401],
    [{ authorization: 'Bearer wrong-key-123' }, 401],
    [{ authorization: 'Basic a2V5' }, 401],
    [{ authorization: 'Bearer' }, 401],
    [{ authorization: 'Bearer key-one-12345 extra' }, 401],
    [{ authorization: 'Bearer wrong-key-123', 'x-svc-demo': '1' }, 401],
    [{ 'x-svc-demo': 'yes' }, 401],
    // The official client's spelling of the demo header (tv-mcp), read as ours is.
    [{ 'x-tv-demo': '1' }, 'ok'],
    [{ 'x-tv-demo': '1', 'x-svc-demo': '1' }, 'ok'],
    [{ 'x-tv-demo': 'true' }, 401],
    [{ authorization: 'Bearer wrong-key-123', 'x-tv-demo': '1' }, 401],
  ])('%j → %s', (headers, expected) => {
    expect(status(headers)).toBe(expected);
  });

  it('names a key caller by a digest, never the key', () => {
    const caller = authenticate({ authorization: 'Bearer key-one-12345' }, keyring);
    expect(caller.kind).toBe('key');
    expect(JSON.stringify(caller)).not.toContain('key-one');
    expect(authenticate({ authorization: 'Bearer key-two-12345' }, keyring)).not.toEqual(caller);
  });

  it('answers a 401 with a Bearer challenge', () => {
    try {
      authenticate({}, keyring);
      expect.unreachable();
    } catch (error) {
      expect((error as ServiceError).headers['WWW-Authenticate']).toMatch(/^Bearer/);
      expect((error as ServiceError).code).toBe('unauthorized');
    }
  });
});

/** A keyring that accepts the keys it is given and counts how often it is asked. */
function countingKeyring(keys: readonly string[]): Keyring & { asked: number } {
  const real = createKeyring(keys);
  return {
    asked: 0,
    size: real.size,
    verify(presented) {
      this.asked += 1;
      return real.verify(presented);
    },
  };
}

describe('authenticate remembers accepted headers per keyring', () => {
  // A key list changes by building a new keyring (revocation, rotation): what an earlier keyring
  // accepted must never let a request through the new one.
  it.each([
    ['revoked', ['key-one-12345', 'key-two-12345'], ['key-two-12345'], 'Bearer key-one-12345', 401],
    ['rotated out', ['key-one-12345'], ['key-new-12345'], 'Bearer key-one-12345', 401],
    ['rotated in', ['key-one-12345'], ['key-new-12345'], 'Bearer key-new-12345', 'ok'],
    ['kept', ['key-one-12345'], ['key-one-12345', 'key-new-12345'], 'Bearer key-one-12345', 'ok'],
  ] as const)('a key %s is judged by the new keyring', (_case, before, after, authorization, expected) => {
    const old = createKeyring(before);
    try {
      authenticate({ authorization }, old);
    } catch {
      // A key the old keyring refused: nothing remembered, which is fine here.
    }
    const next = createKeyring(after);
    let outcome: number | 'ok';
    try {
      authenticate({ authorization }, next);
      outcome = 'ok';
    } catch (error) {
      outcome = (error as ServiceError).status;
    }
    expect(outcome).toBe(expected);
  });

  it('verifies an accepted header once and a refused one every time', () => {
    const ring = countingKeyring(['key-one-12345']);
    const first = authenticate({ authorization: 'Bearer key-one-12345' }, ring);
    expect(authenticate({ authorization: 'Bearer key-one-12345' }, ring)).toEqual(first);
    expect(ring.asked).toBe(1);
    for (let i = 0; i < 2; i++)
      expect(() => authenticate({ authorization: 'Bearer wrong-key-123' }, ring)).toThrow(ServiceError);
    expect(ring.asked).toBe(3);
  });

  it(`forgets what it remembered once ${AUTH_CACHE_ENTRIES} header values are kept`, () => {
    const ring = countingKeyring(['key-one-12345']);
    // Spellings of one valid key (the scheme's case and the spaces around the key vary).
    const spelling = (i: number) =>
      `${i % 2 === 0 ? 'Bearer' : 'bearer'}${' '.repeat(1 + (i >> 1))}key-one-12345`;
    for (let i = 0; i < AUTH_CACHE_ENTRIES; i++) authenticate({ authorization: spelling(i) }, ring);
    authenticate({ authorization: spelling(0) }, ring);
    expect(ring.asked).toBe(AUTH_CACHE_ENTRIES);
    authenticate({ authorization: spelling(AUTH_CACHE_ENTRIES) }, ring);
    authenticate({ authorization: spelling(0) }, ring);
    expect(ring.asked).toBe(AUTH_CACHE_ENTRIES + 2);
  });
});
