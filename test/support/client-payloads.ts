// Valid API v2 payloads for the schema and client tests, one factory per resource. Each call
// returns a fresh object (tests mutate them). Figures are internally consistent (spot above the
// flip → positive gamma regime; ±1σ levels from ATM IV), so the invariant checks find nothing.
import { SCHEMA_IDS } from '../../src/shared/api/index.ts';

export const SPOT = 100;
export const FLIP = 95;
export const ATM_IV = 0.25;
export const ASOF_ISO = '2025-03-14T20:00:00Z';
export const ASOF_DISPLAY = '2025-03-14 16:00 ET';

/** spot × iv × sqrt(days/252), in percent of spot. */
export const movePct = (days: number) => ATM_IV * Math.sqrt(days / 252) * 100;
const up = (days: number) => SPOT * (1 + movePct(days) / 100);
const down = (days: number) => SPOT * (1 - movePct(days) / 100);
const distPct = ((SPOT - FLIP) / SPOT) * 100;

const tickerMeta = (schema: string, ticker = 'SPY') => ({ schema, ticker, asof: ASOF_ISO });

export function tradeRecommendation() {
  return {
    model_version: 'trade-setup-1.0.0',
    regime_label: 'trending_low_vol',
    regime_confidence: 0.72,
    trade_bias: 'long_breakout',
    opportunity_score: 7.4,
    opportunity_tier: 'high',
    trade_type: 'directional',
    direction: 'long',
    structures: ['call debit spread', { legs: 2, name: 'bull put spread' }],
    entry_trigger: 'close above 101.5',
    stop_description: 'close below the gamma flip',
    target_description: '+1σ weekly level',
    risk: { size_fraction: 0.5, max_risk_pct: 1, prefer_defined_risk: true },
    caution_flags: ['earnings_in_window'],
    agent_summary: 'Uptrend above the flip with subdued volatility.',
  };
}

export function tradeSetupBlob(ticker = 'SPY', score = 7.4) {
  return {
    ticker,
    timestamp: ASOF_ISO,
    interpreter_version: 'interp-1.0.0',
    regime: 'trending_low_vol',
    regime_confidence: 0.72,
    opportunity_score: score,
    opportunity_tier: 'high',
    trade_type: 'directional',
    trade_bias: 'long_breakout',
    direction: 'long',
    structures: ['call debit spread'],
    entry_trigger: 'close above 101.5',
    stop_description: 'close below the gamma flip',
    target_description: '+1σ weekly level',
    size_fraction: 0.5,
    max_risk_pct: 1,
    prefer_defined_risk: true,
    caution_flags: [],
    missing_fields: [],
    signal_snapshot: { trend_state: 'up', iv_rank: 22 },
    agent_summary: 'Uptrend above the flip.',
  };
}

export function tradeSetupResponse() {
  return {
    meta: tickerMeta(SCHEMA_IDS.tradeSetup),
    data: {
      ticker: 'SPY',
      asof: ASOF_DISPLAY,
      price: SPOT,
      gamma_regime: 'positive',
      speculation_score: 0.31,
      gamma_flip_price: FLIP,
      dist_to_gex_flip_pct: distPct,
      realized_vol_20d: 14.2,
      atm_iv: ATM_IV,
      iv_rank: 22,
      put_call_iv_ratio_25delta: 1.18,
      put_call_iv_spread: 4.1,
      trend_state: 'up',
      momentum_state: 'strong',
      extension_state: 'neutral',
      realized_vol_state: 'subdued',
      trend_alignment_state: 'aligned',
      trade_recommendation: tradeRecommendation(),
    },
  };
}

export function tickerStateResponse() {
  const { trade_recommendation: _omitted, ...state } = tradeSetupResponse().data;
  return {
    meta: tickerMeta(SCHEMA_IDS.tickerState),
    data: {
      ...state,
      gex_flip: FLIP,
      pcr_oi: 1.3,
      pcr_volume: 0.9,
      pct_gamma_expiring: 18.5,
      call_regime: 'call_chasing',
      speculative_interest_score: 0.31,
      opportunity_score: 7.4,
      regime_label: 'trending_low_vol',
      earnings_date: null,
      earnings_time: null,
    },
  };
}

