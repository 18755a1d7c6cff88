// The market-structure interpreter: the `data` of svc.ticker.market_structure.v2 from one snapshot.
//
// Drivers, each a small table on named thresholds:
// - flip_context: |distance to flip| ≤ 0.5 % → at_flip; above / below otherwise; null without a flip
//   (the schema's choice: the three states all need a flip).
// - gamma_tone: the sign of net GEX at spot, "strong" when dealer gamma is one-sided: |net / gross
//   GEX| ≥ 1/3, i.e. at least two thirds of the dealer gamma at spot has the same sign, so hedging
//   flows add up instead of cancelling. The ratio is dimensionless and independent of the chain's
//   size, tenor and volatility level, so one threshold serves SPY and a small cap alike. Without the
//   ratio (older records) the tone is plain positive/negative; without net gamma it is null.
// - skew_tone: the 25-delta put IV premium over the call: ≥ 10 % defensive, ≤ 0 % upside_leaning.
// - sentiment: from skew, the put/call OI ratio, IV rank, call flow and speculative interest (sentiment.ts).
// Then bias: the flip side and the gamma tone vote; at the flip → neutral; disagreeing → mixed;
// above with long gamma → stabilizing; below with short gamma → fragile.
import type { FlipContextState, GammaToneState, SkewToneState } from '../../../shared/api/enums.ts';
import type { MarketStructureData } from '../../../shared/api/market-structure.ts';
import { displayAsof } from '../../../shared/market-calendar.ts';
import type { TickerMetrics } from '../types.ts';
import { priceLevels, signedPct, usdCompact, type PriceLevels } from './levels.ts';
import { round, roundOrNull } from './series-math.ts';
import { classifyRegime } from './regime.ts';
import { readSentiment, type SentimentRead } from './sentiment.ts';
import { readsAsVolatilityIndex, vixSentiment, vixSkewTone } from './vix-reading.ts';
import { priceText } from './index-points.ts';
import { sentence } from './wording.ts';

export const MARKET_STRUCTURE_VERSION = 'market-structure-1.0.0';

/** |distance to flip| at or below this (percent of spot) is at the flip. */
export const AT_FLIP_PCT = 0.5;
/** |distance to flip| at or below this adds the near_flip tag. */
export const NEAR_FLIP_PCT = 1;
/** |net / gross GEX| at or above this is a strong gamma tone (two thirds of dealer gamma one way). */
export const STRONG_GAMMA_IMBALANCE = 1 / 3;
/** 25-delta put premium over calls, percent: at or above → defensive; at or below → upside_leaning. */
export const SKEW_DEFENSIVE_PCT = 10;
export const SKEW_UPSIDE_PCT = 0;
/** put/call OI ratio at or above which positioning is put-heavy, at or below which call-heavy. */
export const PCR_PUT_HEAVY = 1.2;
export const PCR_CALL_HEAVY = 0.7;
/** Speculative interest (0-1) at or above which call speculation dominates the read. */
export const SPECULATIVE_HIGH = 0.7;
/** Share of gamma in the nearest expiration (percent) at or above which the tape may pin or jump at expiry. */
export const EXPIRY_CONCENTRATION_PCT = 50;

type Drivers = MarketStructureData['drivers'];
type FlipContext = NonNullable<Drivers['flip_context']>;
type GammaTone = NonNullable<Drivers['gamma_tone']>;
type SkewTone = NonNullable<Drivers['skew_tone']>;

export function flipContext(m: TickerMetrics): FlipContext | null {
  const d = m.dist_to_gex_flip_pct;
  if (m.gex_flip === null || d === null) return null;
  // d = (flip − spot) / spot: a flip below spot (d < 0) leaves spot above it.
  const state: FlipContextState =
    Math.abs(d) <= AT_FLIP_PCT ? 'at_flip' : d < 0 ? 'above_flip' : 'below_flip';
  const where =
    state === 'at_flip'
      ? `spot at the gamma flip ${priceText(m.ticker)(m.gex_flip)} (${signedPct(d)})`
      : `spot ${Math.abs(d).toFixed(2)} % ${state === 'above_flip' ? 'above' : 'below'} the gamma flip ${priceText(m.ticker)(m.gex_flip)}`;
  return { state, label: sentence(where), distance_pct: round(d, 2) };
}

export function gammaTone(m: TickerMetrics): GammaTone | null {
  const net = m.gex_usd_per_1_pct_move;
  if (!Number.isFinite(net) || net === 0) return null;
  const long = net > 0;
  const imbalance = m.gex_imbalance ?? null;
  const strong = imbalance !== null && Math.abs(imbalance) >= STRONG_GAMMA_IMBALANCE;
  const state: GammaToneState = strong
    ? long
      ? 'strong_positive'
      : 'strong_negative'
    : long
      ? 'positive'
      : 'negative';
  const share = imbalance === null ? '' : `, ${Math.round(Math.abs(imbalance) * 100)} % net of gross`;
  const label = `dealers ${strong ? 'heavily ' : ''}${long ? 'long' : 'short'} gamma: ${usdCompact(net)} per 1 % move${share}`;
  return { state, label: sentence(label) };
}

