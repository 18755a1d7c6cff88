// Labels that mean what they say. The volatility side of the regime is judged against the ticker's
// own history, "fearful" needs fear to be priced, and every label carries the figures that made it
// (inputs → label + drivers).
import { describe, expect, it } from 'vitest';
import { explainDataSchema } from '../../../../../src/shared/api/explain.ts';
import { marketStructureDataSchema } from '../../../../../src/shared/api/market-structure.ts';
import { explainTicker } from '../../../../../src/service/engine/interpret/explain.ts';
import { interpretMarketStructure } from '../../../../../src/service/engine/interpret/market-structure.ts';
import {
  ATM_IV_HIGH_VOL_ABSOLUTE,
  IV_RANK_CALM_CAP,
  RV_PERCENTILE_HIGH_VOL,
  classifyRegime,
  readVolatility,
} from '../../../../../src/service/engine/interpret/regime.ts';
import { FEARFUL_MIN_IV_RANK, readSentiment } from '../../../../../src/service/engine/interpret/sentiment.ts';
import { interpretTradeSetup } from '../../../../../src/service/engine/interpret/trade-setup.ts';
import type { TickerMetrics } from '../../../../../src/service/engine/types.ts';
import { makeTickerMetrics } from '../../../../support/metrics-factory.ts';

const up = { trend_score: 2.2, trend_state: 'up' } as const;
const flat = { trend_score: 0.3, trend_state: 'sideways' } as const;
const noHistory = {
  iv_rank: null,
  realized_vol_state: null,
  realized_vol_score: null,
  realized_vol_percentile: null,
} as const;

