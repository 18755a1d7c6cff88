import { describe, expect, it } from 'vitest';
import type { TopSetupsItem } from '../../../../src/shared/api/index.ts';
import { ServiceError } from '../../../../src/service/http/errors.ts';
import { readQuery } from '../../../../src/shared/api/query.ts';
import { parseTopSetupsQuery } from '../../../../src/service/rankings/parse-query.ts';
import { SCREENER_PRESETS, presetQuery } from '../../../../src/shared/rankings/screener-presets.ts';
import { echoFilters } from '../../../../src/shared/rankings/top-setups-query.ts';
import { rankTopSetups } from '../../../../src/shared/rankings/top-setups.ts';

type Row = Partial<TopSetupsItem> & { ticker: string; opportunity_score: number };

function item(row: Row): TopSetupsItem {
  return {
    asof: '2025-03-12 11:00 ET',
    opportunity_tier: 'moderate',
    regime_label: 'range_bound',
    recommended_trade_type: 'vol_premium',
    recommended_direction: 'neutral',
    trade_bias: 'fade_premium',
    trade_bias_key: 'range_bound:fade_premium',
    price: 100,
    iv_rank: 50,
    ivAtMaxDelta: 0.3,
    trend_state: 'sideways',
    momentum_state: 'fading',
    realized_vol_state: 'subdued',
    extension_state: 'neutral',
    trade_setup: {} as TopSetupsItem['trade_setup'],
    ...row,
  };
}

const ITEMS = [
  item({
    ticker: 'AAA',
    opportunity_score: 7,
    regime_label: 'trending_low_vol',
    recommended_direction: 'long',
    price: 20,
    iv_rank: 40,
  }),
  item({ ticker: 'BBB', opportunity_score: 7, price: 25, iv_rank: 0 }),
  item({
    ticker: 'CCC',
    opportunity_score: 9.5,
    recommended_direction: 'short',
    price: 300,
    iv_rank: 100,
    extension_state: 'oversold',
  }),
  item({ ticker: 'DDD', opportunity_score: 2, iv_rank: null, ivAtMaxDelta: null, trend_state: null }),
  item({
    ticker: 'EEE',
    opportunity_score: 5,
    momentum_state: 'strong',
    realized_vol_state: 'elevated',
    trade_bias: 'stand_aside',
  }),
];

const rank = (params: Record<string, string>) =>
  rankTopSetups(ITEMS, parseTopSetupsQuery(readQuery(params))).map((i) => i.ticker);

describe('rankTopSetups', () => {
  it('sorts by opportunity_score descending, ties by ticker ascending', () => {
    expect(rank({})).toEqual(['CCC', 'AAA', 'BBB', 'EEE', 'DDD']);
  });

  it.each([
    ['IN on regime', { regime: 'trending_low_vol' }, ['AAA']],
    ['IN with two values', { recommended_direction: 'long,short' }, ['CCC', 'AAA']],
    ['IN is case-insensitive', { recommended_direction: 'LONG' }, ['AAA']],
    ['trade_bias keyword', { trade_bias: 'stand_aside' }, ['EEE']],
    ['extension_state accepted', { extension_state: 'oversold' }, ['CCC']],
    ['realized_vol_state accepted', { realized_vol_state: 'elevated' }, ['EEE']],
    ['open state labels accept unseen values', { momentum_state: 'sideways-ish' }, []],
    ['a null state never matches', { trend_state: 'sideways' }, ['CCC', 'AAA', 'BBB', 'EEE']],
    ['price range is inclusive at both ends', { price_min: '20', price_max: '25' }, ['AAA', 'BBB']],
    ['iv_rank inclusive at 0 and 100', { iv_rank_min: '0', iv_rank_max: '0' }, ['BBB']],
    ['a bound excludes rows without the value', { ivAtMaxDelta_min: '0' }, ['CCC', 'AAA', 'BBB', 'EEE']],
    ['min_score drops lower scores, keeps equal', { min_score: '7' }, ['CCC', 'AAA', 'BBB']],
    ['filters are AND-ed', { recommended_direction: 'neutral', iv_rank_min: '1' }, ['EEE']],
    ['unknown parameters are ignored', { colour: 'blue' }, ['CCC', 'AAA', 'BBB', 'EEE', 'DDD']],
    [
      'empty values are unset',
      { regime: '', price_min: '', min_score: '' },
      ['CCC', 'AAA', 'BBB', 'EEE', 'DDD'],
    ],
    ['limit cuts after sorting', { limit: '2' }, ['CCC', 'AAA']],
  ])('%s', (_name, params, expected) => {
    expect(rank(params)).toEqual(expected);
  });
});

