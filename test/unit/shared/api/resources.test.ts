// Every resource schema against valid payloads, payloads with unknown extra fields, and payloads
// broken one field at a time (wrong enum, out-of-range score, wrong unit, missing field).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  accessResponseSchema,
  explainResponseSchema,
  gammaCurveResponseSchema,
  gammaExpirationsResponseSchema,
  gexByStrikeResponseSchema,
  incomeResponseSchema,
  levelsResponseSchema,
  llmSpecResponseSchema,
  marketStructureResponseSchema,
  optionsVolumeResponseSchema,
  screenerResponseSchema,
  seriesResponseSchema,
  signalsResponseSchema,
  tickerStateResponseSchema,
  topSetupsResponseSchema,
  tradeSetupResponseSchema,
} from '../../../../src/shared/api/index.ts';
import * as p from '../../../support/client-payloads.ts';

type Payload = Record<string, unknown>;
type Maker = () => Payload;

const RESOURCES: Array<[string, z.ZodType, Maker]> = [
  ['tickerState', tickerStateResponseSchema, p.tickerStateResponse],
  ['marketStructure', marketStructureResponseSchema, p.marketStructureResponse],
  ['explain', explainResponseSchema, p.explainResponse],
  ['signals', signalsResponseSchema, p.signalsResponse],
  ['series', seriesResponseSchema, p.seriesResponse],
  ['gammaCurve', gammaCurveResponseSchema, p.gammaCurveResponse],
  ['gammaExpirations', gammaExpirationsResponseSchema, p.gammaExpirationsResponse],
  ['gexByStrike', gexByStrikeResponseSchema, p.gexByStrikeResponse],
  ['levels', levelsResponseSchema, p.levelsResponse],
  ['optionsVolume', optionsVolumeResponseSchema, p.optionsVolumeResponse],
  ['tradeSetup', tradeSetupResponseSchema, p.tradeSetupResponse],
  ['topSetups', topSetupsResponseSchema, p.topSetupsResponse],
  ['screener', screenerResponseSchema, p.screenerResponse],
  ['incomeSetups', incomeResponseSchema, p.incomeResponse],
  ['access', accessResponseSchema, p.accessResponse],
  ['llmSpec', llmSpecResponseSchema, p.llmSpecResponse],
];

/** Walks a dotted path (numeric segments index arrays) and returns the parent and the last key. */
function locate(obj: Payload, path: string): [Record<string, unknown>, string] {
  const keys = path.split('.');
  let cur: Record<string, unknown> = obj;
  for (const k of keys.slice(0, -1)) cur = cur[k] as Record<string, unknown>;
  return [cur, keys[keys.length - 1] as string];
}
const DELETE = Symbol('delete');
function withField(obj: Payload, path: string, value: unknown): Payload {
  const [parent, key] = locate(obj, path);
  if (value === DELETE) delete parent[key];
  else parent[key] = value;
  return obj;
}

function issuePaths(schema: z.ZodType, payload: unknown): string[] {
  const r = schema.safeParse(payload);
  return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
}

describe('valid payloads parse', () => {
  it.each(RESOURCES)('%s', (_name, schema, make) => {
    expect(issuePaths(schema, make())).toEqual([]);
  });
});

describe('unknown extra fields pass and are kept', () => {
  it.each(RESOURCES)('%s', (_name, schema, make) => {
    const payload = make();
    payload.extra_top = 1;
    (payload.meta as Payload).extra_meta = { nested: true };
    (payload.data as Payload).extra_data = ['x'];
    const parsed = schema.parse(payload) as { meta: Payload; data: Payload; extra_top: unknown };
    expect(parsed.extra_top).toBe(1);
    expect(parsed.meta.extra_meta).toEqual({ nested: true });
    expect(parsed.data.extra_data).toEqual(['x']);
  });

  it('inside nested records too (a ranking item and its trade_setup blob)', () => {
    const payload = p.topSetupsResponse();
    const item = (payload.data.items[0] ?? {}) as Payload;
    item.new_field = 'v';
    (item.trade_setup as Payload).new_blob_field = 2;
    const parsed = topSetupsResponseSchema.parse(payload);
    expect((parsed.data.items[0] as Payload).new_field).toBe('v');
    expect((parsed.data.items[0]?.trade_setup as Payload).new_blob_field).toBe(2);
  });
});

