// The income recommender: up to one covered call (cc) and one cash-secured put (csp) per snapshot,
// each on the listed strike just beyond a 1σ move for the expiration nearest 30 days.
//
// - Expiration: the one whose calendar DTE is nearest 30 within 20-50 (ties: the shorter); none → no items.
// - Strike: 1σ = spot × ATM IV × √(dte / 365); the first listed strike at or beyond spot ± 1σ (calls
//   above for cc, puts below for csp) that can be priced.
// - Premium: the bid/ask mid when both sides are valid (bid > 0, ask ≥ bid), else Black-Scholes at
//   the contract's own IV; under $0.01 the strike is skipped.
// - annualized_yield, a plain ratio (no `_pct` suffix, so by the spec's conventions 0.061 means 6.1 %):
//   premium / capital × 365 / dte, capital = spot (cc) or strike (csp).
// - income_score, 0-10: 1 + 0.07 × IV rank (IV rank leads: 1 at rank 0, 8 at rank 100; 3 when unknown)
//   + min(yield / 20 %, 1) + the regime fit of REGIME_FIT − 2 when earnings fall inside the window.
//   A very low yield (under VERY_LOW_YIELD_PCT a year) caps the score just under the moderate tier:
//   however rich IV rank looks, 1-2 % a year for taking assignment risk is never better than "low".
//   Regime guards: a csp into a high-vol down-trend or a panic flush, and a cc into an up-trend with
//   strong momentum, are unavailable and dropped; milder conflicts are penalized through REGIME_FIT.
// - A cash-settled index (SPX, NDX, RUT…) has no shares: never a covered call; its short put settles
//   in cash at expiry, so the row is a "cash-settled short put" (strategy csp, settlement cash).
// - Each row also carries its contract as quoted: expiration, delta (Black-Scholes at the contract's
//   IV), bid, ask, open interest, and period_yield = premium / capital (not annualized).
import type { IncomeStrategy, RegimeLabel } from '../../../shared/api/enums.ts';
import type { IncomeItem } from '../../../shared/api/income.ts';
import { addDays, epochToNy } from '../../../shared/market-calendar.ts';
import { displayAsof } from '../../../shared/market-calendar.ts';
import { isIndexUnderlying } from '../../../shared/index-underlyings.ts';
import { hasValidIv, yearsToExpiry, type OptionChain } from '../chain.ts';
import { bsDelta, bsPrice } from '../pricing.ts';
import { quotedUnderlying } from '../forward.ts';
import { DEFAULT_PRICING, type EarningsEvent, type PricingParams, type TickerMetrics } from '../types.ts';
import { usd } from './levels.ts';
import { calendarDays } from './listed-dates.ts';
import type { RegimeResult } from './regime.ts';
import { clamp, round } from './series-math.ts';
import { tierOf } from './tiers.ts';
import { sentence } from './wording.ts';

export const INCOME_RECOMMENDER_VERSION = 'income-1.0.0';

export const TARGET_DTE = 30;
export const MIN_DTE = 20;
export const MAX_DTE = 50;
export const IVR_THRESHOLD = 30;
export const MIN_PREMIUM = 0.01;
export const SCORE_BASE = 1;
export const SCORE_PER_IV_RANK = 0.07;
export const SCORE_UNKNOWN_IV_RANK = 3;
/** An annualized yield of this many percent earns the whole yield point. */
export const FULL_YIELD_PCT = 20;
/** An annualized yield under this many percent never rates above "low" (not "moderate" at 0.9 %). */
export const VERY_LOW_YIELD_PCT = 2;
/** The highest score that is still "low" (tiers.ts: moderate from 5). */
const LOW_TIER_CEILING = 4.9;
export const EARNINGS_WINDOW_DAYS = 30;
export const EARNINGS_PENALTY = 2;
export const TAKE_PROFIT_PCT = 50;
export const REVIEW_DTE = 21;

/** Score adjustment by regime and strategy; 'drop' makes the strategy unavailable. */
export const REGIME_FIT: Readonly<Record<RegimeLabel, Readonly<Record<IncomeStrategy, number | 'drop'>>>> = {
  range_bound: { cc: 1, csp: 1 },
  trending_low_vol: { cc: -1, csp: 0.5 },
  trending_high_vol: { cc: -0.5, csp: 0 },
  choppy_volatile: { cc: 0, csp: -0.5 },
  trending_down_low_vol: { cc: 0.5, csp: -2 },
  trending_down_high_vol: { cc: 0, csp: 'drop' },
  flush_panic: { cc: -1, csp: 'drop' },
};

