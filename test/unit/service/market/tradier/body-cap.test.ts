// Tradier answers are read within a size cap, like the API v2 client's (src/client/transport.ts):
// a 600 MB answer once took the service past 1.3 GB of memory. And an expiration of any size the
// cap allows is collected: `all.push(...options)` overflowed the stack past ~125,000 contracts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BODY_BYTES, TradierClient } from '../../../../../src/service/market/tradier/client.ts';
import { collectTicker } from '../../../../../src/service/market/tradier/collect-ticker.ts';
import { occSymbol } from '../../../../../src/service/market/tradier/convert.ts';
import { TradierError } from '../../../../../src/service/market/tradier/errors.ts';
import type { CollectorSettings } from '../../../../../src/service/market/tradier/options.ts';
import { RateLimiter } from '../../../../../src/service/market/tradier/rate-limiter.ts';
import type { TradierFetch } from '../../../../../src/service/market/tradier/types.ts';
import { quoteFor } from '../../../../support/tradier-stand-in.ts';
import { FakeTime } from './fake-time.ts';

const TOKEN = 'tok-SECRET-cap';
const T0 = Date.parse('2025-09-12T14:00:00Z');
const MiB = 1024 * 1024;

function clientWith(fetch: TradierFetch, maxBodyBytes?: number): TradierClient {
  const time = new FakeTime(T0);
  return new TradierClient({
    token: TOKEN,
    origin: 'https://sandbox.tradier.com',
    fetch,
    now: time.now,
    timers: time,
    limiter: new RateLimiter({ perMinute: 600, now: time.now, timers: time }),
    retry: { maxAttempts: 1 },
    random: () => 0,
    ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }),
  });
}

/** A chunked body of `total` bytes of JSON-ish filler, counting how much was pulled from it. */
function endless(total: number, chunk = MiB): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let sent = 0;
  const block = new Uint8Array(chunk).fill(0x20);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      sent += block.byteLength;
      controller.enqueue(block);
    },
  });
  return { stream, pulled: () => sent };
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

describe('the Tradier client body cap', () => {
  it('is 32 MiB by default, like the API client', () => {
    expect(DEFAULT_MAX_BODY_BYTES).toBe(32 * MiB);
  });

  it('stops reading a 600 MB chunked answer soon after the cap, with a clear error', async () => {
    const body = endless(600 * MiB);
    const client = clientWith(async () => new Response(body.stream, { status: 200 }));
    const error = await failure(client.clock());
    expect(error.kind).toBe('bad_response');
    expect(error.message).toBe(
      "Tradier's answer to /v1/markets/clock is larger than 32 MiB; it was not read",
    );
    expect(body.pulled()).toBeLessThanOrEqual(DEFAULT_MAX_BODY_BYTES + 2 * MiB);
  });

  it.each<[string, (cap: number) => Response]>([
    [
      'a declared Content-Length over the cap (nothing read)',
      (cap) =>
        new Response(endless(cap * 4, 256).stream, {
          status: 200,
          headers: { 'content-length': String(cap * 4) },
        }),
    ],
    ['a chunked body over the cap', (cap) => new Response(endless(cap * 4, 256).stream, { status: 200 })],
    ['an error status with a huge body', (cap) => new Response('x'.repeat(cap + 1), { status: 403 })],
  ])('refuses %s', async (_name, make) => {
    const cap = 4096;
    const client = clientWith(async () => make(cap), cap);
    const error = await failure(client.clock());
    expect(error.kind).toBe('bad_response');
    expect(error.message).toMatch(/is larger than 4 KiB; it was not read$/);
    expect(error.message).not.toContain(TOKEN);
  });

  it('reads an answer of exactly the cap, multi-byte characters split across chunks included', async () => {
    const json = JSON.stringify({
      clock: { date: '2025-09-12', description: 'Märkte — offen', state: 'open', timestamp: 1 },
    });
    const bytes = new TextEncoder().encode(json);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 3) controller.enqueue(bytes.slice(i, i + 3));
        controller.close();
      },
    });
    const client = clientWith(async () => new Response(stream, { status: 200 }), bytes.length);
    expect((await client.clock()).description).toBe('Märkte — offen');
  });
});

describe('an expiration of very many contracts', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-tradier-cap-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is collected in full (no spread of a huge array)', async () => {
    const count = 160_000;
    const expiration = '2025-09-19';
    const options = Array.from({ length: count }, (_, i) => {
      const strike = 1 + Math.floor(i / 2) * 0.5;
      const isCall = i % 2 === 0;
      return {
        symbol: occSymbol('SPY', expiration, isCall, strike),
        strike,
        option_type: isCall ? 'call' : 'put',
        expiration_date: expiration,
        bid: 1,
        ask: 1.1,
        greeks: { mid_iv: 0.2 },
      };
    });
    const chain = JSON.stringify({ options: { option: options } });
    expect(chain.length).toBeLessThan(DEFAULT_MAX_BODY_BYTES);
    const fetch: TradierFetch = async (url) => {
      const u = new URL(url);
      if (u.pathname.endsWith('/expirations')) return Response.json({ expirations: { date: expiration } });
      if (u.pathname.endsWith('/chains')) return new Response(chain, { status: 200 });
      if (u.pathname.endsWith('/history')) return Response.json({ history: null });
      return new Response('not scripted', { status: 404 });
    };
    const settings: CollectorSettings = {
      token: TOKEN,
      environment: 'sandbox',
      origin: 'https://sandbox.tradier.com',
      tickers: ['SPY'],
      chainsDir: dir,
      intervalMs: 300_000,
      maxExpirations: 60,
      maxDte: 400,
      requestTimeoutMs: 15_000,
      requestsPerMinute: 600,
      maxAttempts: 1,
    };
    const quote = quoteFor('SPY', 600, T0 - 60_000) as Parameters<typeof collectTicker>[0]['quote'];
    const outcome = await collectTicker({
      client: clientWith(fetch),
      settings,
      ticker: 'SPY',
      quote,
      unmatched: false,
      now: () => T0,
    });
    expect(outcome.error).toBeNull();
    expect(outcome.contracts).toBe(count);
    expect(outcome.file).not.toBeNull();
  }, 60_000);
});
