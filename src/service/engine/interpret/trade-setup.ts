// The trade-setup interpreter: from a snapshot and its regime to the spec's full `trade_setup`
// blob. Deterministic: the same metrics give the same blob, byte for byte.
//
// 1. The playbook maps the regime to a trade bias, trade type, direction and base score.
// 2. Adjustments: no chasing an overbought up-trend (long_cautious), buying a pullback in a calm
//    up-trend (long_cautious), not pressing shorts into an oversold down-trend (reversal_caution,
//    no trade), a quiet range with cheap premium is mean reversion rather than premium selling,
//    and no trend history at all means stand aside.
// 3. The opportunity score (0-10) is the base plus the adjustments of SCORE_TERMS, clamped; a
//    trade type of pass caps it below the low tier. Tiers: ≥ 7 high, ≥ 5 moderate, ≥ 3 low, else pass.
// 4. Risk: size by tier, shrunk by caution flags; defined risk unless the tier is high, gamma is
//    positive and nothing calls for caution.
// 5. Legs: with the snapshot's chain, each structure gets concrete legs and its payoff
//    (setup-legs.ts), or the reason the chain allows none.
// 6. 0DTE: with the levels of an expiration ending on the snapshot's date, same-day structures
//    chosen by the gamma regime (zero-dte-setup.ts).
import type {
  Direction,
  OpportunityTier,
  RegimeLabel,
  TradeBias,
  TradeType,
} from '../../../shared/api/enums.ts';
import type { TradeSetupBlob } from '../../../shared/api/trade-setup-blob.ts';
import { addDays, epochToNy } from '../../../shared/market-calendar.ts';
import { isIndexUnderlying } from '../../../shared/index-underlyings.ts';
import type { OptionChain } from '../chain.ts';
import type { ZeroDte } from '../more-levels.ts';
import type { PricingParams, TickerMetrics } from '../types.ts';
import { isoUtc } from '../../../shared/market-calendar.ts';
import { priceText } from './index-points.ts';
import { priceLevels } from './levels.ts';
import { legsForStructures } from './setup-legs.ts';
import { REGIME_MODEL_VERSION, type RegimeResult } from './regime.ts';
import { clamp, round } from './series-math.ts';
import { tierOf } from './tiers.ts';
import { IV_RANK_CHEAP, IV_RANK_RICH, planTrade } from './trade-plan.ts';
import { sentence, sentenceOrNull } from './wording.ts';
import { zeroDteSetup } from './zero-dte-setup.ts';

export const TRADE_SETUP_INTERPRETER_VERSION = 'trade-setup-1.0.0';

interface PlaybookRow {
  bias: TradeBias;
  tradeType: TradeType;
  direction: Direction;
  base: number;
}

/** Regime → bias, trade type, direction and base opportunity score. */
export const REGIME_PLAYBOOK: Readonly<Record<RegimeLabel, PlaybookRow>> = {
  trending_low_vol: { bias: 'long_breakout', tradeType: 'directional', direction: 'long', base: 6.5 },
  trending_high_vol: { bias: 'long_cautious', tradeType: 'directional', direction: 'long', base: 5 },
  range_bound: { bias: 'fade_premium', tradeType: 'vol_premium', direction: 'neutral', base: 5 },
  choppy_volatile: { bias: 'stand_aside', tradeType: 'pass', direction: 'neutral', base: 2 },
  trending_down_low_vol: { bias: 'short_rally', tradeType: 'directional', direction: 'short', base: 5.5 },
  trending_down_high_vol: { bias: 'short_rally', tradeType: 'directional', direction: 'short', base: 5 },
  flush_panic: { bias: 'reversal_caution', tradeType: 'mean_reversion', direction: 'long', base: 4.5 },
};

