// Deterministic, smooth-looking market figures for the fake bridge: every value is a function of
// (ticker, step), so tests can predict them and the UI gets labels that change every few steps.
import type {
  ExplainData,
  GammaCurveData,
  GammaExpirationsData,
  GexByStrikeData,
  IncomeItem,
  LevelsData,
  MarketStructureData,
  OpportunityTier,
  OptionsVolumeData,
  RegimeLabel,
  SignalsData,
  TickerStateData,
  TopSetupsItem,
  TradeSetupData,
  Direction,
  GammaRegime,
  TradeBias,
} from '../../src/shared/api/index.ts';
import { ALL_OTHER_EXPIRIES_FORMULA } from '../../src/shared/api/index.ts';

export interface FakeTicker {
  ticker: string;
  name: string;
  kind: string;
  demo: boolean;
  base: number;
  phase: number;
  highVol: boolean;
}

const RAW: [string, string, string, number][] = [
  ['SPY', 'SPDR S&P 500 ETF', 'index_etf', 512],
  ['QQQ', 'Invesco QQQ Trust', 'index_etf', 438],
  ['IWM', 'iShares Russell 2000 ETF', 'index_etf', 205],
  ['DIA', 'SPDR Dow Jones ETF', 'index_etf', 391],
  ['AAPL', 'Apple Inc.', 'mega_cap', 189],
  ['MSFT', 'Microsoft Corp.', 'mega_cap', 415],
  ['NVDA', 'NVIDIA Corp.', 'mega_cap', 880],
  ['AMZN', 'Amazon.com Inc.', 'mega_cap', 178],
  ['GOOGL', 'Alphabet Inc. Class A', 'mega_cap', 152],
  ['META', 'Meta Platforms Inc.', 'mega_cap', 495],
  ['TSLA', 'Tesla Inc.', 'high_vol', 176],
  ['AMD', 'Advanced Micro Devices', 'high_vol', 168],
  ['COIN', 'Coinbase Global', 'high_vol', 242],
  ['PLTR', 'Palantir Technologies', 'high_vol', 24],
  ['MSTR', 'MicroStrategy Inc.', 'high_vol', 1290],
  ['SMCI', 'Super Micro Computer', 'high_vol', 890],
  ['KO', 'Coca-Cola Co.', 'defensive', 61],
  ['PG', 'Procter & Gamble', 'defensive', 162],
  ['JNJ', 'Johnson & Johnson', 'defensive', 156],
  ['WMT', 'Walmart Inc.', 'defensive', 60],
  ['XLE', 'Energy Select Sector SPDR', 'sector_etf', 94],
  ['XLF', 'Financial Select Sector SPDR', 'sector_etf', 41],
  ['XLK', 'Technology Select Sector SPDR', 'sector_etf', 208],
  ['XLV', 'Health Care Select Sector SPDR', 'sector_etf', 146],
  ['JPM', 'JPMorgan Chase & Co.', 'mega_cap', 198],
  ['BAC', 'Bank of America', 'mega_cap', 37],
  ['NFLX', 'Netflix Inc.', 'mega_cap', 620],
  ['DIS', 'Walt Disney Co.', 'mega_cap', 112],
  ['UBER', 'Uber Technologies', 'high_vol', 71],
  ['SNOW', 'Snowflake Inc.', 'high_vol', 158],
];
const DEMO = new Set(['SPY', 'QQQ', 'IWM', 'AAPL', 'MSFT', 'NVDA', 'TSLA', 'AMZN']);

export const FAKE_UNIVERSE: readonly FakeTicker[] = RAW.map(([ticker, name, kind, base], i) => ({
  ticker,
  name,
  kind,
  base,
  demo: DEMO.has(ticker),
  phase: (i * 2.399) % (2 * Math.PI),
  highVol: kind === 'high_vol',
}));

/**
 * Synthetic symbols X001, X002, … so a watchlist can hold hundreds of tickers (the 500-row
 * benchmark); prices and phases spread so the rows differ.
 */
export const SYNTHETIC_UNIVERSE: readonly FakeTicker[] = Array.from({ length: 600 }, (_, i) => ({
  ticker: `X${String(i + 1).padStart(3, '0')}`,
  name: `Synthetic ${i + 1}`,
  kind: 'imported',
  base: 20 + ((i * 37) % 480),
  demo: false,
  phase: (i * 1.618) % (2 * Math.PI),
  highVol: i % 4 === 0,
}));

