// The official client's request matrix (tv-mcp-requests.ts: every tool, every value its input checks
// allow, keyed and demo) replayed over real HTTP against the local service, in trading hours and on
// a weekend, each answer read as the client reads it. What the client expects:
//   - keyed, any symbol of ours; demo, a symbol of its demo set: a JSON `{ meta, data }` (levels'
//     text formats too: the client cannot read text/plain), with `meta.ticker` on ticker endpoints;
//   - demo, a symbol outside its demo set: 401 (its tests' status), which it reports as
//     "missing_credentials";
//   - options volume for a date the chain does not list: 404 ("not_found");
//   - a real-time curve (a date, or realtime=true) outside trading hours: rejected, as the spec
//     says a real-time pull requires trading hours, with our reason and the next open.
// Rate limits are raised for the replay: the client retries a 429 after its Retry-After, which
// would only make the test slow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLOSED_INSTANT,
  OPEN_INSTANT,
  TEST_KEY,
  listenService,
  type Running,
} from '../../support/service-factory.ts';
import {
  CLIENT_DEMO_TICKERS,
  HTTPX_HEADERS,
  NON_DEMO_TICKERS,
  UNKNOWN_SCREENER,
  UNKNOWN_TICKER,
  clientOutcome,
  crossTickerCalls,
  notFoundCalls,
  tickerCalls,
  type Outcome,
  type ToolCall,
} from './tv-mcp-requests.ts';

type Mode = 'keyed' | 'demo';

interface Case {
  mode: Mode;
  call: ToolCall;
  /** The symbol of a per-ticker call; null for the cross-ticker tools. */
  ticker: string | null;
}

interface Expected {
  outcome: Outcome;
  status?: number;
}

const isDemoTicker = (t: string): boolean => (CLIENT_DEMO_TICKERS as readonly string[]).includes(t);

function cases(): Case[] {
  const out: Case[] = [];
  for (const mode of ['keyed', 'demo'] as const) {
    for (const ticker of [...CLIENT_DEMO_TICKERS, ...NON_DEMO_TICKERS]) {
      for (const call of tickerCalls(ticker)) out.push({ mode, call, ticker });
    }
    for (const call of crossTickerCalls()) out.push({ mode, call, ticker: null });
    for (const { call, ticker } of notFoundCalls()) out.push({ mode, call, ticker });
  }
  return out;
}

function expected(c: Case, open: boolean): Expected {
  if (c.mode === 'demo' && c.ticker !== null && !isDemoTicker(c.ticker)) {
    return { outcome: 'missing_credentials', status: 401 };
  }
  if (c.call.query.exp === 'unlisted') return { outcome: 'not_found', status: 404 };
  if (c.ticker === UNKNOWN_TICKER || c.call.path.endsWith(`/${UNKNOWN_SCREENER}`)) {
    return { outcome: 'not_found', status: 404 };
  }
  // The spec: a real-time pull, a date or `realtime=true` on a bucket, requires trading hours.
  if (
    c.call.tool === 'get_gamma_curve' &&
    (c.call.query.exp === 'date' || c.call.query.realtime === 'true') &&
    !open
  ) {
    return { outcome: 'rejected', status: 409 };
  }
  return { outcome: 'json', status: 200 };
}

/**
 * A listed expiration of each ticker (asked with the key, outside the matrix). A ticker that lists
 * none gets a plausible Friday, so its dated requests fail the matrix rather than the test's setup.
 */
async function listedDates(svc: Running): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const t of [...CLIENT_DEMO_TICKERS, ...NON_DEMO_TICKERS]) {
    const r = await fetch(`${svc.baseUrl}/tickers/${t}/curves/gamma/expirations`, {
      headers: { authorization: `Bearer ${TEST_KEY}` },
    });
    const body = (await r.json()) as { data?: { expiries?: { first_monthly?: unknown } } };
    const date = body.data?.expiries?.first_monthly;
    out.set(t, typeof date === 'string' ? date : '2025-03-21');
  }
  return out;
}

