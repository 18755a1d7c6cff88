// The Tradier client with a scripted fetch: how each answer becomes a typed error, what is sent,
// and that the token never appears in an error message or a log line, whatever the server echoes.
import { describe, expect, it } from 'vitest';
import { TradierClient } from '../../../../../src/service/market/tradier/client.ts';
import { TradierError, type TradierErrorKind } from '../../../../../src/service/market/tradier/errors.ts';
import { RateLimiter } from '../../../../../src/service/market/tradier/rate-limiter.ts';
import type { TradierFetch } from '../../../../../src/service/market/tradier/index.ts';
import { FakeTime } from './fake-time.ts';

const TOKEN = 'tok-SECRET-5f2e9a';
const T0 = Date.parse('2025-09-12T14:00:00Z');

type Script = (url: string, init: RequestInit) => Response | Promise<Response>;

function setup(script: Script, maxAttempts = 1) {
  const time = new FakeTime(T0);
  const calls: { url: string; init: RequestInit }[] = [];
  const logs: string[] = [];
  const fetch: TradierFetch = async (url, init) => {
    calls.push({ url, init });
    return script(url, init);
  };
  const client = new TradierClient({
    token: TOKEN,
    origin: 'https://sandbox.tradier.com',
    fetch,
    now: time.now,
    timers: time,
    limiter: new RateLimiter({ perMinute: 60, now: time.now, timers: time }),
    retry: { maxAttempts },
    random: () => 0,
    log: (l) => logs.push(l),
  });
  return { client, calls, logs, time };
}

async function failure(p: Promise<unknown>): Promise<TradierError> {
  try {
    await p;
  } catch (error) {
    expect(error).toBeInstanceOf(TradierError);
    return error as TradierError;
  }
  throw new Error('expected a TradierError');
}

describe('TradierClient', () => {
  it('sends the token only as a bearer header, asks for JSON and refuses redirects', async () => {
    const { client, calls } = setup(() => Response.json({ expirations: { date: '2025-09-19' } }));
    expect(await client.expirations('SPY')).toEqual(['2025-09-19']);
    const [call] = calls;
    expect(call?.url).toBe(
      'https://sandbox.tradier.com/v1/markets/options/expirations?symbol=SPY&includeAllRoots=true',
    );
    expect(call?.url).not.toContain(TOKEN);
    expect(call?.init.headers).toEqual({ Authorization: `Bearer ${TOKEN}`, Accept: 'application/json' });
    expect(call?.init.redirect).toBe('manual');
    expect(call?.init.signal).toBeInstanceOf(AbortSignal);
  });

  const echo = `{"error":"bad token ${TOKEN}"}`;
  it.each<[string, Script, TradierErrorKind, RegExp]>([
    [
      '401 in plain text',
      () => new Response('Invalid Access Token', { status: 401 }),
      'unauthorized',
      /^Tradier rejected the token \(401\): check it in Settings → Data source$/,
    ],
    [
      '401 echoing the token',
      () => new Response(echo, { status: 401 }),
      'unauthorized',
      /rejected the token/,
    ],
    [
      '403 echoing the token',
      () => new Response(echo, { status: 403 }),
      'bad_request',
      /refused \/v1\/markets\/clock \(HTTP 403\): '\{"error":"bad token \[token\]"\}'/,
    ],
    [
      '500 echoing the token',
      () => new Response(echo, { status: 500 }),
      'unavailable',
      /unavailable \(HTTP 500\)/,
    ],
    [
      'bad JSON echoing the token',
      () => new Response(`<html>${TOKEN}`, { status: 200 }),
      'bad_response',
      /is not JSON: '<html>\[token\]'/,
    ],
    [
      'a network error naming the token',
      () =>
        Promise.reject(
          new TypeError('fetch failed', { cause: new Error(`connect ECONNREFUSED with ${TOKEN}`) }),
        ),
      'unavailable',
      /cannot reach Tradier at https:\/\/sandbox\.tradier\.com \(\/v1\/markets\/clock\): fetch failed: connect ECONNREFUSED with \[token\]/,
    ],
    [
      'a redirect',
      () => new Response(null, { status: 302, headers: { Location: `https://evil.example/?t=${TOKEN}` } }),
      'bad_response',
      /redirect \(HTTP 302\); redirects are not followed/,
    ],
    [
      'a 429',
      () => new Response('slow down', { status: 429, headers: { 'Retry-After': '3' } }),
      'rate_limited',
      /rate limit is reached \(429\) for \/v1\/markets\/clock: try again in 3 s/,
    ],
    [
      'an answer of the wrong shape',
      () => Response.json({ clock: { state: 'open' } }),
      'bad_response',
      /the market clock request: clock\.date/,
    ],
  ])('%s → %s, and the token is never shown', async (_name, script, kind, message) => {
    const { client, logs } = setup(script);
    const error = await failure(client.clock());
    expect(error.kind).toBe(kind);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain(TOKEN);
    expect(logs.join('\n')).not.toContain(TOKEN);
  });

  it('retries a 503 with backoff, logging without the token, then succeeds', async () => {
    let n = 0;
    const { client, calls, logs, time } = setup(() => {
      n++;
      return n < 3 ? new Response(TOKEN, { status: 503 }) : Response.json({ history: null });
    }, 4);
    const result = client.history('SPY', '2025-01-01', '2025-09-12');
    await time.advance(250); // attempt 1 failed; backoff 250 ms (random 0: half the 500 ms step)
    expect(calls).toHaveLength(2);
    await time.advance(500);
    expect(await result).toEqual([]);
    expect(calls).toHaveLength(3);
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatch(/HTTP 503.*retrying in 250 ms/);
    expect(logs.join('\n')).not.toContain(TOKEN);
  });

  it('a 429 with X-Ratelimit-Expiry waits for the reset before the next attempt', async () => {
    let n = 0;
    const { client, calls, time } = setup(() => {
      n++;
      if (n === 1) {
        return new Response('', {
          status: 429,
          headers: { 'X-Ratelimit-Available': '0', 'X-Ratelimit-Expiry': String(T0 + 10_000) },
        });
      }
      return Response.json({ quotes: { quote: { symbol: 'SPY', last: 600 } } });
    }, 3);
    const result = client.quotes(['SPY']);
    await time.advance(9_999);
    expect(calls).toHaveLength(1);
    await time.advance(1_000);
    expect((await result).quotes[0]?.last).toBe(600);
    expect(calls).toHaveLength(2);
  });

  it('gives up after the last attempt with how many were made', async () => {
    const { client, time } = setup(() => new Response('', { status: 502 }), 3);
    const result = failure(client.clock());
    await time.advance(10_000);
    expect((await result).message).toBe(
      'Tradier is unavailable (HTTP 502) for /v1/markets/clock (gave up after 3 attempts)',
    );
  });
});