/** A setup with trade type pass never scores into the low tier. */
export const PASS_SCORE_CAP = 2.9;
/** Below this IV rank a quiet range is played as mean reversion instead of selling premium. */
export const RANGE_PREMIUM_MIN_IV_RANK = 30;
/** Earnings within this many calendar days fall inside a 30-45 DTE trade. */
export const EARNINGS_WINDOW_DAYS = 45;
/** |distance to the flip| at or below this (percent) is "near the flip". */
export const NEAR_FLIP_PCT = 1;
/** At or above this IV rank, buying options for a directional trade costs a point of score. */
export const IV_RANK_TOO_RICH_TO_BUY = 70;
export const IV_RANK_EXTREME_HIGH = 90;
export const IV_RANK_EXTREME_LOW = 10;
/** |extension_score| at or above this is overextended whatever the direction. */
export const OVEREXTENDED = 3;
/** Regime confidence below this raises low_confidence. */
export const LOW_CONFIDENCE = 0.4;
/** Size by tier (fraction of a normal position) and the account risk of a full-size position (percent). */
export const TIER_SIZE: Readonly<Record<OpportunityTier, number>> = {
  high: 1,
  moderate: 0.6,
  low: 0.3,
  pass: 0,
};
export const FULL_SIZE_RISK_PCT = 2;
/** Each caution flag shrinks the size by this fraction, down to SIZE_CAUTION_FLOOR of the tier size. */
export const SIZE_PER_CAUTION = 0.15;
export const SIZE_CAUTION_FLOOR = 0.5;

/** Score terms (added to the regime's base), by name, for the explanation and the tests. */
export const SCORE_TERMS = {
  alignment: { aligned: 1, mixed: 0, conflicting: -1 },
  momentumWithTrend: { strong: 0.75, improving: 0.5, weak: -0.25, fading: -0.75 },
  momentumAfterFlush: { strong: -1, improving: 0, weak: 0, fading: 1 },
  extensionLong: { overbought: -1, neutral: 0.25, oversold: 0 },
  ivCheapForDirectional: 0.5,
  ivRichForDirectional: -0.5,
  ivUnknown: -0.5,
  /** vol_premium: clamp((iv_rank − 40) / 20, −2, 1.5). */
  premiumPivot: 40,
  premiumScale: 20,
  premiumMin: -2,
  premiumMax: 1.5,
  ivRichAfterFlush: 0.5,
  /** Gamma regime by what the trade needs: calm for longs and premium sellers, fuel for shorts. */
  gammaLong: { positive: 0.5, negative: -0.5 },
  gammaShort: { positive: -0.5, negative: 0.5 },
  gammaPremium: { positive: 1, negative: -1.5 },
  gammaReversal: { positive: 0.5, negative: 0 },
  /** (confidence − 0.5) × this. */
  confidenceWeight: 2,
  caution: { earnings_in_window: -1, low_data_quality: -1.5, near_flip: -0.5 },
  adjustedDowntrendOversold: -1,
} as const;

/** The inputs the interpreter reads; any that is null is reported in missing_fields. */
const WANTED_FIELDS = [
  'atm_iv',
  'iv_rank',
  'realized_vol_20d',
  'trend_score',
  'momentum_score',
  'extension_score',
  'realized_vol_score',
  'gex_flip',
  'expected_move_pct_1w',
  'put_call_25d_iv_ratio',
] as const satisfies readonly (keyof TickerMetrics)[];

interface Choice extends PlaybookRow {
  /** Why the playbook row was changed, for the reader. */
  adjustments: string[];
  /** A pullback bought in an up-trend: faded momentum is the setup, not a flaw. */
  pullback: boolean;
}

