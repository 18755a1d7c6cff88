// "Test connection" for Settings → Data source: asks Tradier's market clock and one quote with the
// given token, and says in one line whether it works, what the market is doing and how fresh the
// data is. One attempt each (the user is waiting); never rejects.
import { displayAsof, epochToNy, isMarketOpen, nextSession } from '../../../shared/market-calendar.ts';
import { REAL_TIMERS, TradierClient } from './client.ts';
import { DEFAULT_REQUESTS_PER_MINUTE, isDelayed, resolveOrigin } from './environment.ts';
import { TradierError, UNAUTHORIZED_MESSAGE, scrub } from './errors.ts';
import { messageOf } from '../../../shared/message-of.ts';
import { RateLimiter } from './rate-limiter.ts';
import type { TradierClock } from './schemas.ts';
import type { TradierProbeOptions, TradierProbeResult } from './types.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function hhmm(minutes: number): string {
  const whole = Math.floor(minutes + 1e-9);
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** "market open until 16:00 ET" / "market closed, opens Mon 09:30 ET", from our NYSE calendar. */
function marketLine(clock: TradierClock): string {
  const at = clock.timestamp * 1000;
  const session = nextSession(at);
  if (clock.state === 'open' || isMarketOpen(at)) {
    return `market open until ${hhmm(epochToNy(session.close).minutes)} ET`;
  }
  const open = epochToNy(session.open);
  const day = new Date(`${open.date}T12:00:00Z`).getUTCDay();
  const label =
    clock.state === 'premarket' ? 'pre-market' : clock.state === 'postmarket' ? 'after hours' : 'closed';
  return `market ${label}, opens ${WEEKDAYS[day]} ${hhmm(open.minutes)} ET`;
}

export async function probeTradier(options: TradierProbeOptions): Promise<TradierProbeResult> {
  const env = options.environment;
  const name = `Tradier ${env}`;
  const token = options.token.trim();
  if (token === '') return { ok: false, message: `${name}: no token given`, details: [] };
  let origin: string;
  try {
    origin = resolveOrigin(env, options.baseUrl);
  } catch (error) {
    return { ok: false, message: `${name}: ${messageOf(error)}`, details: [] };
  }
  const client = new TradierClient({
    token,
    origin,
    fetch: options.fetch,
    limiter: new RateLimiter({
      perMinute: DEFAULT_REQUESTS_PER_MINUTE[env],
      now: Date.now,
      timers: REAL_TIMERS,
    }),
    requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
    retry: { maxAttempts: 1 },
  });
  const symbol = (options.symbol ?? 'SPY').trim().toUpperCase();
  const details = [`origin ${origin}`];
  try {
    const clock = await client.clock();
    details.push(`clock: ${clock.description} (${clock.state})`);
    const quotes = await client.quotes([symbol]);
    const quote = quotes.quotes[0];
    if (quote) {
      const when =
        quote.trade_date !== null && quote.trade_date > 0
          ? `, last trade ${displayAsof(quote.trade_date)}`
          : '';
      details.push(`${symbol} ${quote.last ?? quote.close ?? 'no price'}${when}`);
    } else {
      details.push(`${symbol}: no quote returned`);
    }
    const rate = client.rate();
    if (rate.available !== null) details.push(`rate limit: ${rate.available} requests left this minute`);
    const delay = isDelayed(env) ? 'data 15 min delayed' : 'real-time data';
    return { ok: true, message: `${name}: token accepted; ${marketLine(clock)}; ${delay}`, details };
  } catch (error) {
    if (error instanceof TradierError && error.kind === 'unauthorized') {
      return { ok: false, message: UNAUTHORIZED_MESSAGE, details };
    }
    return { ok: false, message: `${name}: ${scrub(messageOf(error), token)}`, details };
  }
}
