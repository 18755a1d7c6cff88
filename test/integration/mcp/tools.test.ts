// Every tool of the MCP server, driven through the SDK's own client over its in-memory transport,
// against a real app (createApp over the local simulator, a real SQLite file) holding stored
// history: answers parse as JSON with the fields the descriptions promise, bad input is an isError
// answer naming the problem, write tools exist only when allowed, and no planted secret (API key,
// Tradier token, the app's token) appears in any answer, resource or prompt.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_KINDS } from '../../../src/shared/alert-rules.ts';
import { roundFigures } from '../../../src/shared/figure-round.ts';
import { WRITE_TOOLS } from '../../../src/host/mcp/write-tools.ts';
import { CONVENTIONS_URI, LLM_SPEC_URI } from '../../../src/host/mcp/resources.ts';
import { startSeededApp, type SeededApp } from '../../support/seeded-app.ts';
import { connectMcp, SECRET_ENV, SECRETS, textOf, type McpHarness } from './mcp-harness.ts';

/** tv-mcp's tools (tradingvolatility/tv-mcp, src/tv_mcp/tools/*.py), by name. */
const TV_MCP_TOOLS = [
  'server_info',
  'list_capabilities',
  'get_auth_status',
  'get_ticker_state',
  'explain_ticker',
  'get_market_structure',
  'get_signals',
  'get_levels',
  'get_series',
  'get_gamma_curve',
  'get_gamma_by_expiration',
  'get_gex_by_strike',
  'get_options_volume',
  'rank_top_setups',
  'run_screener',
  'rank_income_setups',
  'get_trade_setup',
];
const STORE_TOOLS = [
  'list_watchlists',
  'watchlist_snapshot',
  'ticker_history',
  'compare_snapshots',
  'stored_series',
  'recent_alerts',
  'list_rules',
  'backtest_rule',
  'screener_track_record',
];

type Json = Record<string, unknown>;
/** Decimals a number is written with (null and integers: 0). */
const decimals = (v: unknown): number => (typeof v === 'number' ? (String(v).split('.')[1]?.length ?? 0) : 0);
const data = (v: Json): Json => v['data'] as Json;

let w: SeededApp;
let mcp: McpHarness;
/** Every harness of this file, for the secrets check at the end. */
const harnesses: McpHarness[] = [];

beforeAll(async () => {
  w = await startSeededApp({ runs: 3, env: SECRET_ENV });
  // Stored secrets too (the environment's win, but these are on disk and must not leak either).
  await w.app.setSecret('remoteApiKey', SECRETS.apiKeyStored);
  await w.app.setSecret('tradierToken', SECRETS.tradierStored);
  mcp = await connectMcp(w.app, w.handlers);
  harnesses.push(mcp);
}, 180_000);

afterAll(async () => {
  for (const h of harnesses) await h.close();
  await w?.close();
});

describe('the tool list', () => {
  it("has tv-mcp's tools and the store's, and no write tool by default", async () => {
    const names = (await mcp.client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining([...TV_MCP_TOOLS, ...STORE_TOOLS]));
    expect(names.filter((n) => (WRITE_TOOLS as readonly string[]).includes(n))).toEqual([]);
    expect(names).toHaveLength(TV_MCP_TOOLS.length + STORE_TOOLS.length);
  });

  it('titles and describes every tool and marks the read-only ones so', async () => {
    for (const tool of (await mcp.client.listTools()).tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(30);
      expect(tool.title, tool.name).toMatch(/^[A-Z][A-Za-z ,]{3,40}$/);
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      expect(tool.inputSchema.type).toBe('object');
      // An argument a tool does not take is refused, and the schema says so.
      expect(tool.inputSchema['additionalProperties'], tool.name).toBe(false);
      // What it answers is typed: an object schema with the answer's fields.
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(Object.keys(tool.outputSchema?.properties ?? {}).length, tool.name).toBeGreaterThan(0);
    }
  });
});

