// The requests of the public service's official client, tradingvolatility/tv-mcp (MIT, Python), as a
// table written from its source (src/tv_mcp/tv/client.py, src/tv_mcp/tools/*.py, settings.py,
// AGENTS.md and its tests), not by running it, and not from our own enums: a value is here because
// the client's input checks let it through, so the table cannot drift with what we serve.
//
// What the client does with an answer (client.py `_get`, `_raise_for_status`; tools/_common.py):
//   - 2xx: parses the body as JSON; a body that is not JSON is a failure ("non-JSON body");
//   - 401/403: TVAuthError; in demo mode for a symbol outside its demo set, "missing_credentials"
//     (its test mocks that answer as 401); 404: "not_found"; 429 (and 502-504): retried with
//     Retry-After, then "rate_limited"; any other 4xx: "request rejected" with our body as `detail`.
// How it sends (httpx defaults): `Accept: */*`, query values as Python prints them (True → "true",
// 5.0 → "5.0"), unset values dropped; `Authorization: Bearer <key>`, or `X-TV-Demo: 1` without a key.

/** settings.py DEMO_TICKERS. */
export const CLIENT_DEMO_TICKERS = ['AAPL', 'VIX', 'KO', 'META', 'AMZN', 'XOM', 'GM', 'MCD'] as const;
/** Symbols outside the demo set: TSLA is the one its tests use; SPY the usual first symbol. */
export const NON_DEMO_TICKERS = ['TSLA', 'SPY'] as const;

/** The headers httpx sends on every request of the client (user agent aside, the same in any version). */
export const HTTPX_HEADERS: Readonly<Record<string, string>> = {
  accept: '*/*',
  'accept-encoding': 'gzip, deflate',
  'user-agent': 'python-httpx/0.28.1',
};

export type Query = Readonly<Record<string, string>>;

/**
 * One call shape of a tool: the path after the base URL and its query. `date` and `unlisted` in a
 * query are filled with a listed expiration of the ticker and a date it does not list.
 */
export interface ToolCall {
  tool: string;
  path: string;
  query: Query;
}

/** Every value of a query parameter, `undefined` being "not sent" (the client drops None). */
type Values = readonly (string | undefined)[];

function product(params: Readonly<Record<string, Values>>): Query[] {
  let out: Record<string, string>[] = [{}];
  for (const [name, values] of Object.entries(params)) {
    out = out.flatMap((q) => values.map((v) => (v === undefined ? { ...q } : { ...q, [name]: v })));
  }
  return out;
}

/** Per-ticker tools (tools/tickers.py, tools/curves.py, get_trade_setup in tools/discovery.py). */
export const TICKER_TOOLS: readonly {
  tool: string;
  path: string;
  params: Readonly<Record<string, Values>>;
}[] = [
  // include: "a comma-separated list of add-ons (e.g. 'call_diag')"
  { tool: 'get_ticker_state', path: '/tickers/{t}', params: { include: [undefined, 'call_diag'] } },
  // view: "an alternate explanation view when available" (no value named): the default only
  { tool: 'explain_ticker', path: '/tickers/{t}/explain', params: { view: [undefined] } },
  // include: "adds sections (e.g. 'state', 'call_diag')"
  {
    tool: 'get_market_structure',
    path: '/tickers/{t}/market-structure',
    params: { include: [undefined, 'state', 'call_diag', 'state,call_diag'] },
  },
  { tool: 'get_signals', path: '/tickers/{t}/signals', params: {} },
  // view: "'json' (default), 'tradingview', or 'tos' (thinkorswim)"
  {
    tool: 'get_levels',
    path: '/tickers/{t}/levels',
    params: { view: [undefined, 'json', 'tradingview', 'tos'] },
  },
  // metrics "e.g. 'price,iv_rank,gex_flip'", window "like '30d', '180d', or '2y'"; both optional
  {
    tool: 'get_series',
    path: '/tickers/{t}/series',
    params: { metrics: [undefined, 'price,iv_rank,gex_flip'], window: [undefined, '30d', '180d', '2y'] },
  },
  // exp: "'combined' (default), 'nearest', 'first_weekly', 'first_monthly', or a 'YYYY-MM-DD' date";
  // realtime: bool (httpx prints "true"/"false")
  {
    tool: 'get_gamma_curve',
    path: '/tickers/{t}/curves/gamma',
    params: {
      exp: [undefined, 'combined', 'nearest', 'first_weekly', 'first_monthly', 'date'],
      realtime: [undefined, 'true', 'false'],
    },
  },
  { tool: 'get_gamma_by_expiration', path: '/tickers/{t}/curves/gamma/expirations', params: {} },
  // exp: "'combined' (default), 'nearest', or 'first_monthly'"
  {
    tool: 'get_gex_by_strike',
    path: '/tickers/{t}/curves/gex_by_strike',
    params: { exp: [undefined, 'combined', 'nearest', 'first_monthly'] },
  },
  // exp: "the expiration date, required" (any non-blank string); include: "'iv'"
  {
    tool: 'get_options_volume',
    path: '/tickers/{t}/options/volume',
    params: { exp: ['date', 'unlisted'], include: [undefined, 'iv'] },
  },
  { tool: 'get_trade_setup', path: '/agent/trade-setup/{t}', params: {} },
];