function adjust(m: TickerMetrics, regime: RegimeResult): Choice {
  const row = REGIME_PLAYBOOK[regime.label];
  const c: Choice = { ...row, adjustments: [], pullback: false };
  if (m.trend_state === null) {
    return {
      ...c,
      bias: 'stand_aside',
      tradeType: 'pass',
      direction: 'neutral',
      adjustments: ['no trend history'],
    };
  }
  if (regime.label === 'trending_low_vol') {
    if (m.extension_state === 'overbought') {
      c.bias = 'long_cautious';
      c.adjustments.push('overbought: do not chase');
    } else if (m.extension_state === 'oversold' && m.momentum_state === 'fading') {
      c.bias = 'long_cautious';
      c.pullback = true;
      c.adjustments.push('pullback in an up-trend');
    }
  }
  if (
    (regime.label === 'trending_down_low_vol' || regime.label === 'trending_down_high_vol') &&
    m.extension_state === 'oversold'
  ) {
    c.bias = 'reversal_caution';
    c.tradeType = 'pass';
    c.direction = 'neutral';
    c.base += SCORE_TERMS.adjustedDowntrendOversold;
    c.adjustments.push('oversold down-trend: do not press shorts');
  }
  if (regime.label === 'range_bound' && m.iv_rank !== null && m.iv_rank < RANGE_PREMIUM_MIN_IV_RANK) {
    c.tradeType = 'mean_reversion';
    c.adjustments.push(`IV rank below ${RANGE_PREMIUM_MIN_IV_RANK}: premium too cheap to sell`);
  }
  return c;
}

function cautionFlags(m: TickerMetrics, regime: RegimeResult, missing: readonly string[]): string[] {
  const flags: string[] = [];
  const today = epochToNy(m.asof).date;
  if (m.earnings && m.earnings.date >= today && m.earnings.date <= addDays(today, EARNINGS_WINDOW_DAYS)) {
    flags.push('earnings_in_window');
  }
  if (m.gamma_regime === 'negative') flags.push('negative_gamma');
  if (m.dist_to_gex_flip_pct !== null && Math.abs(m.dist_to_gex_flip_pct) <= NEAR_FLIP_PCT)
    flags.push('near_flip');
  if (m.iv_rank !== null && m.iv_rank >= IV_RANK_EXTREME_HIGH) flags.push('iv_rank_extreme_high');
  if (m.iv_rank !== null && m.iv_rank <= IV_RANK_EXTREME_LOW) flags.push('iv_rank_extreme_low');
  if (m.extension_score !== null && Math.abs(m.extension_score) >= OVEREXTENDED) flags.push('overextended');
  const core = ['trend_score', 'iv_rank', 'atm_iv'];
  if (missing.some((f) => core.includes(f))) flags.push('low_data_quality');
  if (regime.confidence < LOW_CONFIDENCE) flags.push('low_confidence');
  return flags;
}

function ivTerm(m: TickerMetrics, c: Choice): number {
  const ivr = m.iv_rank;
  if (ivr === null) return c.tradeType === 'pass' ? 0 : SCORE_TERMS.ivUnknown;
  if (c.tradeType === 'directional') {
    if (ivr < IV_RANK_CHEAP) return SCORE_TERMS.ivCheapForDirectional;
    return ivr >= IV_RANK_TOO_RICH_TO_BUY ? SCORE_TERMS.ivRichForDirectional : 0;
  }
  if (c.tradeType === 'vol_premium') {
    const t = SCORE_TERMS;
    return clamp((ivr - t.premiumPivot) / t.premiumScale, t.premiumMin, t.premiumMax);
  }
  if (c.tradeType === 'mean_reversion' && c.direction === 'long' && ivr >= IV_RANK_RICH)
    return SCORE_TERMS.ivRichAfterFlush;
  return 0;
}

function gammaTerm(m: TickerMetrics, regime: RegimeLabel, c: Choice): number {
  const g = m.gamma_regime;
  if (g !== 'positive' && g !== 'negative') return 0;
  if (regime === 'flush_panic') return SCORE_TERMS.gammaReversal[g];
  if (c.tradeType === 'vol_premium' || c.tradeType === 'mean_reversion') return SCORE_TERMS.gammaPremium[g];
  if (c.direction === 'long') return SCORE_TERMS.gammaLong[g];
  if (c.direction === 'short') return SCORE_TERMS.gammaShort[g];
  return 0;
}