export const FAKE_BY_TICKER: ReadonlyMap<string, FakeTicker> = new Map(
  [...FAKE_UNIVERSE, ...SYNTHETIC_UNIVERSE].map((t) => [t.ticker, t]),
);

const round = (value: number, digits = 2): number => Math.round(value * 10 ** digits) / 10 ** digits;
const clamp = (value: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, value));

/** The scalar figures of one ticker at one step: everything else derives from these. */
export interface Quote {
  ticker: string;
  asof: string;
  price: number;
  flip: number;
  gammaRegime: GammaRegime;
  distPct: number;
  atmIv: number;
  ivRank: number;
  score: number;
  tier: OpportunityTier;
  regime: RegimeLabel;
  direction: Direction;
  bias: TradeBias;
  trend: 'up' | 'sideways' | 'down';
  momentum: 'strong' | 'improving' | 'fading';
  extension: 'neutral' | 'oversold';
  rv: 'subdued' | 'contracting' | 'expanding' | 'elevated';
  em1dPct: number;
  em1d: number;
  gexPer1Pct: number;
}

export function tierOf(score: number): OpportunityTier {
  return score >= 7.5 ? 'high' : score >= 5.5 ? 'moderate' : score >= 3.5 ? 'low' : 'pass';
}

export function quoteAt(t: FakeTicker, step: number, asof: string): Quote {
  const s = step + t.phase * 3;
  const price = round(t.base * (1 + 0.025 * Math.sin(s / 4) + 0.008 * Math.sin(s / 1.3)));
  const flip = round(t.base * (1 + 0.004 * Math.cos(t.phase)));
  const gammaRegime: GammaRegime = price > flip ? 'positive' : price < flip ? 'negative' : 'neutral';
  const atmIv = round((t.highVol ? 0.48 : 0.19) + 0.04 * Math.sin(s / 7), 4);
  const ivRank = round(clamp(50 + 45 * Math.sin(s / 9), 0, 100), 1);
  const score = round(clamp(5 + 4.6 * Math.sin(s / 5 + 1), 0, 10), 1);
  const trendValue = Math.sin(s / 11);
  const trend = trendValue > 0.3 ? 'up' : trendValue < -0.3 ? 'down' : 'sideways';
  const vol = atmIv > 0.3;
  const regime: RegimeLabel =
    trend === 'up'
      ? vol
        ? 'trending_high_vol'
        : 'trending_low_vol'
      : trend === 'down'
        ? ivRank > 85
          ? 'flush_panic'
          : vol
            ? 'trending_down_high_vol'
            : 'trending_down_low_vol'
        : vol
          ? 'choppy_volatile'
          : 'range_bound';
  const direction: Direction = trend === 'up' ? 'long' : trend === 'down' ? 'short' : 'neutral';
  const bias: TradeBias =
    regime === 'trending_low_vol'
      ? 'long_breakout'
      : regime === 'trending_high_vol'
        ? 'long_cautious'
        : regime === 'range_bound'
          ? 'fade_premium'
          : regime === 'choppy_volatile'
            ? 'stand_aside'
            : regime === 'flush_panic'
              ? 'reversal_caution'
              : 'short_rally';
  const em1dPct = round(atmIv * Math.sqrt(1 / 252) * 100, 3);
  const m = Math.sin(s / 3);
  return {
    ticker: t.ticker,
    asof,
    price,
    flip,
    gammaRegime,
    distPct: round((price / flip - 1) * 100, 3),
    atmIv,
    ivRank,
    score,
    tier: tierOf(score),
    regime,
    direction,
    bias,
    trend,
    momentum: m > 0.4 ? 'strong' : m > -0.2 ? 'improving' : 'fading',
    extension: Math.sin(s / 2.2) < -0.8 ? 'oversold' : 'neutral',
    rv: (['subdued', 'contracting', 'expanding', 'elevated'] as const)[
      Math.floor(((Math.sin(s / 6) + 1) / 2) * 3.999)
    ]!,
    em1dPct,
    em1d: round((price * em1dPct) / 100),
    gexPer1Pct: round(t.base * 4.2e6 * (price / flip - 1) * 40, 0),
  };
}

const sigma = (q: Quote, days: number): number => q.price * q.atmIv * Math.sqrt(days / 252);