describe("the API's own tools, from the active source", () => {
  it.each<[string, Json, (v: Json) => void]>([
    [
      'server_info',
      {},
      (v) =>
        expect(v).toMatchObject({
          name: 'gammawatch',
          data_source: { kind: 'local', simulated: true },
          writes_allowed: false,
        }),
    ],
    ['list_capabilities', {}, (v) => expect(JSON.stringify(v)).toContain('/tickers/{ticker}')],
    [
      'get_auth_status',
      {},
      (v) => expect(v).toMatchObject({ mode: 'no_key_needed', source: { kind: 'local' } }),
    ],
    ['get_ticker_state', { ticker: 'spy' }, (v) => expect(data(v)).toMatchObject({ ticker: 'SPY' })],
    ['get_ticker_state', { ticker: 'SPY', include: 'call_diag' }, (v) => expect(data(v)).toBeTruthy()],
    ['explain_ticker', { ticker: 'AAPL' }, (v) => expect(data(v)).toBeTruthy()],
    [
      'get_market_structure',
      { ticker: 'SPY', include: 'state,call_diag' },
      (v) => expect(data(v)).toBeTruthy(),
    ],
    ['get_signals', { ticker: 'QQQ' }, (v) => expect(data(v)).toMatchObject({ ticker: 'QQQ' })],
    ['get_levels', { ticker: 'SPY' }, (v) => expect(data(v)).toBeTruthy()],
    [
      'get_levels',
      { ticker: 'SPY', view: 'tradingview' },
      (v) => {
        // The script, and the levels it draws as numbers (rounded to the cent, as the script has them).
        expect(v).toMatchObject({ format: 'tradingview', text: expect.stringContaining('//@version') });
        const levels = data(v)['levels'] as { price: number }[];
        expect(levels.length).toBeGreaterThan(3);
        for (const l of levels) expect(v['text']).toContain(l.price.toFixed(2));
      },
    ],
    [
      'get_series',
      { ticker: 'SPY', metrics: 'price,iv_rank', window: '30d' },
      (v) => expect(data(v)).toBeTruthy(),
    ],
    ['get_gamma_curve', { ticker: 'SPY', exp: 'nearest' }, (v) => expect(data(v)).toBeTruthy()],
    ['get_gamma_by_expiration', { ticker: 'SPY' }, (v) => expect(data(v)).toBeTruthy()],
    ['get_gex_by_strike', { ticker: 'SPY', exp: 'combined' }, (v) => expect(data(v)).toBeTruthy()],
    [
      'get_options_volume',
      { ticker: 'SPY', exp: 'nearest', include: 'iv' },
      (v) => expect(data(v)).toBeTruthy(),
    ],
    ['get_trade_setup', { ticker: 'NVDA' }, (v) => expect(data(v)).toBeTruthy()],
    [
      'rank_top_setups',
      { limit: 3, min_score: 0 },
      (v) => expect(JSON.stringify(v)).toContain('opportunity_score'),
    ],
    [
      'rank_top_setups',
      { regime: 'trending_low_vol,range_bound', recommended_direction: 'long' },
      (v) => expect(v).toHaveProperty('meta'),
    ],
    ['run_screener', { name: 'momentum_breakout', limit: 5 }, (v) => expect(v).toHaveProperty('meta')],
    ['rank_income_setups', { type: 'CSP', limit: 5 }, (v) => expect(v).toHaveProperty('meta')],
  ])('%s %j', async (name, args, check) => {
    check(await mcp.json(name, args));
  });
});