export function tickerCalls(ticker: string): ToolCall[] {
  return TICKER_TOOLS.flatMap(({ tool, path, params }) =>
    product(params).map((query) => ({ tool, path: path.replace('{t}', ticker), query })),
  );
}

// tools/discovery.py `_validate_ranking_params` and the filter doc: the bounds it lets through, and
// every value of each enumerated filter (the spec's enumerations, which its description names).
const RANKING_FILTERS: Readonly<Record<string, Values>> = {
  limit: ['1', '20', '200'],
  min_score: ['0.0', '2.5', '10.0'],
  regime: [
    'trending_low_vol',
    'trending_high_vol',
    'range_bound',
    'choppy_volatile',
    'trending_down_low_vol',
    'trending_down_high_vol',
    'flush_panic',
    'trending_low_vol,range_bound',
  ],
  recommended_direction: ['long', 'short', 'neutral', 'long,short'],
  trade_bias: [
    'long_breakout',
    'long_cautious',
    'fade_premium',
    'stand_aside',
    'short_rally',
    'reversal_caution',
  ],
  trend_state: ['up', 'sideways', 'down'],
  momentum_state: ['strong', 'improving', 'fading'],
  realized_vol_state: ['subdued', 'contracting', 'expanding', 'elevated'],
  iv_rank_min: ['0.0', '100.0'],
  iv_rank_max: ['0.0', '100.0'],
  price_min: ['0.0', '25.0'],
  price_max: ['0.0', '1000.0'],
};

/** run_screener's names (its description lists five; `_SCREENER_NAME_RE` lets any snake_case through). */
const SCREENERS = [
  'momentum_breakout',
  'capitulation_reversal',
  'range_premium_seller',
  'trend_pullback',
  'highvol_breakdown',
] as const;

/** Each filter value alone, and no filter: the one-at-a-time cover of rank_top_setups' inputs. */
function oneAtATime(filters: Readonly<Record<string, Values>>): Query[] {
  const out: Query[] = [{}];
  for (const [name, values] of Object.entries(filters)) {
    for (const v of values) if (v !== undefined) out.push({ [name]: v });
  }
  return out;
}

export function crossTickerCalls(): ToolCall[] {
  const top = oneAtATime(RANKING_FILTERS).map((query) => ({
    tool: 'rank_top_setups',
    path: '/top-setups',
    query,
  }));
  const screeners = SCREENERS.flatMap((name) =>
    oneAtATime(RANKING_FILTERS).map((query) => ({
      tool: 'run_screener',
      path: `/top-setups/screener/${name}`,
      query,
    })),
  );
  // rank_income_setups: type lower-cased to cc or csp, min_income_score 0-10, limit 2-50
  const income = product({
    type: [undefined, 'cc', 'csp'],
    min_income_score: [undefined, '0.0', '5.0', '10.0'],
    limit: [undefined, '2', '50'],
  }).map((query) => ({ tool: 'rank_income_setups', path: '/income-setups', query }));
  const capabilities = { tool: 'list_capabilities', path: '/llm-spec', query: {} };
  return [...top, ...screeners, ...income, capabilities];
}

/** The not-found cases of its tests: an unknown symbol (test_tools_tickers.py), an unknown preset (test_tools_discovery.py). */
export const UNKNOWN_TICKER = 'ZZZZ';
export const UNKNOWN_SCREENER = 'bogus';

export function notFoundCalls(): { call: ToolCall; ticker: string | null }[] {
  return [
    {
      call: { tool: 'get_ticker_state', path: `/tickers/${UNKNOWN_TICKER}`, query: {} },
      ticker: UNKNOWN_TICKER,
    },
    {
      call: { tool: 'run_screener', path: `/top-setups/screener/${UNKNOWN_SCREENER}`, query: {} },
      ticker: null,
    },
  ];
}

/** How a client answer reads: what the client does with it. */
export type Outcome =
  | 'json'
  | 'non_json'
  | 'missing_credentials'
  | 'auth_failed'
  | 'not_found'
  | 'rate_limited'
  | 'rejected'
  | 'server_error';

/** client.py `_get` and `_raise_for_status`, with tools/_common.py's demo rule, as a function. */
export function clientOutcome(
  status: number,
  body: string,
  demoTicker: boolean | null,
  demo: boolean,
): Outcome {
  if ((status >= 200 && status < 300) || status === 304) {
    if (status === 204 || status === 304 || body === '') return 'json';
    try {
      JSON.parse(body);
      return 'json';
    } catch {
      return 'non_json';
    }
  }
  if (status === 401 || status === 403)
    return demo && demoTicker === false ? 'missing_credentials' : 'auth_failed';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 400 && status < 500) return 'rejected';
  return 'server_error';
}