export function signalsOf(q: Quote): SignalsData {
  return {
    ticker: q.ticker,
    asof: q.asof,
    price: q.price,
    gamma_regime: q.gammaRegime,
    gex_flip: q.flip,
    dist_to_gex_flip_pct: q.distPct,
    regime_label: q.regime,
    opportunity_score: q.score,
    opportunity_tier: q.tier,
    trend_state: q.trend,
    momentum_state: q.momentum,
    extension_state: q.extension,
    realized_vol_state: q.rv,
    trend_alignment_state: 'aligned',
    iv_rank: q.ivRank,
    atm_iv: q.atmIv,
    call_regime: q.gammaRegime === 'positive' ? 'call_supported' : 'call_light',
    speculative_interest_score: round(clamp(q.ivRank / 100, 0, 1), 2),
    earnings_date: null,
    earnings_time: null,
    cc_income_tier: tierOf(10 - q.score),
    csp_income_tier: tierOf(q.ivRank / 10),
  };
}

export function keyLevelsOf(q: Quote) {
  return {
    spot: q.price,
    gamma_flip: q.flip,
    plus_1sigma_1d: round(q.price + sigma(q, 1)),
    minus_1sigma_1d: round(q.price - sigma(q, 1)),
    plus_1sigma_1w: round(q.price + sigma(q, 5)),
    minus_1sigma_1w: round(q.price - sigma(q, 5)),
    plus_1sigma_1m: round(q.price + sigma(q, 21)),
    minus_1sigma_1m: round(q.price - sigma(q, 21)),
  };
}

export function marketStructureOf(q: Quote): MarketStructureData {
  const above = q.gammaRegime === 'positive';
  return {
    ticker: q.ticker,
    asof: q.asof,
    headline: above
      ? `${q.ticker} holds above its gamma flip: dealer hedging dampens moves`
      : `${q.ticker} trades below its gamma flip: dealer hedging amplifies moves`,
    signal: above ? 'mean_reversion_favored' : 'trend_extension_risk',
    bias: above ? 'stabilizing' : 'fragile',
    structure_regime: above ? 'positive_gamma_pinned' : 'negative_gamma_unstable',
    expected_behavior: above
      ? 'Moves tend to be absorbed; ranges hold and volatility stays contained.'
      : 'Moves tend to extend; expect wider ranges and faster breaks.',
    tags: [above ? 'positive_gamma' : 'negative_gamma', q.regime],
    confidence: { notes: q.ivRank > 90 ? ['IV rank near the top of its range'] : [] },
    drivers: {
      flip_context: {
        state: above ? 'above_flip' : q.gammaRegime === 'neutral' ? 'at_flip' : 'below_flip',
        label: above ? 'Above flip' : 'Below flip',
        distance_pct: q.distPct,
      },
      gamma_tone: {
        state: above ? 'positive' : 'negative',
        label: above ? 'Positive gamma' : 'Negative gamma',
      },
      skew_tone: { state: 'balanced', label: 'Balanced skew', tags: [] },
      sentiment: above ? 'constructive' : 'cautious',
    },
    key_levels: keyLevelsOf(q),
    supporting_factors: {
      call_regime: above ? 'call_supported' : 'call_light',
      distance_to_flip_pct: q.distPct,
      expected_move_pct_1d: q.em1dPct,
      expected_move_pct_1w: round(q.em1dPct * Math.sqrt(5), 3),
      gamma_flip: q.flip,
      gamma_notional_per_1pct_move_usd: q.gexPer1Pct,
      pcr_oi: 0.92,
      pcr_volume: 1.04,
      pct_gamma_expiring_nearest_expiry: 18.5,
      put_call_25d_iv_premium_pct: 2.4,
      speculative_interest_score: round(clamp(q.ivRank / 100, 0, 1), 2),
      spot: q.price,
    },
  };
}

export function explainOf(q: Quote): ExplainData {
  return {
    ticker: q.ticker,
    asof: q.asof,
    view: 'standard',
    summary: `${q.ticker} is ${q.gammaRegime === 'positive' ? 'above' : 'below'} its gamma flip at ${q.flip}, in a ${q.regime.replaceAll('_', ' ')} regime with IV rank ${q.ivRank}.`,
    bullets: [
      `Distance to flip: ${q.distPct.toFixed(2)} %`,
      `Expected 1-day move: ±${q.em1dPct.toFixed(2)} %`,
      `Opportunity score ${q.score} (${q.tier})`,
    ],
    tags: [q.regime, q.gammaRegime],
  };
}

