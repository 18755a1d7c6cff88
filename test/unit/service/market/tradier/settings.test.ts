// The collector's settings at the boundary: bad ones get a clear error that never quotes the token.
import { describe, expect, it } from 'vitest';
import { resolveOrigin } from '../../../../../src/service/market/tradier/environment.ts';
import { readSettings } from '../../../../../src/service/market/tradier/options.ts';
import {
  createTradierCollector,
  type TradierCollectorOptions,
} from '../../../../../src/service/market/tradier/index.ts';

const base: TradierCollectorOptions = {
  token: 'abc-DEF-123',
  environment: 'sandbox',
  tickers: ['spy', ' qqq ', 'SPY'],
  chainsDir: '/tmp/chains',
};

describe('readSettings', () => {
  it('applies the documented defaults', () => {
    expect(readSettings(base)).toEqual({
      token: 'abc-DEF-123',
      environment: 'sandbox',
      origin: 'https://sandbox.tradier.com',
      tickers: ['SPY', 'QQQ'],
      chainsDir: '/tmp/chains',
      intervalMs: 300_000,
      maxExpirations: 60,
      maxDte: 400,
      requestTimeoutMs: 15_000,
      requestsPerMinute: 60,
      maxAttempts: 4,
    });
    expect(readSettings({ ...base, environment: 'production' })).toMatchObject({
      origin: 'https://api.tradier.com',
      requestsPerMinute: 120,
    });
  });

  it.each<[string, Partial<TradierCollectorOptions>, RegExp]>([
    ['an empty token', { token: '   ' }, /token: the Tradier token is empty/],
    ['a token with spaces', { token: 'abc def' }, /token: the Tradier token must not contain spaces/],
    ['no tickers', { tickers: [] }, /tickers: no tickers to collect/],
    ['a bad ticker', { tickers: ['SPY', 'S P Y'] }, /tickers\.1: a ticker holds only letters/],
    ['an unknown environment', { environment: 'paper' as 'sandbox' }, /environment:/],
    ['no chain folder', { chainsDir: '' }, /chainsDir: the chain folder is not set/],
    ['a poll faster than 10 s', { intervalMs: 1000 }, /intervalMs:/],
    ['a base URL with a path', { baseUrl: 'https://api.tradier.com/v1' }, /must be an origin only/],
  ])('refuses %s', (_name, change, message) => {
    expect(() => createTradierCollector({ ...base, ...change })).toThrow(message);
    try {
      createTradierCollector({ ...base, ...change });
    } catch (error) {
      expect((error as Error).message).not.toContain('abc-DEF-123');
      expect((error as Error).message).not.toContain('abc def');
    }
  });
});

describe('resolveOrigin', () => {
  it.each([
    ['production', undefined, 'https://api.tradier.com'],
    ['sandbox', undefined, 'https://sandbox.tradier.com'],
    ['sandbox', '', 'https://sandbox.tradier.com'],
    ['production', 'http://127.0.0.1:8123', 'http://127.0.0.1:8123'],
    ['production', 'http://127.0.0.1:8123/', 'http://127.0.0.1:8123'],
  ] as const)('%s with %s → %s', (env, baseUrl, origin) => {
    expect(resolveOrigin(env, baseUrl)).toBe(origin);
  });

  it.each([
    ['not a url', /is not a URL/],
    ['ftp://example.com', /must be http\(s\)/],
    ['https://user:pw@api.tradier.com', /must not contain credentials/],
    ['https://api.tradier.com/v1/markets', /origin only/],
    ['https://api.tradier.com?x=1', /origin only/],
  ])('refuses %s', (baseUrl, message) => {
    expect(() => resolveOrigin('production', baseUrl)).toThrow(message);
  });
});