describe('parseTopSetupsQuery', () => {
  it.each([
    [{ limit: '0' }, { limit: 1 }],
    [{ limit: '1000' }, { limit: 200 }],
    [{ min_score: '-1' }, { min_score: 0 }],
    [{ min_score: '11' }, { min_score: 10 }],
    [{ ttl: '99999' }, { ttl: 1800 }],
    [{ ttl: '-5' }, { ttl: 0 }],
    [{}, { limit: 20, min_score: 0, ttl: 900 }],
  ])('clamps %j', (params, expected) => {
    expect(parseTopSetupsQuery(readQuery(params))).toMatchObject(expected);
  });

  it('clamps ranges into their domain and echoes them as <prefix>_range', () => {
    const q = parseTopSetupsQuery(
      readQuery({ iv_rank_min: '-10', iv_rank_max: '150', price_min: '5', regime: 'range_bound' }),
    );
    expect(echoFilters(q)).toEqual({
      regime: ['range_bound'],
      iv_rank_range: [0, 100],
      price_range: [5, null],
    });
  });

  it.each([
    [{ limit: 'ten' }, 'limit'],
    [{ iv_rank_min: 'high' }, 'iv_rank_min'],
    [{ price_max: '1e' }, 'price_max'],
    [{ min_score: 'NaN' }, 'min_score'],
  ])('a non-numeric value is a 400 naming the parameter: %j', (params, param) => {
    try {
      parseTopSetupsQuery(readQuery(params));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ServiceError);
      expect((error as ServiceError).status).toBe(400);
      expect((error as ServiceError).details.param).toBe(param);
    }
  });

  it.each([
    [{ regime: 'sideways' }, 'regime'],
    [{ recommended_direction: 'up' }, 'recommended_direction'],
    [{ trade_bias: 'yolo' }, 'trade_bias'],
  ])('an unknown value of a closed set is a 400 with the allowed list: %j', (params, param) => {
    try {
      parseTopSetupsQuery(readQuery(params));
      expect.unreachable();
    } catch (error) {
      expect((error as ServiceError).details).toMatchObject({ param });
      expect((error as ServiceError).details.allowed?.length).toBeGreaterThan(2);
    }
  });

  it('refuses an inverted range instead of echoing an impossible one', () => {
    expect(() => parseTopSetupsQuery(readQuery({ price_min: '50', price_max: '10' }))).toThrow(/price_min/);
  });
});

describe('screener presets', () => {
  it('override the preset per key and keep the rest', () => {
    const q = parseTopSetupsQuery(
      presetQuery('momentum_breakout', readQuery({ min_score: '1', iv_rank_min: '10' })),
    );
    expect(q.min_score).toBe(1);
    expect(q.ranges.iv_rank).toEqual([10, 40]);
    expect(q.in.regime).toEqual(['trending_low_vol']);
  });

  // One bound that crosses the preset's other bound replaces the preset's range (the official
  // client lets any one bound through); an inverted range sent whole is still refused.
  it.each([
    ['momentum_breakout', { iv_rank_min: '60' }, 'iv_rank', [60, null]],
    ['momentum_breakout', { iv_rank_min: '40' }, 'iv_rank', [40, 40]],
    ['momentum_breakout', { price_max: '10' }, 'price', [null, 10]],
    ['capitulation_reversal', { iv_rank_max: '30' }, 'iv_rank', [null, 30]],
    ['range_premium_seller', { iv_rank_max: '70' }, 'iv_rank', [50, 70]],
    ['range_premium_seller', { price_max: '0' }, 'price', [null, 0]],
  ] as const)('%s with %j applies %s %j', (preset, query, range, expected) => {
    const q = parseTopSetupsQuery(presetQuery(preset, readQuery(query)));
    expect(q.ranges[range]).toEqual(expected);
  });

  it('a crossing range the caller sends whole is still a 400', () => {
    expect(() =>
      parseTopSetupsQuery(
        presetQuery('momentum_breakout', readQuery({ iv_rank_min: '60', iv_rank_max: '50' })),
      ),
    ).toThrow(/iv_rank_min/);
  });

  it('an empty override keeps the preset value', () => {
    const q = parseTopSetupsQuery(presetQuery('highvol_breakdown', readQuery({ min_score: '' })));
    expect(q.min_score).toBe(6);
  });

  it.each(Object.keys(SCREENER_PRESETS) as (keyof typeof SCREENER_PRESETS)[])('%s parses cleanly', (name) => {
    expect(() => parseTopSetupsQuery(presetQuery(name, new Map()))).not.toThrow();
  });
});