// [resource, path, bad value, path zod reports]
const BROKEN: Array<[string, string, unknown, string?]> = [
  ['tradeSetup', 'data.gamma_regime', 'sideways'],
  ['tradeSetup', 'data.trade_recommendation.opportunity_tier', 'medium'],
  ['tradeSetup', 'data.trade_recommendation.opportunity_score', 10.5],
  ['tradeSetup', 'data.trade_recommendation.opportunity_score', -0.1],
  ['tradeSetup', 'data.trade_recommendation.direction', 'up'],
  ['tradeSetup', 'data.trade_recommendation.trade_bias', 'buy_the_dip'],
  ['tradeSetup', 'data.trade_recommendation.trade_type', 'swing'],
  ['tradeSetup', 'data.trade_recommendation.regime_label', 'bull_market'],
  ['tradeSetup', 'data.trade_recommendation.risk', DELETE],
  ['tradeSetup', 'data.trade_recommendation.risk.prefer_defined_risk', 'yes'],
  ['tradeSetup', 'data.atm_iv', 28, 'data.atm_iv'], // percent where a decimal is due
  ['tradeSetup', 'data.iv_rank', 101],
  ['tradeSetup', 'data.price', -5],
  ['tradeSetup', 'data.price', '100'],
  ['tradeSetup', 'meta.ticker', DELETE],
  ['tradeSetup', 'meta.schema', 'svc.top_setups.v2'],
  ['tradeSetup', 'meta.asof', 'yesterday'],
  ['tickerState', 'data.iv_rank', 140],
  ['tickerState', 'data.speculative_interest_score', 3],
  ['tickerState', 'data.trend_state', ''],
  ['tickerState', 'data.momentum_state', 7],
  ['tickerState', 'data.earnings_time', 'pre_market'],
  ['marketStructure', 'data.drivers.flip_context.state', 'near_flip'],
  ['marketStructure', 'data.drivers.gamma_tone.state', 'flat'],
  ['marketStructure', 'data.drivers.skew_tone.state', 'bearish'],
  ['marketStructure', 'data.key_levels.spot', -1],
  ['marketStructure', 'data.tags', 'positive_gamma'],
  ['marketStructure', 'data.confidence.notes', DELETE],
  ['marketStructure', 'data.supporting_factors.speculative_interest_score', 1.5],
  ['explain', 'data.bullets', 'one bullet'],
  ['explain', 'data.summary', ''],
  ['signals', 'data.gamma_regime', DELETE],
  ['signals', 'data.earnings_time', 'before'],
  ['signals', 'data.opportunity_tier', 'top'],
  ['series', 'data.points.0.date', '03/12/2025'],
  ['series', 'data.points.0.price', '98.5'],
  ['series', 'data.points.1.call_regime', 3],
  ['series', 'data.metrics', 'price'],
  ['gammaCurve', 'data.points.0.strike', 0],
  ['gammaCurve', 'data.points.1.gamma', null],
  [
    'gammaExpirations',
    'data.series_order',
    ['first_weekly', 'nearest', 'first_monthly', 'all_other_expiries'],
  ],
  ['gammaExpirations', 'data.points.0.first_weekly', DELETE],
  ['gammaExpirations', 'data.construction', DELETE],
  ['gexByStrike', 'data.totals.gex_value_per_1pct', DELETE],
  ['gexByStrike', 'data.points.0.net', 'big'],
  ['levels', 'data.levels.0.price', DELETE],
  ['levels', 'data.levels.0.kind', ''],
  ['optionsVolume', 'data.points.0.call_volume', -1],
  ['optionsVolume', 'data.points.0.put_volume', 1.5],
  ['optionsVolume', 'data.expiry', 'nearest'],
  ['topSetups', 'data.items.0.regime_label', 'bull'],
  ['topSetups', 'data.items.0.recommended_direction', 'up'],
  ['topSetups', 'data.items.0.trade_bias', 'long'],
  ['topSetups', 'data.items.0.opportunity_score', 12],
  ['topSetups', 'data.items.0.trade_setup.missing_fields', DELETE],
  ['topSetups', 'data.items.0.trade_setup.regime', 'calm'],
  ['topSetups', 'meta.limit', 500],
  ['topSetups', 'meta.min_score', 11],
  ['topSetups', 'meta.count', DELETE],
  ['topSetups', 'meta.filters.price_range', [30, 20]],
  ['topSetups', 'meta.filters.price_range', 'x'],
  ['topSetups', 'meta.schema', 'svc.income_setups.v1'],
  ['screener', 'meta.extra', {}],
  ['screener', 'meta.extra.screener', 'moonshots'],
  ['incomeSetups', 'data.items.0.strategy', 'put'],
  ['incomeSetups', 'data.items.0.income_score', 12],
  ['incomeSetups', 'data.items.0.income_tier', 'great'],
  ['incomeSetups', 'data.items.0.earnings_time', 'pre'],
  ['incomeSetups', 'data.items.0.earnings_date', '2025-13-01'],
  ['incomeSetups', 'data.items.0.dte', 3.5],
  ['incomeSetups', 'meta.limit', 60],
  ['incomeSetups', 'meta.model_versions.income_recommender', DELETE],
  ['access', 'data.demo.symbols', ['SPY', 'QQQ']],
  ['access', 'data.tiers', DELETE],
  ['llmSpec', 'data.endpoints.0.path', 'top-setups'],
  ['llmSpec', 'data.conventions', 'none'],
];