describe('tools over the stored history', () => {
  it('list_watchlists answers the seeded list', async () => {
    const v = await mcp.json('list_watchlists');
    expect(v['watchlists']).toEqual([
      { id: 1, name: 'Core', tickers: ['SPY', 'QQQ', 'AAPL', 'NVDA', 'TSLA'] },
    ]);
  });

  it.each<[string, Json]>([
    ['by id', { watchlistId: 1 }],
    ['by name, any case', { name: 'core' }],
    ['the first list', {}],
  ])('watchlist_snapshot %s answers the rows the table shows', async (_how, args) => {
    const v = await mcp.json('watchlist_snapshot', args);
    const rows = v['rows'] as Json[];
    expect(v['watchlist']).toEqual({ id: 1, name: 'Core' });
    expect(rows.map((r) => r['ticker'])).toEqual(['SPY', 'QQQ', 'AAPL', 'NVDA', 'TSLA']);
    const expected = await w.invoke('tickers:latest', { watchlistId: 1 });
    // The same rows, each figure at the precision the table shows it.
    expect(rows).toEqual(JSON.parse(JSON.stringify(roundFigures(expected.rows))));
    expect(rows[0]).toMatchObject({ status: 'ok', price: expect.any(Number) });
    for (const [row, raw] of rows.map((r, i) => [r, expected.rows[i]] as const)) {
      expect(decimals(row['gex_flip']), 'flip: cents').toBeLessThanOrEqual(2);
      expect(decimals(row['iv_rank']), 'IV rank: whole').toBe(0);
      expect(decimals(row['atm_iv']), 'ATM IV: 0.1 %').toBeLessThanOrEqual(3);
      expect(row['gex_flip']).toBeCloseTo(raw?.gex_flip ?? Number.NaN, 2);
    }
  });

  it('ticker_history lists the stored snapshots, newest first, with their scalar fields', async () => {
    const v = await mcp.json('ticker_history', { ticker: 'SPY', limit: 10 });
    const snaps = v['snapshots'] as Json[];
    expect(snaps.length).toBeGreaterThanOrEqual(3);
    const times = snaps.map((s) => Date.parse(s['asof'] as string));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(snaps[0]).toMatchObject({ ticker: 'SPY', price: expect.any(Number) });
    // Between two times: only the ones inside.
    const from = snaps[1]?.['asof'] as string;
    const inside = await mcp.json('ticker_history', { ticker: 'SPY', from, limit: 10 });
    expect(
      (inside['snapshots'] as Json[]).every((s) => Date.parse(s['asof'] as string) >= Date.parse(from)),
    ).toBe(true);
    expect((inside['snapshots'] as Json[]).length).toBeLessThan(snaps.length);
  });

  it('compare_snapshots answers the changes between two stored instants, older to newer', async () => {
    const snaps = (await mcp.json('ticker_history', { ticker: 'SPY', limit: 3 }))['snapshots'] as Json[];
    const newest = snaps[0]?.['asof'] as string;
    const oldest = snaps.at(-1)?.['asof'] as string;
    const v = await mcp.json('compare_snapshots', {
      ticker: 'SPY',
      endpoint: 'signals',
      a: newest,
      b: oldest,
    });
    expect(v).toMatchObject({ ticker: 'SPY', endpoint: 'signals' });
    expect(Date.parse((v['older'] as Json)['asof'] as string)).toBeLessThan(
      Date.parse((v['newer'] as Json)['asof'] as string),
    );
    expect((v['changes'] as Json[]).length).toBeGreaterThan(0);
    expect(v['changesTotal']).toBe((v['changes'] as Json[]).length);
    expect(v).not.toHaveProperty('before');
  });

  it('stored_series answers daily points from the store', async () => {
    const v = await mcp.json('stored_series', { ticker: 'SPY', metrics: 'price,iv_rank', window: '30d' });
    expect(v['ticker']).toBe('SPY');
    expect(JSON.stringify(v['data'])).toContain('price');
  });

  it('recent_alerts answers the alerts the polls raised, with their deliveries in short', async () => {
    const v = await mcp.json('recent_alerts', { limit: 5 });
    const expected = await w.invoke('alerts:list', { limit: 5 });
    expect(v['total']).toBe(expected.total);
    const alerts = v['alerts'] as Json[];
    expect(alerts.map((a) => a['id'])).toEqual(expected.items.map((a) => a.id));
    for (const a of alerts)
      for (const d of a['deliveries'] as string[]) expect(d).toMatch(/^[a-z_]+:[a-z]+$/);
  });

  it('list_rules answers the stored rules', async () => {
    const v = await mcp.json('list_rules');
    const expected = await w.invoke('rules:list');
    expect((v['rules'] as Json[]).map((r) => r['id'])).toEqual(expected.map((r) => r.id));
    expect(expected.length).toBeGreaterThan(0);
  });

  it('backtest_rule replays a stored rule and reports progress', { timeout: 300_000 }, async () => {
    const rules = await w.invoke('rules:list');
    const progress: number[] = [];
    const result = await mcp.call(
      'backtest_rule',
      { ruleId: rules[0]?.id, tickers: ['SPY'], window: '30d' },
      (n) => progress.push(n),
    );
    expect(result.isError, textOf(result)).toBeFalsy();
    const v = JSON.parse(textOf(result)) as Json;
    expect(v).toMatchObject({ ruleName: rules[0]?.name, tickers: ['SPY'], cancelled: false });
    expect(v).toHaveProperty('summary.horizons.5d');
    expect(v).toHaveProperty('baseline.sessions');
    expect(v).not.toHaveProperty('prices');
    expect(progress.length).toBeGreaterThan(0);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('backtest_rule takes a rule body too', { timeout: 300_000 }, async () => {
    const v = await mcp.json('backtest_rule', {
      rule: {
        name: 'SPY crosses the flip',
        condition: { kind: 'level_cross', level: 'gamma_flip', direction: 'any' },
        scope: { kind: 'ticker', ticker: 'SPY' },
        cooldownMinutes: 0,
      },
      window: '30d',
    });
    expect(v).toMatchObject({ ruleName: 'SPY crosses the flip', tickers: ['SPY'] });
    expect(v['firingsTotal']).toBe((v['summary'] as Json)['count']);
  });

  it("backtest_rule's listed schema documents the rule format: every condition kind and the scope", async () => {
    const tool = (await mcp.client.listTools()).tools.find((t) => t.name === 'backtest_rule');
    const rule = (tool?.inputSchema.properties as Record<string, Json> | undefined)?.['rule'] as Json;
    const props = rule['properties'] as Record<string, Json>;
    const condition = props['condition'] as Json;
    const variants = (condition['oneOf'] ?? condition['anyOf']) as Json[];
    const kinds = variants.map((v) => ((v['properties'] as Record<string, Json>)['kind'] as Json)['const']);
    expect(kinds.sort()).toEqual([...ALERT_KINDS].sort());
    expect(Object.keys(props)).toEqual(expect.arrayContaining(['name', 'condition', 'scope']));
  });

  it('screener_track_record answers the statistics of a preset', { timeout: 300_000 }, async () => {
    const v = await mcp.json('screener_track_record', { name: 'momentum_breakout', window: '30d' });
    expect(v).toHaveProperty('summary.horizons.1d');
    expect(v).toHaveProperty('notes');
  });
});

describe('bad input is an isError answer, never a crash', () => {
  it.each<[string, Json, RegExp]>([
    ['get_ticker_state', { ticker: '../etc' }, /ticker/],
    ['get_ticker_state', {}, /ticker/],
    ['get_ticker_state', { ticker: 'ZZZZ' }, /not_found|unknown/],
    ['get_market_structure', { ticker: 'SPY', include: 'bogus' }, /invalid_input|include/],
    ['get_options_volume', { ticker: 'SPY' }, /exp/],
    ['get_gex_by_strike', { ticker: 'SPY', exp: 'weekly' }, /exp/],
    ['rank_top_setups', { limit: 500 }, /limit/],
    ['rank_top_setups', { regime: 'sideways_forever' }, /invalid_input|regime/],
    ['run_screener', { name: 'bogus' }, /not_found|momentum_breakout/],
    ['run_screener', { name: '../x' }, /name/],
    ['rank_income_setups', { type: 'straddle' }, /type/],
    ['watchlist_snapshot', { watchlistId: 999 }, /not_found/],
    ['compare_snapshots', { ticker: 'SPY', a: 'yesterday', b: 'today' }, /a|b/],
    ['ticker_history', { ticker: 'SPY', limit: 1000 }, /limit/],
    ['stored_series', { ticker: 'SPY', metrics: 'not_a_metric' }, /invalid_input/],
    ['backtest_rule', {}, /exactly one of ruleId or rule/],
    ['backtest_rule', { ruleId: 1, window: '2y' }, /window/],
    ['backtest_rule', { ruleId: 424242 }, /not_found/],
    ['backtest_rule', { rule: { name: 'x' } }, /condition/],
    ['screener_track_record', { name: 'bogus' }, /name/],
    // Arguments a tool does not take: refused with their name, never silently ignored.
    ['get_levels', { ticker: 'SPY', format: 'tradingview' }, /format/],
    ['get_signals', { ticker: 'SPY', format: 'tradingview' }, /format/],
    ['explain_ticker', { ticker: 'SPY', formta: 'x' }, /formta/],
    ['list_watchlists', { all: true }, /all/],
  ])('%s %j', async (name, args, message) => {
    const result = await mcp.call(name, args);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(message);
  });

  it('an unknown tool is an error too', async () => {
    const result = await mcp.call('delete_everything', {});
    expect(result.isError).toBe(true);
  });
});

describe('write tools', () => {
  it('exist only when allowed, each saying what it changes, and change what they say', async () => {
    const writer = await connectMcp(w.app, w.handlers, { allowWrites: true });
    harnesses.push(writer);
    const tools = (await writer.client.listTools()).tools;
    const writes = tools.filter((t) => (WRITE_TOOLS as readonly string[]).includes(t.name));
    expect(writes.map((t) => t.name).sort()).toEqual([...WRITE_TOOLS].sort());
    for (const t of writes) {
      expect(t.description).toMatch(/^CHANGES /);
      expect(t.annotations?.readOnlyHint).toBe(false);
    }

    const list = await writer.json('create_watchlist', { name: 'From the assistant', tickers: ['AAPL'] });
    expect(list).toMatchObject({ name: 'From the assistant', tickers: ['AAPL'] });
    const added = await writer.json('add_ticker', { watchlistId: list['id'], ticker: 'msft' });
    expect(added['tickers']).toEqual(['AAPL', 'MSFT']);
    expect((await w.invoke('watchlists:list')).map((l) => l.name)).toContain('From the assistant');

    const rule = await writer.json('create_rule', {
      rule: {
        name: 'AAPL flip cross',
        condition: { kind: 'level_cross', level: 'gamma_flip', direction: 'any' },
        scope: { kind: 'ticker', ticker: 'AAPL' },
      },
    });
    expect(rule).toMatchObject({ name: 'AAPL flip cross', enabled: true });
    const until = '2026-03-03T15:00:00.000Z';
    const snoozed = await writer.json('snooze_rule', { ruleId: rule['id'], until });
    expect(Date.parse(snoozed['snoozeUntil'] as string)).toBe(Date.parse(until));
    expect((await w.invoke('rules:list')).find((r) => r.id === rule['id'])?.snoozeUntil).toBeTruthy();

    // The last line of defence: a secret that reaches an answer anyway is replaced.
    const named = await writer.call('create_watchlist', { name: `token ${SECRETS.appToken}` });
    expect(textOf(named)).toContain('[redacted]');

    const refused = await writer.call('add_ticker', { watchlistId: 999, ticker: 'SPY' });
    expect(refused.isError).toBe(true);
    const badRule = await writer.call('create_rule', { rule: { name: 'no condition' } });
    expect(badRule.isError).toBe(true);
  });

  it('follow the setting when not overridden', async () => {
    await w.app.updateSettings({ mcp: { allowWrites: true } });
    try {
      const h = await connectMcp(w.app, w.handlers);
      harnesses.push(h);
      const names = (await h.client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining([...WRITE_TOOLS]));
    } finally {
      await w.app.updateSettings({ mcp: { allowWrites: false } });
    }
  });
});

describe('resources and prompts', () => {
  it('lists and reads the spec and the conventions', async () => {
    const { resources } = await mcp.client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual([CONVENTIONS_URI, LLM_SPEC_URI].sort());
    const conventions = await mcp.client.readResource({ uri: CONVENTIONS_URI });
    const text =
      conventions.contents[0] && 'text' in conventions.contents[0] ? conventions.contents[0].text : '';
    mcp.seen.push(text);
    expect(text).toContain('`gex_flip`');
    expect(text).toContain('Call wall');
    expect(text).toContain('USD');
    const spec = await mcp.client.readResource({ uri: LLM_SPEC_URI });
    const specText = spec.contents[0] && 'text' in spec.contents[0] ? spec.contents[0].text : '';
    mcp.seen.push(specText);
    expect(JSON.parse(specText)).toHaveProperty('data');
  });

  it('lists and renders the prompts', async () => {
    const { prompts } = await mcp.client.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual(['judge_rule', 'review_watchlist']);
    const review = await mcp.client.getPrompt({ name: 'review_watchlist', arguments: { name: 'Core' } });
    const judge = await mcp.client.getPrompt({ name: 'judge_rule', arguments: { ruleId: '1' } });
    for (const p of [review, judge]) {
      const text = JSON.stringify(p.messages);
      mcp.seen.push(text);
      expect(text).toContain(CONVENTIONS_URI);
    }
    expect(JSON.stringify(review.messages)).toContain('watchlist_snapshot');
    expect(JSON.stringify(judge.messages)).toContain('backtest_rule');
  });
});

describe('coverage and secrets', () => {
  it('called every tool', async () => {
    const all = new Set(harnesses.flatMap((h) => [...h.called]));
    for (const name of [...TV_MCP_TOOLS, ...STORE_TOOLS, ...WRITE_TOOLS]) expect(all, name).toContain(name);
  });

  it('no answer, resource or prompt holds a secret', () => {
    const seen = harnesses.flatMap((h) => h.seen);
    expect(seen.length).toBeGreaterThan(60);
    for (const secret of Object.values(SECRETS)) for (const text of seen) expect(text).not.toContain(secret);
  });
});