/** Index of the expiration nearest TARGET_DTE within [MIN_DTE, MAX_DTE], with its DTE, or null. */
export function pickExpiration(chain: OptionChain): { index: number; dte: number } | null {
  const today = epochToNy(chain.asof).date;
  let best: { index: number; dte: number } | null = null;
  chain.expirations.forEach((e, index) => {
    const dte = calendarDays(today, e.date);
    if (dte < MIN_DTE || dte > MAX_DTE) return;
    if (best === null || Math.abs(dte - TARGET_DTE) < Math.abs(best.dte - TARGET_DTE)) best = { index, dte };
  });
  return best;
}

interface Priced {
  strike: number;
  premium: number;
  source: 'mid' | 'model';
  /** The contract's row in the chain. */
  i: number;
  delta: number | null;
}

/** The first priceable strike at or beyond `edge`, walking outward from spot. */
function pickStrike(
  chain: OptionChain,
  expiry: number,
  isCall: boolean,
  edge: number,
  pricing: PricingParams,
): Priced | null {
  const idx: number[] = [];
  for (let i = 0; i < chain.size; i++) {
    if (chain.expiryIndex[i] !== expiry || chain.isCall[i] !== (isCall ? 1 : 0)) continue;
    const k = chain.strike[i] as number;
    if (isCall ? k >= edge : k <= edge) idx.push(i);
  }
  idx.sort((a, b) => (isCall ? 1 : -1) * ((chain.strike[a] as number) - (chain.strike[b] as number)));
  const t = yearsToExpiry(chain.expirations[expiry] as OptionChain['expirations'][number], chain.asof);
  for (const i of idx) {
    const strike = chain.strike[i] as number;
    const bid = chain.bid[i] as number;
    const ask = chain.ask[i] as number;
    const iv = chain.iv[i] as number;
    // Where options settle on a future (VIX), priced and its delta quoted against it (forward.ts).
    const bs = { ...quotedUnderlying(chain, pricing, expiry, t), strike, t, sigma: iv };
    const delta = hasValidIv(iv) ? round(bsDelta(bs, isCall), 3) : null;
    let priced: Priced | null = null;
    if (bid > 0 && ask >= bid && Number.isFinite(ask))
      priced = { strike, premium: (bid + ask) / 2, source: 'mid', i, delta };
    else if (hasValidIv(iv)) priced = { strike, premium: bsPrice(bs, isCall), source: 'model', i, delta };
    if (priced && priced.premium >= MIN_PREMIUM) return { ...priced, premium: round(priced.premium, 2) };
  }
  return null;
}

interface EarningsRead {
  /** The scheduled event, null when unknown or stale. */
  event: EarningsEvent | null;
  inWindow: boolean;
  caveat: string;
}

function readEarnings(m: TickerMetrics, today: string, expiration: string): EarningsRead {
  const e = m.earnings;
  if (e === null) {
    return m.simulated
      ? { event: null, inWindow: false, caveat: 'earnings checked: none scheduled in the calendar' }
      : {
          event: null,
          inWindow: false,
          caveat: 'earnings unknown: no calendar for this source, not penalized',
        };
  }
  if (e.date < today) {
    return {
      event: null,
      inWindow: false,
      caveat: `earnings unknown: the last known date ${e.date} is stale`,
    };
  }
  const windowEnd = addDays(today, EARNINGS_WINDOW_DAYS);
  const end = expiration > windowEnd ? expiration : windowEnd;
  if (e.date >= today && e.date <= end) {
    return {
      event: e,
      inWindow: true,
      caveat: `earnings penalized: ${e.date} (${e.time}) falls inside the window, score -${EARNINGS_PENALTY}`,
    };
  }
  return {
    event: e,
    inWindow: false,
    caveat: `earnings checked: next on ${e.date} (${e.time}), outside the window`,
  };
}

/** A vendor's quote field as served: a finite non-negative number, else null. */
const quoteOrNull = (x: number): number | null => (Number.isFinite(x) && x >= 0 ? x : null);