function momentumTerm(m: TickerMetrics, regime: RegimeLabel, c: Choice): number {
  const s = m.momentum_state;
  if (s === null) return 0;
  if (regime === 'flush_panic') return SCORE_TERMS.momentumAfterFlush[s];
  if (c.tradeType !== 'directional') return 0;
  if (c.pullback) return 0;
  return SCORE_TERMS.momentumWithTrend[s];
}

/** The opportunity score, 0-10, one decimal. */
function opportunityScore(
  m: TickerMetrics,
  regime: RegimeResult,
  c: Choice,
  flags: readonly string[],
): number {
  let s = c.base;
  if (c.tradeType === 'directional' && m.trend_alignment_state !== null) {
    s += SCORE_TERMS.alignment[m.trend_alignment_state];
  }
  s += momentumTerm(m, regime.label, c);
  if (c.tradeType === 'directional' && c.direction === 'long' && m.extension_state !== null) {
    s += SCORE_TERMS.extensionLong[m.extension_state];
  }
  s += ivTerm(m, c);
  s += gammaTerm(m, regime.label, c);
  s += (regime.confidence - 0.5) * SCORE_TERMS.confidenceWeight;
  for (const [flag, penalty] of Object.entries(SCORE_TERMS.caution)) if (flags.includes(flag)) s += penalty;
  s = clamp(s, 0, 10);
  if (c.tradeType === 'pass') s = Math.min(s, PASS_SCORE_CAP);
  return round(s, 1);
}

function signalSnapshot(m: TickerMetrics): TradeSetupBlob['signal_snapshot'] {
  return {
    price: m.price,
    atm_iv: m.atm_iv,
    iv_rank: m.iv_rank,
    realized_vol_20d: m.realized_vol_20d,
    gamma_regime: m.gamma_regime,
    gex_flip: m.gex_flip,
    dist_to_gex_flip_pct: m.dist_to_gex_flip_pct,
    expected_move_pct_1w: m.expected_move_pct_1w,
    put_call_25d_iv_ratio: m.put_call_25d_iv_ratio,
    trend_score: m.trend_score,
    momentum_score: m.momentum_score,
    extension_score: m.extension_score,
    realized_vol_score: m.realized_vol_score,
    trend_alignment_score: m.trend_alignment_score,
    trend_state: m.trend_state,
    momentum_state: m.momentum_state,
    extension_state: m.extension_state,
    realized_vol_state: m.realized_vol_state,
    trend_alignment_state: m.trend_alignment_state,
    earnings_date: m.earnings?.date ?? null,
    regime_model_version: REGIME_MODEL_VERSION,
  };
}

function summary(m: TickerMetrics, regime: RegimeResult, s: TradeSetupBlob, driver: string | null): string {
  const head = `${m.ticker} at ${priceText(m.ticker)(m.price)}: ${regime.label.replaceAll('_', ' ')} (confidence ${regime.confidence.toFixed(2)})`;
  const call =
    s.trade_type === 'pass'
      ? `${s.trade_bias.replaceAll('_', ' ')}: no trade (opportunity ${s.opportunity_score}/10)${driver ? `, ${driver}` : ''}.`
      : `${s.trade_bias.replaceAll('_', ' ')}: ${s.trade_type.replaceAll('_', ' ')} ${s.direction}, opportunity ${s.opportunity_score}/10 (${s.opportunity_tier}), ${s.structures[0] as string}.`;
  const cautions =
    s.caution_flags.length > 0 ? ` Cautions: ${s.caution_flags.join(', ').replaceAll('_', ' ')}.` : '';
  return `${head}. ${call}${cautions}`;
}

/**
 * With `chain`, each structure carries its concrete legs (`structure_legs`); without, the blob is as
 * before. With the chain and its 0DTE levels (more-levels.ts), the same-day structures too.
 */