describe('the regime volatility side, against the ticker own history', () => {
  it.each<[string, Partial<TickerMetrics>, string, RegExp]>([
    [
      'the issue: ATM IV 12.5 %, IV rank 9, tape at its 85th percentile → not high vol',
      {
        ...up,
        atm_iv: 0.125,
        iv_rank: 9,
        realized_vol_state: 'elevated',
        realized_vol_score: 0.6,
        realized_vol_percentile: 85,
      },
      'trending_low_vol',
      /IV rank 9 over its own year ≤ 20.*12\.5 %/,
    ],
    [
      'tape at its 75th percentile, IV rank 40 → high vol',
      {
        ...up,
        iv_rank: 40,
        realized_vol_state: 'expanding',
        realized_vol_score: 0.3,
        realized_vol_percentile: 75,
      },
      'trending_high_vol',
      /75th percentile of its own year \(≥ 70\)/,
    ],
    [
      'tape at its 65th percentile, IV rank 70 → low vol',
      {
        ...up,
        iv_rank: 70,
        realized_vol_state: 'expanding',
        realized_vol_score: 0.1,
        realized_vol_percentile: 65,
      },
      'trending_low_vol',
      /65th percentile of its own year \(< 70\).*IV rank 70 over its own year \(< 80\)/,
    ],
    [
      'calm tape, IV rank 85 → high vol (options price a storm)',
      {
        ...flat,
        iv_rank: 85,
        realized_vol_state: 'subdued',
        realized_vol_score: -0.5,
        realized_vol_percentile: 15,
      },
      'choppy_volatile',
      /IV rank 85 over its own year \(≥ 80\) although/,
    ],
    [
      'IV rank exactly at the calm cap → low',
      {
        ...flat,
        iv_rank: IV_RANK_CALM_CAP,
        realized_vol_state: 'elevated',
        realized_vol_score: 0.8,
        realized_vol_percentile: 95,
      },
      'range_bound',
      /≤ 20/,
    ],
    [
      'no IV rank yet, tape at its 90th percentile → high',
      {
        ...flat,
        iv_rank: null,
        realized_vol_state: 'elevated',
        realized_vol_score: 0.7,
        realized_vol_percentile: 90,
      },
      'choppy_volatile',
      /IV rank n\/a/,
    ],
    [
      'no history at all, ATM IV 45 % → high by the stated absolute rule',
      { ...flat, ...noHistory, atm_iv: 0.45 },
      'choppy_volatile',
      /absolute rule: ATM IV 45 % ≥ 30 %/,
    ],
    [
      'no history at all, ATM IV 12.5 % → low by the absolute rule',
      { ...flat, ...noHistory, atm_iv: 0.125 },
      'range_bound',
      /absolute rule: ATM IV 12\.5 % < 30 %/,
    ],
  ])('%s', (_name, over, label, volatility) => {
    const r = classifyRegime(makeTickerMetrics(over));
    expect(r.label).toBe(label);
    const vol = r.drivers?.drivers.find((d) => d.name === 'Volatility');
    expect(vol?.text).toMatch(volatility);
    expect(r.drivers?.value).toBe(label);
    expect(r.drivers?.drivers.map((d) => d.name)).toEqual(['Trend', 'Volatility', 'Gamma']);
    expect(r.drivers?.rule).toContain(`${RV_PERCENTILE_HIGH_VOL}th percentile`);
  });

  it('states its basis: the own history, else the absolute rule, else gamma', () => {
    expect(readVolatility(makeTickerMetrics({ iv_rank: 50 })).basis).toBe('own_history');
    expect(readVolatility(makeTickerMetrics({ ...noHistory, atm_iv: ATM_IV_HIGH_VOL_ABSOLUTE })).basis).toBe(
      'absolute',
    );
    const gamma = readVolatility(makeTickerMetrics({ ...noHistory, atm_iv: null, gamma_regime: 'negative' }));
    expect([gamma.basis, gamma.high]).toEqual(['gamma', true]);
  });

  it('never calls IV rank ≤ 20 high vol, whatever the rest says', () => {
    for (const ivr of [0, 5, 9, 20])
      for (const p of [0, 50, 70, 99])
        for (const state of ['subdued', 'expanding', 'elevated'] as const) {
          const m = makeTickerMetrics({
            ...up,
            iv_rank: ivr,
            realized_vol_percentile: p,
            realized_vol_state: state,
            realized_vol_score: 0.9,
          });
          expect(readVolatility(m).high).toBe(false);
        }
  });

  it('names the trend score and the threshold, and explains a flush panic by its extension', () => {
    const r = classifyRegime(
      makeTickerMetrics({
        trend_score: -2.4,
        trend_state: 'down',
        iv_rank: 75,
        realized_vol_state: 'elevated',
        realized_vol_score: 0.7,
        realized_vol_percentile: 92,
        extension_state: 'oversold',
        extension_score: -3.1,
      }),
    );
    expect(r.label).toBe('flush_panic');
    const text = Object.fromEntries((r.drivers?.drivers ?? []).map((d) => [d.name, d.text]));
    expect(text['Trend']).toBe('Down: trend score -2.4 ≤ −1');
    expect(text['Extension']).toBe('Oversold: extension score -3.1 ≤ −2');
  });

  it('two correlated names read differently from their own figures, and the drivers say which', () => {
    // Same day, same trend: SPY's tape sits at its 72nd percentile, SPX's at its 66th.
    const base = { ...flat, iv_rank: 35, realized_vol_state: 'expanding', realized_vol_score: 0.2 } as const;
    const spy = classifyRegime(makeTickerMetrics({ ...base, ticker: 'SPY', realized_vol_percentile: 72 }));
    const spx = classifyRegime(makeTickerMetrics({ ...base, ticker: 'SPX', realized_vol_percentile: 66 }));
    expect([spy.label, spx.label]).toEqual(['choppy_volatile', 'range_bound']);
    const vol = (r: typeof spy) => r.drivers?.drivers.find((d) => d.name === 'Volatility')?.text;
    expect(vol(spy)).toContain('72nd percentile of its own year (≥ 70)');
    expect(vol(spx)).toContain('66th percentile of its own year (< 70)');
    expect(spy.drivers?.rule).toContain('SPX and SPY');
  });
});