export function recommendIncome(
  m: TickerMetrics,
  chain: OptionChain,
  regime: RegimeResult,
  pricing: PricingParams = DEFAULT_PRICING,
): IncomeItem[] {
  const spot = chain.spot;
  const iv = m.atm_iv;
  if (!(spot > 0) || iv === null || !(iv > 0)) return [];
  const picked = pickExpiration(chain);
  if (picked === null) return [];
  const { index, dte } = picked;
  const expiration = (chain.expirations[index] as OptionChain['expirations'][number]).date;
  const today = epochToNy(chain.asof).date;
  const sigma = spot * iv * Math.sqrt(dte / 365);
  const earnings = readEarnings(m, today, expiration);
  const onIndex = isIndexUnderlying(m.ticker);
  const items: IncomeItem[] = [];
  // An index has no shares to cover a call with.
  for (const strategy of onIndex ? (['csp'] as const) : (['cc', 'csp'] as const)) {
    let fit = REGIME_FIT[regime.label][strategy];
    const uptrendStrong =
      strategy === 'cc' &&
      (regime.label === 'trending_low_vol' || regime.label === 'trending_high_vol') &&
      m.momentum_state === 'strong';
    if (uptrendStrong) fit = 'drop';
    if (fit === 'drop') continue;
    const isCall = strategy === 'cc';
    const priced = pickStrike(chain, index, isCall, isCall ? spot + sigma : spot - sigma, pricing);
    if (priced === null) continue;
    const capital = isCall ? spot : priced.strike;
    const yieldPct = (priced.premium / capital) * (365 / dte) * 100;
    const reasons: string[] = [];
    let score: number;
    if (m.iv_rank === null) {
      score = SCORE_UNKNOWN_IV_RANK;
      reasons.push('IV rank unknown (no history): neutral base score');
    } else {
      score = SCORE_BASE + SCORE_PER_IV_RANK * m.iv_rank;
      reasons.push(
        `IV rank ${m.iv_rank.toFixed(0)}${m.iv_rank >= IVR_THRESHOLD ? '' : ` below ${IVR_THRESHOLD}: thin premium`}`,
      );
    }
    score += Math.min(yieldPct / FULL_YIELD_PCT, 1);
    score += fit;
    if (fit !== 0) reasons.push(`regime ${regime.label}: ${fit > 0 ? '+' : ''}${fit} for a ${strategy}`);
    if (earnings.inWindow) {
      score -= EARNINGS_PENALTY;
      reasons.push(
        `earnings ${(earnings.event as EarningsEvent).date} inside the window: -${EARNINGS_PENALTY}`,
      );
    }
    if (yieldPct < VERY_LOW_YIELD_PCT && score > LOW_TIER_CEILING) {
      score = LOW_TIER_CEILING;
      reasons.push(
        `Annualized yield under ${VERY_LOW_YIELD_PCT} % a year: rated no better than low, whatever the IV rank`,
      );
    }
    score = round(clamp(score, 0, 10), 1);
    const label = isCall ? 'covered call' : onIndex ? 'cash-settled short put' : 'cash-secured put';
    if (onIndex && !isCall)
      reasons.push('index option: the short put settles in cash at expiry, no shares are put to you');
    reasons.push(
      `${isCall ? 'call' : 'put'} ${usd(priced.strike)} is the listed strike beyond ${isCall ? '+' : '-'}1σ (${usd(sigma)}) at ${dte} DTE (${expiration})`,
      `premium ${usd(priced.premium)} from ${priced.source === 'mid' ? 'the bid/ask mid' : "Black-Scholes at the contract's IV (no two-sided quote)"}`,
      `annualized yield ${yieldPct.toFixed(1)} % on ${usd(capital)} of capital`,
    );
    items.push({
      ticker: m.ticker,
      asof: displayAsof(m.asof),
      strategy,
      strike: priced.strike,
      dte,
      premium: priced.premium,
      annualized_yield: round(yieldPct / 100, 4),
      assignment_or_cap_price: priced.strike,
      breakeven: round(Math.max(0, (isCall ? spot : priced.strike) - priced.premium), 2),
      income_score: score,
      income_tier: tierOf(score),
      below_ivr_threshold: m.iv_rank === null || m.iv_rank < IVR_THRESHOLD,
      reasons: reasons.map(sentence),
      manage_take_profit_pct: TAKE_PROFIT_PCT,
      manage_review_dte: REVIEW_DTE,
      price: spot,
      iv_rank: m.iv_rank,
      earnings_date: earnings.event?.date ?? null,
      earnings_time: earnings.event?.time ?? null,
      caveats: [sentence(earnings.caveat)],
      expiration,
      delta: priced.delta,
      bid: quoteOrNull(chain.bid[priced.i] as number),
      ask: quoteOrNull(chain.ask[priced.i] as number),
      open_interest: quoteOrNull(chain.openInterest[priced.i] as number),
      premium_source: priced.source,
      capital_per_share: capital,
      period_yield: round(priced.premium / capital, 4),
      settlement: onIndex ? 'cash' : 'physical',
      strategy_label: label,
    });
  }
  return items;
}
