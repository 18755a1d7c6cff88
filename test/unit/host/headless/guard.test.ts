import { describe, expect, it } from 'vitest';
import {
  cookieValue,
  createToken,
  isAllowedHost,
  isAllowedOrigin,
  isAuthenticated,
  sessionCookie,
  tokenFromEnv,
  tokensEqual,
} from '../../../../src/host/headless/guard.ts';

describe('host and origin checks', () => {
  it.each([
    ['127.0.0.1:4000', true],
    ['localhost:4000', true],
    ['LOCALHOST:4000', true],
    ['127.0.0.1:4001', false],
    ['127.0.0.1', false],
    ['evil.example:4000', false],
    ['127.0.0.1.evil.example:4000', false],
    [undefined, false],
  ])('Host %s → %s', (host, ok) => {
    expect(isAllowedHost(host, 4000)).toBe(ok);
  });

  it.each([
    [undefined, '127.0.0.1:4000', true],
    ['http://127.0.0.1:4000', '127.0.0.1:4000', true],
    ['http://localhost:4000', 'localhost:4000', true],
    ['http://localhost:4000', '127.0.0.1:4000', false],
    ['https://127.0.0.1:4000', '127.0.0.1:4000', false],
    ['null', '127.0.0.1:4000', false],
    ['http://evil.example', '127.0.0.1:4000', false],
  ])('Origin %s on Host %s → %s', (origin, host, ok) => {
    expect(isAllowedOrigin(origin, host)).toBe(ok);
  });
});

describe('tokens and the session cookie', () => {
  it('makes long, distinct, URL-safe tokens', () => {
    const a = createToken();
    expect(a).toMatch(/^[\w-]{43}$/);
    expect(createToken()).not.toBe(a);
  });

  it.each([
    ['abc', 'abc', true],
    ['abc', 'abd', false],
    ['abc', 'abcd', false],
    ['', 'abc', false],
  ])('tokensEqual(%s, %s) → %s', (a, b, ok) => {
    expect(tokensEqual(a, b)).toBe(ok);
  });

  it.each([
    ['a=1; gammawatch_session=tok; b=2', 'tok'],
    ['gammawatch_session=tok', 'tok'],
    ['other=tok', null],
    [undefined, null],
    ['gammawatch_session_x=tok', null],
  ])('cookie %s → %s', (header, value) => {
    expect(cookieValue(header, 'gammawatch_session')).toBe(value);
  });

  it.each([
    [{ authorization: 'Bearer T0K' }, true],
    [{ cookie: 'gammawatch_session=T0K' }, true],
    [{ authorization: 'Bearer nope', cookie: 'gammawatch_session=T0K' }, true],
    [{ authorization: 'Basic T0K' }, false],
    [{ cookie: 'gammawatch_session=nope' }, false],
    [{}, false],
  ])('isAuthenticated(%o) → %s', (headers, ok) => {
    expect(isAuthenticated(headers, 'T0K')).toBe(ok);
  });

  it('sets an HttpOnly, SameSite=Strict cookie for the whole site', () => {
    expect(sessionCookie('T')).toBe('gammawatch_session=T; HttpOnly; SameSite=Strict; Path=/');
  });
});

describe('$GAMMAWATCH_TOKEN: a stable token for HTTP clients', () => {
  const good = 'Kq3v_9xZ-TtW8mN2pL5rB7cD1fG4hJ6kA0sE';
  it.each<[string, Record<string, string>, string | undefined | RegExp]>([
    ['unset: a fresh token per run', {}, undefined],
    ['empty: as unset', { GAMMAWATCH_TOKEN: '' }, undefined],
    ['32+ base64url characters: used as given', { GAMMAWATCH_TOKEN: good }, good],
    ['exactly 32', { GAMMAWATCH_TOKEN: 'a'.repeat(32) }, 'a'.repeat(32)],
    [
      '31: too short, with how to make one',
      { GAMMAWATCH_TOKEN: 'a'.repeat(31) },
      /31 characters.*at least 32.*openssl/,
    ],
    ['a space', { GAMMAWATCH_TOKEN: `${good} x` }, /only letters, digits/],
    ['base64 with + and /', { GAMMAWATCH_TOKEN: `${good}+/=` }, /only letters, digits/],
    ['a newline (header injection)', { GAMMAWATCH_TOKEN: `${good}\r\nX: y` }, /only letters, digits/],
  ])('%s', (_name, env, expected) => {
    if (expected instanceof RegExp) expect(() => tokenFromEnv(env)).toThrow(expected);
    else expect(tokenFromEnv(env)).toBe(expected);
  });
});