describe('sentiment: fearful needs fear to be priced', () => {
  const defensive = {
    put_call_25d_iv_premium_pct: 14,
    pcr_oi: 1.4,
    speculative_interest_score: 0.2,
  } as const;
  it.each<[string, Partial<TickerMetrics>, string, string, RegExp]>([
    [
      'the issue: put demand at IV rank 0 → cautious',
      { ...defensive, iv_rank: 0 },
      'defensive',
      'cautious',
      /IV rank 0 over its own year: options are cheap/,
    ],
    [
      'put demand at IV rank 24 → cautious',
      { ...defensive, iv_rank: FEARFUL_MIN_IV_RANK - 1 },
      'defensive',
      'cautious',
      /fearful needs ≥ 25/,
    ],
    [
      'put demand at IV rank 25 → fearful',
      { ...defensive, iv_rank: FEARFUL_MIN_IV_RANK },
      'defensive',
      'fearful',
      /fear is priced/,
    ],
    [
      'put demand without IV rank → fearful, said unchecked',
      { ...defensive, iv_rank: null },
      'defensive',
      'fearful',
      /not checked/,
    ],
    [
      'defensive skew, balanced OI, IV rank 60 → cautious',
      { ...defensive, pcr_oi: 1, iv_rank: 60 },
      'defensive',
      'cautious',
      /fear is priced/,
    ],
    [
      'upside skew → bullish',
      { put_call_25d_iv_premium_pct: -2, pcr_oi: 0.9, iv_rank: 50 },
      'upside_leaning',
      'bullish',
      /fear is priced/,
    ],
    [
      'speculative interest 0.8 → speculative',
      { ...defensive, iv_rank: 60, speculative_interest_score: 0.8 },
      'defensive',
      'speculative',
      /fear is priced/,
    ],
  ])('%s', (_name, over, skew, label, ivLine) => {
    const read = readSentiment(makeTickerMetrics(over), skew as 'defensive');
    expect(read.label).toBe(label);
    const text = Object.fromEntries(read.drivers.drivers.map((d) => [d.name, d.text]));
    expect(Object.keys(text)).toEqual(['Skew', 'Put/call OI', 'IV rank', 'Flow']);
    expect(text['IV rank']).toMatch(ivLine);
    expect(read.drivers.rule).toContain('IV rank ≥ 25');
  });

  it('the market-structure payload carries the same label and both driver lists, valid against its schema', () => {
    const m = makeTickerMetrics({ ...defensive, iv_rank: 0 });
    const data = interpretMarketStructure(m);
    expect(data.drivers.sentiment).toBe('cautious');
    expect(marketStructureDataSchema.parse(data).label_drivers?.map((d) => [d.kind, d.value])).toEqual([
      ['regime', classifyRegime(m).label],
      ['sentiment', 'cautious'],
    ]);
  });
});

describe('explain carries the regime drivers', () => {
  it('adds label_drivers without changing the rest, valid against its schema', () => {
    const m = makeTickerMetrics({
      ...up,
      atm_iv: 0.241,
      iv_rank: 72,
      realized_vol_percentile: 80,
      realized_vol_state: 'elevated',
      realized_vol_score: 0.5,
    });
    const regime = classifyRegime(m);
    const data = explainDataSchema.parse(explainTicker(m, regime, interpretTradeSetup(m, regime)));
    expect(regime.label).toBe('trending_high_vol');
    const vol = data.label_drivers?.[0]?.drivers.find((d) => d.name === 'Volatility')?.text;
    expect(vol).toBe(
      'High vol: 20-day realized vol 25 % at the 80th percentile of its own year (≥ 70), IV rank 72 over its own year (< 80); ATM IV 24.1 %',
    );
  });
});

// An index is quoted in points, in the regime's drivers and the setup's summary as on every screen;
// a stock or ETF in dollars.
describe('prices in the underlying’s own unit', () => {
  const figures = {
    ...flat,
    price: 5912.4,
    gex_flip: 5880.25,
    dist_to_gex_flip_pct: 0.55,
    gamma_regime: 'positive',
  } as const;
  it.each<[string, string, string]>([
    ['SPX', 'flip 5,880.25, 0.55 % above spot', 'SPX at 5,912.40:'],
    ['NDX', 'flip 5,880.25, 0.55 % above spot', 'NDX at 5,912.40:'],
    ['SPY', 'flip $5,880.25, 0.55 % above spot', 'SPY at $5,912.40:'],
  ])('%s', (ticker, flip, head) => {
    const m = makeTickerMetrics({ ...figures, ticker });
    const regime = classifyRegime(m);
    const gamma = regime.drivers?.drivers.find((d) => d.name === 'Gamma')?.text;
    expect(gamma).toContain(flip);
    expect(interpretTradeSetup(m, regime).agent_summary.startsWith(head)).toBe(true);
  });
});