export function marketStructureResponse() {
  return {
    meta: tickerMeta(SCHEMA_IDS.marketStructure),
    data: {
      ticker: 'SPY',
      asof: ASOF_DISPLAY,
      headline: 'Above the flip: dealers dampen moves',
      signal: 'stabilizing',
      bias: 'stabilizing',
      structure_regime: 'positive_gamma_above_flip',
      expected_behavior: 'Moves tend to mean-revert toward heavy strikes.',
      tags: ['positive_gamma', 'above_flip'],
      confidence: { notes: ['full chain'] },
      drivers: {
        flip_context: { state: 'above_flip', label: 'Above the flip', distance_pct: distPct },
        gamma_tone: { state: 'positive', label: 'Positive gamma' },
        skew_tone: { state: 'defensive', label: 'Puts bid', tags: ['put_skew'] },
        sentiment: 'cautiously_bullish',
      },
      key_levels: {
        spot: SPOT,
        gamma_flip: FLIP,
        plus_1sigma_1d: up(1),
        minus_1sigma_1d: down(1),
        plus_1sigma_1w: up(5),
        minus_1sigma_1w: down(5),
        plus_1sigma_1m: up(21),
        minus_1sigma_1m: down(21),
      },
      supporting_factors: {
        call_regime: 'call_chasing',
        distance_to_flip_pct: distPct,
        expected_move_pct_1d: movePct(1),
        expected_move_pct_1w: movePct(5),
        gamma_flip: FLIP,
        gamma_notional_per_1pct_move_usd: 1.2e9,
        pcr_oi: 1.3,
        pcr_volume: 0.9,
        pct_gamma_expiring_nearest_expiry: 18.5,
        put_call_25d_iv_premium_pct: 18,
        speculative_interest_score: 0.31,
        spot: SPOT,
      },
    },
  };
}

export function explainResponse() {
  return {
    meta: tickerMeta(SCHEMA_IDS.explain),
    data: {
      ticker: 'SPY',
      asof: ASOF_DISPLAY,
      view: 'standard',
      summary: 'SPY trades 5 % above its gamma flip.',
      bullets: ['Dealers are long gamma.', 'IV rank is low.'],
      tags: ['positive_gamma'],
    },
  };
}

export function signalsResponse() {
  return {
    meta: tickerMeta(SCHEMA_IDS.signals),
    data: {
      ticker: 'SPY',
      asof: ASOF_DISPLAY,
      price: SPOT,
      gamma_regime: 'positive',
      gex_flip: FLIP,
      dist_to_gex_flip_pct: distPct,
      regime_label: 'trending_low_vol',
      opportunity_score: 7.4,
      opportunity_tier: 'high',
      trend_state: 'up',
      momentum_state: 'strong',
      extension_state: 'neutral',
      realized_vol_state: 'subdued',
      iv_rank: 22,
      atm_iv: ATM_IV,
      call_regime: 'call_chasing',
      speculative_interest_score: 0.31,
      earnings_date: '2025-04-24',
      earnings_time: 'amc',
    },
  };
}

export function seriesResponse() {
  return {
    meta: tickerMeta(SCHEMA_IDS.series),
    data: {
      ticker: 'SPY',
      window: '30d',
      metrics: ['price', 'iv_rank', 'call_regime'],
      points: [
        { date: '2025-03-12', price: 98.5, iv_rank: 25, call_regime: 'neutral' },
        { date: '2025-03-13', price: 99.1, iv_rank: null, call_regime: 'call_chasing' },
        { date: '2025-03-14', price: SPOT, iv_rank: 22, call_regime: 'call_chasing' },
      ],
    },
  };
}

export function gammaCurveResponse() {
  return {
    meta: tickerMeta(SCHEMA_IDS.gammaCurve),
    data: {
      ticker: 'SPY',
      price: SPOT,
      expiry: 'combined',
      asof: ASOF_DISPLAY,
      points: [
        { strike: 95, gamma: 0.012 },
        { strike: 100, gamma: 0.034 },
        { strike: 102.5, gamma: 0.021 },
      ],
    },
  };
}

export function gammaExpirationsResponse() {
  const point = (strike: number, n: number, w: number, m: number, o: number) => ({
    strike,
    combined: n + w + m + o,
    nearest: n,
    first_weekly: w,
    first_monthly: m,
    all_other_expiries: o,
  });
  return {
    meta: tickerMeta(SCHEMA_IDS.gammaExpirations),
    data: {
      ticker: 'SPY',
      price: SPOT,
      asof: ASOF_DISPLAY,
      expiries: {
        combined: 'all',
        nearest: '2025-03-14',
        first_weekly: '2025-03-21',
        first_monthly: '2025-04-17',
        all_other_expiries: ['2025-05-16', '2025-06-20'],
      },
      series_order: ['nearest', 'first_weekly', 'first_monthly', 'all_other_expiries'],
      construction: { all_other_expiries_formula: 'combined - nearest - first_weekly - first_monthly' },
      points: [point(95, 0.004, 0.003, 0.002, 0.003), point(100, 0.011, 0.009, 0.006, 0.008)],
    },
  };
}

export function gexByStrikeResponse() {
  return {
    meta: tickerMeta(SCHEMA_IDS.gexByStrike),
    data: {
      ticker: 'SPY',
      price: SPOT,
      expiry: 'combined',
      asof: ASOF_DISPLAY,
      points: [
        { strike: 95, net: -2.1e7, call: 1.0e7, put: -3.1e7 },
        { strike: 100, net: 5.5e7, call: 7.0e7, put: -1.5e7 },
      ],
      totals: { gex_flip_price: FLIP, gex_value_per_1pct: 3.4e7, put_call_oi: 1.3, call_gex: 8.0e7 },
    },
  };
}

