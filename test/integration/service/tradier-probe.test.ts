// "Test connection" against the stand-in: a clear one-line verdict for the Settings page.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { probeTradier } from '../../../src/service/market/tradier/index.ts';
import { nyToEpoch } from '../../../src/shared/market-calendar.ts';
import { quoteFor, TradierStandIn } from '../../support/tradier-stand-in.ts';

let standIn: TradierStandIn;
let at = 0;

beforeEach(async () => {
  standIn = await TradierStandIn.start({ now: () => at });
  standIn.tickers.set('SPY', {
    quote: quoteFor('SPY', 661.5, Date.parse('2025-09-12T20:00:00Z')),
    chains: null,
    history: [],
  });
});

afterEach(() => standIn.close());

describe('probeTradier', () => {
  it.each([
    [
      'sandbox, market closed on a Saturday',
      'sandbox' as const,
      nyToEpoch('2025-09-13', 11 * 60),
      'Tradier sandbox: token accepted; market closed, opens Mon 09:30 ET; data 15 min delayed',
    ],
    [
      'production, market open',
      'production' as const,
      nyToEpoch('2025-09-12', 11 * 60),
      'Tradier production: token accepted; market open until 16:00 ET; real-time data',
    ],
    [
      'sandbox, the day after Thanksgiving (early close)',
      'sandbox' as const,
      nyToEpoch('2025-11-28', 10 * 60),
      'Tradier sandbox: token accepted; market open until 13:00 ET; data 15 min delayed',
    ],
  ])('%s', async (_name, environment, now, message) => {
    at = now;
    const result = await probeTradier({ token: standIn.token, environment, baseUrl: standIn.origin });
    expect(result).toMatchObject({ ok: true, message });
    expect(result.details).toContain('SPY 661.5, last trade 2025-09-12 16:00 ET');
    expect(result.details.some((d) => /requests left this minute/.test(d))).toBe(true);
    expect(standIn.requests.map((r) => r.path)).toEqual(['/v1/markets/clock', '/v1/markets/quotes']);
  });

  it('a rejected token gives the clear message and does not echo the token', async () => {
    const result = await probeTradier({
      token: 'nope-123456',
      environment: 'sandbox',
      baseUrl: standIn.origin,
    });
    expect(result.ok).toBe(false);
    expect(result.message).toBe('Tradier rejected the token (401): check it in Settings → Data source');
    expect(JSON.stringify(result)).not.toContain('nope-123456');
  });

  it.each([
    ['an empty token', { token: '  ' }, 'Tradier sandbox: no token given'],
    ['a base URL with a path', { baseUrl: 'http://127.0.0.1:1/v1' }, /must be an origin only/],
    [
      'nothing listening',
      { baseUrl: 'http://127.0.0.1:1' },
      /^Tradier sandbox: cannot reach Tradier at http:\/\/127\.0\.0\.1:1/,
    ],
  ])('%s is reported, never thrown', async (_name, extra, message) => {
    const result = await probeTradier({ token: standIn.token, environment: 'sandbox', ...extra });
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(message);
  });

  it('a server error is reported with its status', async () => {
    standIn.failNext(1, { kind: 'server_error', status: 503 });
    const result = await probeTradier({
      token: standIn.token,
      environment: 'sandbox',
      baseUrl: standIn.origin,
    });
    expect(result).toMatchObject({
      ok: false,
      message: 'Tradier sandbox: Tradier is unavailable (HTTP 503) for /v1/markets/clock',
    });
  });
});