describe('broken payloads fail at the broken field', () => {
  const makers = new Map(RESOURCES.map(([name, schema, make]) => [name, { schema, make }]));
  it.each(BROKEN)('%s: %s = %j', (name, path, value, reported) => {
    const r = makers.get(name);
    if (!r) throw new Error(`no resource ${name}`);
    const paths = issuePaths(r.schema, withField(r.make(), path, value));
    expect(paths.length).toBeGreaterThan(0);
    const want = reported ?? path;
    // zod reports the deepest failing path; a missing object reports the object's own path.
    expect(
      paths.some((got) => got === want || got.startsWith(`${want}.`) || want.startsWith(`${got}.`)),
    ).toBe(true);
  });
});

describe('lenient where the spec is silent', () => {
  it('a ticker state with no data fields at all is valid', () => {
    expect(issuePaths(tickerStateResponseSchema, { meta: { ticker: 'SPY' }, data: {} })).toEqual([]);
  });

  it.each([
    ['trend_state', 'rolling_over'],
    ['momentum_state', 'weak'],
    ['extension_state', 'overbought'],
    ['realized_vol_state', 'collapsing'],
    ['trend_alignment_state', 'conflicting'],
  ])('state label %s accepts an unlisted value %s', (field, value) => {
    const payload = p.tradeSetupResponse();
    (payload.data as Payload)[field] = value;
    expect(issuePaths(tradeSetupResponseSchema, payload)).toEqual([]);
  });

  it.each([
    ['data.gamma_flip_price', null],
    ['data.dist_to_gex_flip_pct', null],
    ['data.iv_rank', null],
    ['data.trend_state', null],
  ])('trade setup %s may be %j', (path, value) => {
    expect(issuePaths(tradeSetupResponseSchema, withField(p.tradeSetupResponse(), path, value))).toEqual([]);
  });

  it('gex points may omit call and put (buckets other than combined)', () => {
    const payload = p.gexByStrikeResponse();
    payload.data.points = payload.data.points.map(({ strike, net }) => ({ strike, net, call: net, put: 0 }));
    delete (payload.data.points[0] as Payload).call;
    delete (payload.data.points[0] as Payload).put;
    expect(issuePaths(gexByStrikeResponseSchema, payload)).toEqual([]);
  });

  it('income meta type may be null, a strategy, or another marker', () => {
    for (const type of [null, 'cc', 'both']) {
      const payload = p.incomeResponse();
      (payload.meta as Payload).type = type;
      expect(issuePaths(incomeResponseSchema, payload)).toEqual([]);
    }
  });

  it('our own schema ids may differ in a remote response; spec-named ones may not', () => {
    const signals = p.signalsResponse();
    signals.meta.schema = 'remote.signals.v9';
    expect(issuePaths(signalsResponseSchema, signals)).toEqual([]);
    const series = p.seriesResponse();
    series.meta.schema = 'remote.series.v9';
    expect(issuePaths(seriesResponseSchema, series)).toEqual(['meta.schema']);
  });

  it('a range with one open side is valid', () => {
    const payload = p.topSetupsResponse();
    payload.meta.filters = { ...payload.meta.filters, iv_rank_range: [null, 40], price_range: [20, null] };
    expect(issuePaths(topSetupsResponseSchema, payload)).toEqual([]);
  });
});

describe('JSON Schema export (for /llm-spec json_schemas)', () => {
  it.each(RESOURCES)('%s converts', (_name, schema) => {
    const json = z.toJSONSchema(schema, { io: 'output' });
    expect(json.type).toBe('object');
  });

  it('open labels list their known values', () => {
    const json = JSON.stringify(z.toJSONSchema(tradeSetupResponseSchema, { io: 'output' }));
    expect(json).toContain('"sideways"');
  });
});