export function skewTone(m: TickerMetrics): SkewTone | null {
  if (readsAsVolatilityIndex(m)) return vixSkewTone(m);
  const p = m.put_call_25d_iv_premium_pct;
  if (p === null || !Number.isFinite(p)) return null;
  const state: SkewToneState =
    p >= SKEW_DEFENSIVE_PCT ? 'defensive' : p <= SKEW_UPSIDE_PCT ? 'upside_leaning' : 'balanced';
  const tags =
    state === 'defensive'
      ? ['put_skew', 'hedging_demand']
      : state === 'upside_leaning'
        ? ['call_skew', 'upside_demand']
        : ['normal_skew'];
  const label = `25-delta puts ${signedPct(p, 1)} vs calls: ${
    state === 'defensive'
      ? 'protection bid'
      : state === 'upside_leaning'
        ? 'calls as rich as puts'
        : 'ordinary skew'
  }`;
  return { state, label: sentence(label), tags };
}

/** The sentiment label; the rule and its drivers are in sentiment.ts (fearful needs IV rank ≥ 25). */
export function sentiment(m: TickerMetrics, skew: SkewTone | null): string {
  return sentimentRead(m, skew).label;
}

/** The sentiment and its drivers: VIX read in equity terms (vix-reading.ts), anything else by sentiment.ts. */
function sentimentRead(m: TickerMetrics, skew: SkewTone | null): SentimentRead {
  return readsAsVolatilityIndex(m)
    ? vixSentiment(m, skew?.state ?? null)
    : readSentiment(m, skew?.state ?? null);
}

type Bias = 'stabilizing' | 'neutral' | 'mixed' | 'fragile';

export function structureBias(flip: FlipContext | null, tone: GammaTone | null): Bias {
  if (flip?.state === 'at_flip') return 'neutral';
  const flipVote = flip === null ? 0 : flip.state === 'above_flip' ? 1 : -1;
  const toneVote = tone === null ? 0 : tone.state.endsWith('positive') ? 1 : -1;
  if (flipVote !== 0 && toneVote !== 0 && flipVote !== toneVote) return 'mixed';
  const sum = flipVote + toneVote;
  return sum > 0 ? 'stabilizing' : sum < 0 ? 'fragile' : 'neutral';
}

/** structure_regime → [signal, expected behaviour]. */
const REGIMES: Readonly<Record<string, readonly [string, string]>> = {
  pinned_positive_gamma: [
    'fade_extremes',
    'Dealers are heavily long gamma: they sell rallies and buy dips, so moves are damped and price tends to pin near large open-interest strikes.',
  ],
  positive_gamma: [
    'range_trade',
    'Dealers are long gamma: their hedging leans against moves, so ranges tend to hold and volatility to stay contained.',
  ],
  flip_transition: [
    'watch_flip',
    'Spot sits at the gamma flip: a move through it changes dealer hedging from damping to amplifying (or back), so expect the character of the tape to change on a break.',
  ],
  mixed_gamma: [
    'wait_for_confirmation',
    'Flip position and net gamma disagree: hedging flows are weak or offsetting, so price follows flow and news more than positioning.',
  ],
  negative_gamma: [
    'momentum_risk',
    'Dealers are short gamma: their hedging follows moves, so moves can extend and intraday ranges widen.',
  ],
  unstable_negative_gamma: [
    'breakout_risk',
    'Dealers are heavily short gamma: hedging chases price in both directions, so sharp, trending or gap moves are more likely.',
  ],
  undetermined: ['no_signal', 'Not enough gamma information to say how dealer hedging will affect price.'],
};

function structureRegime(bias: Bias, flip: FlipContext | null, tone: GammaTone | null): string {
  if (flip?.state === 'at_flip') return 'flip_transition';
  if (bias === 'mixed') return 'mixed_gamma';
  if (bias === 'stabilizing')
    return tone?.state === 'strong_positive' ? 'pinned_positive_gamma' : 'positive_gamma';
  if (bias === 'fragile')
    return tone?.state === 'strong_negative' ? 'unstable_negative_gamma' : 'negative_gamma';
  return 'undetermined';
}

function keyLevels(l: PriceLevels): MarketStructureData['key_levels'] {
  return {
    spot: l.spot,
    gamma_flip: roundOrNull(l.flip, 2),
    plus_1sigma_1d: l.d1?.plus ?? null,
    minus_1sigma_1d: l.d1?.minus ?? null,
    plus_1sigma_1w: l.w1?.plus ?? null,
    minus_1sigma_1w: l.w1?.minus ?? null,
    plus_1sigma_1m: l.m1?.plus ?? null,
    minus_1sigma_1m: l.m1?.minus ?? null,
    call_wall: l.callWall,
    put_wall: l.putWall,
    max_pain: l.maxPain,
  };
}