export function interpretTradeSetup(
  m: TickerMetrics,
  regime: RegimeResult,
  chain?: OptionChain,
  pricing?: PricingParams,
  zeroDte: ZeroDte | null = null,
): TradeSetupBlob {
  const missing: string[] = WANTED_FIELDS.filter((f) => m[f] === null);
  const flags = cautionFlags(m, regime, missing);
  const choice = adjust(m, regime);
  const score = opportunityScore(m, regime, choice, flags);
  const tier = tierOf(score);
  // The two always agree: a pass trade type caps the score into the pass tier, and a pass tier is no trade.
  const pass = tier === 'pass';
  const tradeType: TradeType = pass ? 'pass' : choice.tradeType;
  const direction: Direction = pass ? 'neutral' : choice.direction;
  const bias: TradeBias = pass && choice.bias !== 'reversal_caution' ? 'stand_aside' : choice.bias;
  const preferDefinedRisk = flags.length > 0 || tier !== 'high' || m.gamma_regime !== 'positive';
  const plan = planTrade({
    tradeType,
    direction,
    bias,
    ivRank: m.iv_rank,
    gammaNegative: m.gamma_regime === 'negative',
    preferDefinedRisk,
    levels: priceLevels(m),
    index: isIndexUnderlying(m.ticker),
  });
  const sizeFraction = round(
    TIER_SIZE[tier] * Math.max(SIZE_CAUTION_FLOOR, 1 - SIZE_PER_CAUTION * flags.length),
    2,
  );
  const blob: TradeSetupBlob = {
    ticker: m.ticker,
    timestamp: isoUtc(m.asof),
    interpreter_version: TRADE_SETUP_INTERPRETER_VERSION,
    regime: regime.label,
    regime_confidence: regime.confidence,
    opportunity_score: score,
    opportunity_tier: tier,
    trade_type: tradeType,
    trade_bias: bias,
    direction,
    ...plan,
    entry_trigger: sentenceOrNull(plan.entry_trigger),
    stop_description: sentenceOrNull(plan.stop_description),
    target_description: sentenceOrNull(plan.target_description),
    size_fraction: sizeFraction,
    max_risk_pct: round(FULL_SIZE_RISK_PCT * sizeFraction, 2),
    prefer_defined_risk: preferDefinedRisk,
    caution_flags: flags,
    missing_fields: missing,
    signal_snapshot: signalSnapshot(m),
    agent_summary: '',
    ...(chain === undefined
      ? {}
      : {
          structure_legs: legsForStructures(plan.structures, {
            chain,
            atmIv: m.atm_iv,
            ...(pricing ? { pricing } : {}),
          }),
        }),
  };
  const sameDay =
    chain === undefined
      ? null
      : zeroDteSetup({
          chain,
          levels: zeroDte,
          gammaRegime: m.gamma_regime,
          direction,
          maxPain: m.max_pain,
          atmIv: m.atm_iv,
          ...(pricing ? { pricing } : {}),
        });
  if (sameDay !== null) blob.zero_dte_setup = sameDay;
  blob.agent_summary = sentence(summary(m, regime, blob, pass ? passDriver(m, regime, choice, flags) : null));
  return blob;
}

/**
 * What decided a pass ("stand aside: no trade"), in words a trader can act on: too little history
 * for a trend (with what it has and needs), a regime whose playbook stands aside, or a score the
 * cautions held in the pass tier.
 */
export function passDriver(
  m: TickerMetrics,
  regime: RegimeResult,
  choice: Choice,
  flags: readonly string[],
): string {
  if (choice.adjustments.includes('no trend history')) {
    const t = m.history_pending?.trend;
    return t
      ? `decided by the trend: it needs ${t.needed} daily closes and ${t.stored} are stored (a price history file gives them at once)`
      : 'decided by the trend: there is no trend history yet';
  }
  if (REGIME_PLAYBOOK[regime.label].tradeType === 'pass')
    return `decided by the regime: ${regime.label.replaceAll('_', ' ')} has no edge either way`;
  const held = flags.length > 0 ? `, held down by ${flags.join(', ').replaceAll('_', ' ')}` : '';
  return `decided by the score: ${regime.label.replaceAll('_', ' ')} scores in the pass tier${held}`;
}