export function tradeSetupOf(q: Quote): TradeSetupData {
  return {
    ticker: q.ticker,
    asof: q.asof,
    price: q.price,
    gamma_regime: q.gammaRegime,
    speculation_score: round(q.ivRank / 100, 2),
    gamma_flip_price: q.flip,
    dist_to_gex_flip_pct: q.distPct,
    realized_vol_20d: round(q.atmIv * 90, 1),
    atm_iv: q.atmIv,
    iv_rank: q.ivRank,
    put_call_iv_ratio_25delta: 1.08,
    put_call_iv_spread: 0.021,
    trend_state: q.trend,
    momentum_state: q.momentum,
    extension_state: q.extension,
    realized_vol_state: q.rv,
    trend_alignment_state: 'aligned',
    trade_recommendation: {
      model_version: 'fake-1',
      regime_label: q.regime,
      regime_confidence: 0.7,
      trade_bias: q.bias,
      opportunity_score: q.score,
      opportunity_tier: q.tier,
      trade_type: q.tier === 'pass' ? 'pass' : q.direction === 'neutral' ? 'vol_premium' : 'directional',
      direction: q.direction,
      structures:
        q.direction === 'long'
          ? ['bull call spread']
          : q.direction === 'short'
            ? ['bear put spread']
            : ['iron condor'],
      entry_trigger: `Hold above ${q.flip}`,
      stop_description: `Close below ${round(q.flip * 0.98)}`,
      target_description: `+1σ week at ${keyLevelsOf(q).plus_1sigma_1w}`,
      risk: { size_fraction: 0.5, max_risk_pct: 1, prefer_defined_risk: true },
      caution_flags: q.ivRank > 80 ? ['iv_elevated'] : [],
      agent_summary: `${q.direction} bias, ${q.tier} opportunity.`,
    },
  };
}

export function stateOf(q: Quote): TickerStateData {
  return {
    ...tradeSetupOf(q),
    ...signalsOf(q),
    trade_recommendation: undefined,
    gex_usd_per_1_pct_move: q.gexPer1Pct,
  };
}

export function levelsOf(q: Quote): LevelsData {
  const k = keyLevelsOf(q);
  const levels = [
    { label: 'Spot', price: k.spot, kind: 'spot' },
    { label: 'Gamma flip', price: q.flip, kind: 'gamma_flip' },
    { label: '+1σ 1D', price: k.plus_1sigma_1d, kind: 'sigma_1d' },
    { label: '-1σ 1D', price: k.minus_1sigma_1d, kind: 'sigma_1d' },
    { label: '+1σ 1W', price: k.plus_1sigma_1w, kind: 'sigma_1w' },
    { label: '-1σ 1W', price: k.minus_1sigma_1w, kind: 'sigma_1w' },
  ].sort((a, b) => b.price - a.price);
  return { ticker: q.ticker, asof: q.asof, price: q.price, levels };
}

function strikes(q: Quote): number[] {
  const stepSize = q.price > 500 ? 10 : q.price > 100 ? 5 : 1;
  const center = Math.round(q.price / stepSize) * stepSize;
  return Array.from({ length: 31 }, (_, i) => center + (i - 15) * stepSize).filter((k) => k > 0);
}

const bell = (k: number, center: number, width: number): number => Math.exp(-(((k - center) / width) ** 2));

export function gammaCurveOf(q: Quote, expiry: string): GammaCurveData {
  return {
    ticker: q.ticker,
    price: q.price,
    expiry,
    asof: q.asof,
    points: strikes(q).map((strike) => ({
      strike,
      gamma: round(0.05 * bell(strike, q.price, q.price * 0.05), 6),
    })),
  };
}

export function gammaExpirationsOf(q: Quote): GammaExpirationsData {
  return {
    ticker: q.ticker,
    price: q.price,
    asof: q.asof,
    expiries: {
      combined: 'all',
      nearest: '2026-03-06',
      first_weekly: '2026-03-13',
      first_monthly: '2026-03-20',
      all_other_expiries: ['2026-04-17'],
    },
    series_order: ['nearest', 'first_weekly', 'first_monthly', 'all_other_expiries'],
    construction: { all_other_expiries_formula: ALL_OTHER_EXPIRIES_FORMULA },
    points: strikes(q).map((strike) => {
      const nearest = round(0.03 * bell(strike, q.price, q.price * 0.02), 6);
      const weekly = round(0.02 * bell(strike, q.price, q.price * 0.04), 6);
      const monthly = round(0.015 * bell(strike, q.price, q.price * 0.06), 6);
      const other = round(0.01 * bell(strike, q.price, q.price * 0.1), 6);
      return {
        strike,
        nearest,
        first_weekly: weekly,
        first_monthly: monthly,
        all_other_expiries: other,
        combined: round(nearest + weekly + monthly + other, 6),
      };
    }),
  };
}