function supportingFactors(m: TickerMetrics): MarketStructureData['supporting_factors'] {
  return {
    call_regime: m.call_regime,
    distance_to_flip_pct: roundOrNull(m.dist_to_gex_flip_pct, 2),
    expected_move_pct_1d: roundOrNull(m.expected_move_pct_1d, 2),
    expected_move_pct_1w: roundOrNull(m.expected_move_pct_1w, 2),
    gamma_flip: roundOrNull(m.gex_flip, 2),
    gamma_notional_per_1pct_move_usd: roundOrNull(m.gex_usd_per_1_pct_move, 0),
    pcr_oi: roundOrNull(m.pcr_oi, 3),
    pcr_volume: roundOrNull(m.pcr_volume, 3),
    pct_gamma_expiring_nearest_expiry: roundOrNull(m.pct_gamma_expiring, 2),
    put_call_25d_iv_premium_pct: roundOrNull(m.put_call_25d_iv_premium_pct, 2),
    speculative_interest_score: roundOrNull(m.speculative_interest_score, 3),
    spot: m.price,
  };
}

function headline(
  m: TickerMetrics,
  flip: FlipContext | null,
  tone: GammaTone | null,
  l: PriceLevels,
): string {
  const px = priceText(m.ticker);
  const where =
    flip === null
      ? 'no gamma flip in range'
      : flip.state === 'at_flip'
        ? `at its gamma flip ${px(m.gex_flip as number)}`
        : `${Math.abs(flip.distance_pct as number).toFixed(2)} % ${flip.state === 'above_flip' ? 'above' : 'below'} its gamma flip ${px(m.gex_flip as number)}`;
  const gamma = tone === null ? 'net gamma unknown' : `${tone.state.replace('_', ' ')} gamma`;
  const range = l.d1 ? `, 1-day 1σ ${px(l.d1.minus)}-${px(l.d1.plus)}` : '';
  return `${m.ticker} ${px(m.price)} ${where}; ${gamma}${range}`;
}

export function interpretMarketStructure(m: TickerMetrics): MarketStructureData {
  const levels = priceLevels(m);
  const flip = flipContext(m);
  const tone = gammaTone(m);
  const skew = skewTone(m);
  const bias = structureBias(flip, tone);
  const regime = structureRegime(bias, flip, tone);
  const [signal, behaviour] = REGIMES[regime] as readonly [string, string];
  const mood = sentiment(m, skew);
  const notes = [...m.notes];
  if (flip === null) notes.push(`flip context unavailable: ${m.gex_flip_reason ?? 'no gamma flip'}`);
  if (tone === null) notes.push('gamma tone unavailable: no net gamma at spot');
  else if (m.gex_imbalance === undefined || m.gex_imbalance === null) {
    notes.push('gamma tone strength unavailable: no net/gross GEX ratio in this record');
  }
  if (skew === null) notes.push('skew tone unavailable: no 25-delta IVs');
  if (m.simulated) notes.push('simulated market data');
  const move = levels.d1 ? ` Expected 1-day 1σ move ±${priceText(m.ticker)(levels.d1.sigma)}.` : '';
  const tags = [regime, bias, `sentiment_${mood}`];
  if (flip) tags.push(flip.state);
  if (tone) tags.push(`gamma_tone_${tone.state}`);
  if (skew) tags.push(`skew_${skew.state}`);
  if (m.dist_to_gex_flip_pct !== null && Math.abs(m.dist_to_gex_flip_pct) <= NEAR_FLIP_PCT)
    tags.push('near_flip');
  if (m.pct_gamma_expiring !== null && m.pct_gamma_expiring >= EXPIRY_CONCENTRATION_PCT)
    tags.push('expiry_concentration');
  if (m.simulated) tags.push('simulated');
  return {
    ticker: m.ticker,
    asof: displayAsof(m.asof),
    headline: sentence(headline(m, flip, tone, levels)),
    signal,
    bias,
    structure_regime: regime,
    expected_behavior: sentence(behaviour + move),
    tags,
    confidence: { notes: notes.map(sentence) },
    drivers: { flip_context: flip, gamma_tone: tone, skew_tone: skew, sentiment: mood },
    key_levels: keyLevels(levels),
    supporting_factors: supportingFactors(m),
    // What made the regime and the sentiment labels (ours, additive: label-drivers.ts).
    label_drivers: [classifyRegime(m).drivers, sentimentRead(m, skew).drivers].flatMap((d) => (d ? [d] : [])),
  };
}