export function levelsResponse() {
  return {
    meta: tickerMeta(SCHEMA_IDS.levels),
    data: {
      ticker: 'SPY',
      asof: ASOF_DISPLAY,
      price: SPOT,
      levels: [
        { label: '+1σ 1W', price: up(5), kind: 'sigma_1w' },
        { label: 'Spot', price: SPOT, kind: 'spot' },
        { label: 'Gamma flip', price: FLIP, kind: 'gamma_flip' },
      ],
    },
  };
}

export function optionsVolumeResponse() {
  return {
    meta: tickerMeta(SCHEMA_IDS.optionsVolume),
    data: {
      ticker: 'SPY',
      asof: ASOF_DISPLAY,
      expiry: '2025-03-21',
      price: SPOT,
      points: [
        { strike: 95, call_volume: 120, put_volume: 800, total: 920 },
        { strike: 100, call_volume: 1500, put_volume: 900, total: 2400 },
      ],
      totals: { call_volume: 1620, put_volume: 1700, total: 3320 },
    },
  };
}

export function topSetupsItem(ticker = 'SPY', score = 7.4) {
  return {
    ticker,
    asof: ASOF_DISPLAY,
    opportunity_score: score,
    opportunity_tier: 'high',
    regime_label: 'trending_low_vol',
    recommended_trade_type: 'directional',
    recommended_direction: 'long',
    trade_bias: 'long_breakout',
    trade_bias_key: 'trending_low_vol:long_breakout',
    price: SPOT,
    iv_rank: 22,
    ivAtMaxDelta: 0.24,
    trend_state: 'up',
    momentum_state: 'strong',
    realized_vol_state: 'subdued',
    trade_setup: tradeSetupBlob(ticker, score),
  };
}

export function topSetupsResponse() {
  const items = [topSetupsItem('SPY', 8.1), topSetupsItem('QQQ', 7.4), topSetupsItem('AAPL', 5)];
  return {
    meta: {
      schema: SCHEMA_IDS.topSetups,
      asof: ASOF_ISO,
      limit: 20,
      min_score: 0,
      count: items.length,
      filters: { regime: ['trending_low_vol'], price_range: [20, null], iv_rank_range: [null, 40] },
      model_versions: { trade_setup: 'interp-1.0.0' },
    },
    data: { items },
  };
}

export function screenerResponse() {
  const base = topSetupsResponse();
  return { ...base, meta: { ...base.meta, extra: { screener: 'momentum_breakout' } } };
}

export function incomeItem(ticker = 'SPY', strategy: 'cc' | 'csp' = 'csp', score = 7.2) {
  return {
    ticker,
    asof: ASOF_DISPLAY,
    strategy,
    strike: strategy === 'csp' ? 95 : 105,
    dte: 30,
    premium: 1.35,
    annualized_yield: 0.17,
    assignment_or_cap_price: strategy === 'csp' ? 95 : 105,
    breakeven: strategy === 'csp' ? 93.65 : 101.35,
    income_score: score,
    income_tier: 'high',
    below_ivr_threshold: false,
    reasons: ['iv_rank 64'],
    manage_take_profit_pct: 50,
    manage_review_dte: 21,
    price: SPOT,
    iv_rank: 64,
    earnings_date: null,
    earnings_time: null,
    caveats: ['earnings unknown'],
  };
}

export function incomeResponse() {
  const items = [incomeItem('SPY', 'csp', 7.2), incomeItem('SPY', 'cc', 6.1), incomeItem('IWM', 'csp', 5.5)];
  return {
    meta: {
      schema: SCHEMA_IDS.incomeSetups,
      asof: ASOF_ISO,
      limit: 10,
      min_income_score: 0,
      type: null,
      count: items.length,
      model_versions: { income_recommender: 'income-1.0.0' },
    },
    data: { items },
  };
}

export function accessResponse() {
  return {
    meta: { schema: SCHEMA_IDS.access, asof: ASOF_ISO },
    data: {
      tiers: [{ name: 'demo', price_usd: 0 }, { name: 'pro' }],
      limits: { requests_per_minute: 60, options_volume_per_minute: 10 },
      demo: { header: 'X-Svc-Demo', symbols: ['SPY', 'QQQ', 'IWM', 'AAPL', 'MSFT', 'NVDA', 'TSLA', 'AMZN'] },
    },
  };
}

export function llmSpecResponse() {
  return {
    meta: { schema: SCHEMA_IDS.llmSpec, asof: ASOF_ISO },
    data: {
      endpoints: [
        { path: '/top-setups', method: 'GET', params: [{ name: 'limit', type: 'int', required: false }] },
        { path: '/access', method: 'GET', params: [] },
      ],
      metric_catalog: { price: { type: 'float', unit: 'usd', meaning: 'underlying last price' } },
      conventions: ['_pct fields are percent units'],
      json_schemas: { 'svc.top_setups.v2': { type: 'object' } },
    },
  };
}

export function errorBody(code: string, message: string, extra: Record<string, unknown> = {}) {
  return { error: { code, message, ...extra } };
}