export function gexByStrikeOf(q: Quote, expiry: string): GexByStrikeData {
  const split = expiry === 'combined';
  return {
    ticker: q.ticker,
    price: q.price,
    expiry,
    asof: q.asof,
    points: strikes(q).map((strike) => {
      const call = round(3e7 * bell(strike, q.price * 1.03, q.price * 0.05), 0);
      const put = round(-2.6e7 * bell(strike, q.price * 0.97, q.price * 0.05), 0);
      return split ? { strike, net: call + put, call, put } : { strike, net: call + put };
    }),
    totals: { gex_flip_price: q.flip, gex_value_per_1pct: q.gexPer1Pct, put_call_oi: 0.92 },
  };
}

export function optionsVolumeOf(q: Quote, expiry: string): OptionsVolumeData {
  const points = strikes(q).map((strike) => {
    const call_volume = Math.round(4000 * bell(strike, q.price * 1.02, q.price * 0.04));
    const put_volume = Math.round(3500 * bell(strike, q.price * 0.98, q.price * 0.04));
    return { strike, call_volume, put_volume, total: call_volume + put_volume };
  });
  const call_volume = points.reduce((a, p) => a + p.call_volume, 0);
  const put_volume = points.reduce((a, p) => a + p.put_volume, 0);
  return {
    ticker: q.ticker,
    asof: q.asof,
    expiry,
    price: q.price,
    points,
    totals: { call_volume, put_volume, total: call_volume + put_volume },
  };
}

export function topSetupsItemOf(q: Quote): TopSetupsItem {
  const rec = tradeSetupOf(q).trade_recommendation!;
  return {
    ticker: q.ticker,
    asof: q.asof,
    opportunity_score: q.score,
    opportunity_tier: q.tier,
    regime_label: q.regime,
    recommended_trade_type: rec.trade_type,
    recommended_direction: q.direction,
    trade_bias: q.bias,
    trade_bias_key: `${q.regime}:${q.bias}`,
    price: q.price,
    iv_rank: q.ivRank,
    ivAtMaxDelta: q.atmIv,
    trend_state: q.trend,
    momentum_state: q.momentum,
    realized_vol_state: q.rv,
    extension_state: q.extension,
    trade_setup: {
      ticker: q.ticker,
      timestamp: q.asof,
      interpreter_version: 'fake-1',
      regime: q.regime,
      regime_confidence: 0.7,
      opportunity_score: q.score,
      opportunity_tier: q.tier,
      trade_type: rec.trade_type,
      trade_bias: q.bias,
      direction: q.direction,
      structures: rec.structures,
      entry_trigger: rec.entry_trigger,
      stop_description: rec.stop_description,
      target_description: rec.target_description,
      size_fraction: 0.5,
      max_risk_pct: 1,
      prefer_defined_risk: true,
      caution_flags: rec.caution_flags,
      missing_fields: [],
      signal_snapshot: {},
      agent_summary: rec.agent_summary,
    },
  };
}

export function incomeItemsOf(q: Quote): IncomeItem[] {
  return (['cc', 'csp'] as const).map((strategy) => {
    const strike = round(strategy === 'cc' ? keyLevelsOf(q).plus_1sigma_1m : keyLevelsOf(q).minus_1sigma_1m);
    const premium = round(q.price * q.atmIv * 0.08, 2);
    const income_score = round(clamp(q.ivRank / 10 - (strategy === 'cc' ? 0.5 : 0), 0, 10), 1);
    return {
      ticker: q.ticker,
      asof: q.asof,
      strategy,
      strike,
      dte: 30,
      premium,
      annualized_yield: round((premium / strike) * (365 / 30), 4),
      assignment_or_cap_price: strike,
      breakeven: round(strategy === 'cc' ? q.price - premium : strike - premium),
      income_score,
      income_tier: tierOf(income_score),
      below_ivr_threshold: q.ivRank < 30,
      reasons: [`IV rank ${q.ivRank}`],
      manage_take_profit_pct: 50,
      manage_review_dte: 21,
      price: q.price,
      iv_rank: q.ivRank,
      earnings_date: null,
      earnings_time: null,
      caveats: ['earnings unknown'],
    };
  });
}
