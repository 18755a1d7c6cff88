import { describe, expect, it } from 'vitest';
import { authenticate, createKeyring } from '../../../../src/service/http/auth.ts';
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