function url(svc: Running, c: Case, dates: Map<string, string>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(c.call.query)) {
    if (v === 'date') q.set(k, dates.get(c.ticker ?? '') ?? '');
    else if (v === 'unlisted') q.set(k, '1999-01-15');
    else q.set(k, v);
  }
  const qs = q.toString();
  return `${svc.baseUrl}${c.call.path}${qs === '' ? '' : `?${qs}`}`;
}

interface Result {
  c: Case;
  ok: boolean;
  status: number;
  outcome: Outcome;
  why: string;
}

/** The body fields the client and its agents read: an envelope, the ticker, levels' text. */
function bodyProblem(c: Case, text: string): string {
  const body = JSON.parse(text) as { meta?: { ticker?: unknown }; data?: Record<string, unknown> };
  if (typeof body.data !== 'object' || body.data === null) return 'no data object';
  if (typeof body.meta !== 'object') return 'no meta object';
  if (c.ticker !== null && body.meta.ticker !== c.ticker) return `meta.ticker ${String(body.meta.ticker)}`;
  const view = c.call.query.view;
  if (c.call.tool === 'get_levels' && (view === 'tradingview' || view === 'tos')) {
    if (body.data.format !== view || typeof body.data.text !== 'string' || body.data.text === '')
      return 'levels text not in data.text';
  }
  return '';
}

async function replay(svc: Running, all: Case[], open: boolean): Promise<Result[]> {
  const dates = await listedDates(svc);
  const results: Result[] = [];
  // A few at a time, as an agent's parallel tool calls would.
  for (let i = 0; i < all.length; i += 8) {
    const batch = all.slice(i, i + 8).map(async (c): Promise<Result> => {
      const headers: Record<string, string> = { ...HTTPX_HEADERS };
      if (c.mode === 'keyed') headers.authorization = `Bearer ${TEST_KEY}`;
      else headers['x-tv-demo'] = '1';
      const r = await fetch(url(svc, c, dates), { headers });
      const text = await r.text();
      const outcome = clientOutcome(
        r.status,
        text,
        c.ticker === null ? null : isDemoTicker(c.ticker),
        c.mode === 'demo',
      );
      const want = expected(c, open);
      let why = '';
      if (outcome !== want.outcome) why = `client reads ${outcome}, expected ${want.outcome}`;
      else if (want.status !== undefined && r.status !== want.status)
        why = `status ${r.status}, expected ${want.status}`;
      else if (outcome === 'json' && text !== '') why = bodyProblem(c, text);
      return { c, ok: why === '', status: r.status, outcome, why };
    });
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

function summary(results: Result[]): string[] {
  return results
    .filter((r) => !r.ok)
    .slice(0, 20)
    .map((r) => `${r.c.mode} ${r.c.call.tool} ${r.c.call.path} ${JSON.stringify(r.c.call.query)}: ${r.why}`);
}

const LIMITS = {
  optionsVolume: { burst: 100_000, perSecond: 100_000 },
  demo: { burst: 100_000, perSecond: 100_000 },
};

describe.each([
  ['in trading hours', OPEN_INSTANT, true],
  ['on a weekend', CLOSED_INSTANT, false],
] as const)('the official client (tv-mcp) %s', (_label, at, open) => {
  let svc: Running;
  beforeAll(async () => {
    svc = await listenService({ at, limits: LIMITS });
  });
  afterAll(() => svc.close());

  it('gets every answer as it expects, keyed and in demo mode', async () => {
    const all = cases();
    const results = await replay(svc, all, open);
    const ok = results.filter((r) => r.ok).length;
    // The count answered as expected (the figure the issue measures), printed for the report.
    console.info(`tv-mcp matrix ${_label}: ${ok} of ${results.length} answered as the client expects`);
    expect(summary(results)).toEqual([]);
    expect(results.length).toBeGreaterThan(1000);
    // Both modes and every tool were exercised, and demo mode really answered data.
    const demoJson = results.filter((r) => r.c.mode === 'demo' && r.outcome === 'json').length;
    expect(demoJson).toBeGreaterThan(500);
    expect(new Set(results.map((r) => r.c.call.tool)).size).toBe(15);
  }, 240_000);
});
