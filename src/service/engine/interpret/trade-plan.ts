// The concrete side of a trade setup: which option structures fit (by trade type, direction, IV
// rank, gamma regime and whether defined risk is preferred), and the entry, stop and target
// descriptions quoted at real price levels (spot, the gamma flip, the ±1σ bands).
import type { Direction, TradeBias, TradeType } from '../../../shared/api/enums.ts';
import type { PriceLevels } from './levels.ts';
import { points } from './index-points.ts';
import { usd } from './levels.ts';
import { round } from './series-math.ts';

/** IV rank below which buying premium is cheap, at or above which selling it is rich. */
export const IV_RANK_CHEAP = 30;
export const IV_RANK_RICH = 60;
/** A stop at the gamma flip is used when the flip lies within this many weekly σ on the stop side. */
export const FLIP_STOP_MAX_SIGMAS = 1.5;

export interface PlanInput {
  tradeType: TradeType;
  direction: Direction;
  bias: TradeBias;
  ivRank: number | null;
  gammaNegative: boolean;
  preferDefinedRisk: boolean;
  levels: PriceLevels;
  /** A cash-settled index: a short put settles in cash, so it is not "cash-secured" stock to own. */
  index?: boolean;
}

export interface TradePlan {
  structures: string[];
  entry_trigger: string | null;
  stop_description: string | null;
  target_description: string | null;
}

/**
 * Structures by trade type and direction:
 *  - directional: IV rank < 30 → long option 45-60 DTE plus a debit spread; 30-60 → debit spread;
 *    ≥ 60 → a credit spread on the far side of −1σ/+1σ (sell the rich premium); unknown → debit spread.
 *  - mean_reversion long (after a flush): IV rank ≥ 60 → bull put credit spread below −1σ, plus a
 *    cash-secured put unless defined risk is preferred (on an index, a cash-settled short put: no
 *    shares are put to you); otherwise a call debit spread.
 *  - mean_reversion neutral (a quiet range with cheap premium): a calendar at the money.
 *  - vol_premium: an iron condor outside 1σ; a short strangle too when undefined risk is acceptable.
 */
export function chooseStructures(p: Omit<PlanInput, 'levels' | 'bias'>): string[] {
  const ivr = p.ivRank;
  switch (p.tradeType) {
    case 'pass':
      return [];
    case 'directional': {
      const long = p.direction === 'long';
      const [opt, debit, credit] = long
        ? [
            'long call 45-60 DTE (~0.60 delta)',
            'call debit spread 30-45 DTE',
            'bull put credit spread 30-45 DTE below -1σ',
          ]
        : [
            'long put 45-60 DTE (~0.60 delta)',
            'put debit spread 30-45 DTE',
            'bear call credit spread 30-45 DTE above +1σ',
          ];
      if (ivr === null) return [debit];
      if (ivr < IV_RANK_CHEAP) return p.preferDefinedRisk && p.gammaNegative ? [debit] : [opt, debit];
      if (ivr < IV_RANK_RICH) return [debit];
      return [credit];
    }
    case 'mean_reversion':
      if (p.direction === 'neutral') return ['call or put calendar at the money, 30/60 DTE'];
      if (ivr !== null && ivr >= IV_RANK_RICH) {
        const put = 'bull put credit spread 30-45 DTE below -1σ';
        const naked =
          p.index === true ? 'cash-settled short put 30-45 DTE at -1σ' : 'cash-secured put 30-45 DTE at -1σ';
        return p.preferDefinedRisk ? [put] : [put, naked];
      }
      return ['call debit spread 30-45 DTE'];
    case 'vol_premium':
      return p.preferDefinedRisk
        ? ['iron condor outside 1σ 30-45 DTE']
        : ['short strangle outside 1σ 30-45 DTE', 'iron condor outside 1σ 30-45 DTE'];
  }
}

/** The protective level on the stop side: the flip when it is close enough on that side, else 1σ weekly. */
function stopLevel(levels: PriceLevels, side: 'below' | 'above'): { price: number; why: string } | null {
  const { spot, flip, w1 } = levels;
  if (w1 === null) return null;
  const flipOnSide = flip !== null && (side === 'below' ? flip < spot : flip > spot);
  if (flipOnSide && Math.abs(spot - (flip as number)) <= FLIP_STOP_MAX_SIGMAS * w1.sigma) {
    return { price: flip as number, why: 'gamma flip' };
  }
  return side === 'below' ? { price: w1.minus, why: '-1σ 1w' } : { price: w1.plus, why: '+1σ 1w' };
}

/** Formats a price level in the underlying's unit. */
type Fmt = (x: number) => string;

const at = (fmt: Fmt, price: number, why: string): string => `${fmt(price)} (${why})`;

function directionalLong(bias: TradeBias, l: PriceLevels, fmt: Fmt): Omit<TradePlan, 'structures'> {
  const { spot, flip, w1, m1 } = l;
  const above = flip !== null && flip < spot ? `, with spot holding above the gamma flip ${fmt(flip)}` : '';
  if (w1 === null) {
    return {
      entry_trigger: `daily close above ${fmt(spot)} with momentum confirmation${above}`,
      stop_description:
        flip !== null && flip < spot
          ? `daily close below ${at(fmt, flip, 'gamma flip')}`
          : 'daily close below the prior swing low',
      target_description: 'trail the stop; expected-move levels unavailable without ATM IV',
    };
  }
  const breakout = round(spot + w1.sigma / 4, 2);
  const pullback = round(spot - w1.sigma / 2, 2);
  const stop = stopLevel(l, 'below') as { price: number; why: string };
  return {
    entry_trigger:
      bias === 'long_breakout'
        ? `daily close above ${at(fmt, breakout, 'spot + ¼σ 1w')}${above}`
        : `pullback toward ${at(fmt, pullback, 'spot - ½σ 1w')} that holds, or a daily close above ${fmt(breakout)}${above}`,
    stop_description: `daily close below ${at(fmt, stop.price, stop.why)}`,
    target_description: `${at(fmt, w1.plus, '+1σ 1w')}, then ${m1 ? at(fmt, m1.plus, '+1σ 1m') : 'trail the stop'}`,
  };
}

function directionalShort(l: PriceLevels, fmt: Fmt): Omit<TradePlan, 'structures'> {
  const { spot, flip, w1, m1 } = l;
  const below = flip !== null && flip > spot ? `, with spot held below the gamma flip ${fmt(flip)}` : '';
  if (w1 === null) {
    return {
      entry_trigger: `a failed rally, or a daily close below ${fmt(spot)}${below}`,
      stop_description:
        flip !== null && flip > spot
          ? `daily close above ${at(fmt, flip, 'gamma flip')}`
          : 'daily close above the prior swing high',
      target_description: 'trail the stop; expected-move levels unavailable without ATM IV',
    };
  }
  const rally = round(spot + w1.sigma / 2, 2);
  const breakdown = round(spot - w1.sigma / 4, 2);
  const stop = stopLevel(l, 'above') as { price: number; why: string };
  return {
    entry_trigger: `a rally toward ${at(fmt, rally, 'spot + ½σ 1w')} that fails, or a daily close below ${fmt(breakdown)}${below}`,
    stop_description: `daily close above ${at(fmt, stop.price, stop.why)}`,
    target_description: `${at(fmt, w1.minus, '-1σ 1w')}, then ${m1 ? at(fmt, m1.minus, '-1σ 1m') : 'trail the stop'}`,
  };
}

function reversalLong(l: PriceLevels, fmt: Fmt): Omit<TradePlan, 'structures'> {
  const { spot, flip, d1, w1 } = l;
  const reclaim = d1 ? at(fmt, round(spot + d1.sigma / 2, 2), 'spot + ½σ 1d') : fmt(spot);
  const target =
    flip !== null && flip > spot
      ? at(fmt, flip, 'gamma flip')
      : w1
        ? at(fmt, w1.plus, '+1σ 1w')
        : 'the 20-day mean';
  return {
    entry_trigger: `after a down day, a reclaim of ${reclaim} that holds into the close`,
    stop_description: w1 ? `new closing low below ${at(fmt, w1.minus, '-1σ 1w')}` : 'a new closing low',
    target_description: `mean reversion toward ${target}`,
  };
}

function rangeNeutral(tradeType: TradeType, l: PriceLevels, fmt: Fmt): Omit<TradePlan, 'structures'> {
  const { spot, w1 } = l;
  if (w1 === null) {
    return {
      entry_trigger: `spot near ${fmt(spot)} with no directional break`,
      stop_description: 'a daily close outside the recent range',
      target_description:
        tradeType === 'vol_premium'
          ? '50 % of the credit, or close at 21 DTE'
          : `drift back toward ${fmt(spot)}`,
    };
  }
  const lo = round(spot - w1.sigma / 2, 2);
  const hi = round(spot + w1.sigma / 2, 2);
  return {
    entry_trigger: `open with spot between ${fmt(lo)} and ${fmt(hi)} (±½σ 1w)`,
    stop_description: `daily close outside ${fmt(w1.minus)}-${fmt(w1.plus)} (±1σ 1w)${tradeType === 'vol_premium' ? ', or a loss of 2× the credit' : ''}`,
    target_description:
      tradeType === 'vol_premium'
        ? '50 % of the credit, or close at 21 DTE'
        : `spot pinned near ${fmt(spot)} into the front expiry`,
  };
}

export function planTrade(p: PlanInput): TradePlan {
  const structures = chooseStructures(p);
  if (p.tradeType === 'pass') {
    return { structures, entry_trigger: null, stop_description: null, target_description: null };
  }
  // Index levels are points ("6,016.48"), a stock's are dollars.
  const fmt: Fmt = p.index ? points : usd;
  const texts =
    p.tradeType === 'directional'
      ? p.direction === 'short'
        ? directionalShort(p.levels, fmt)
        : directionalLong(p.bias, p.levels, fmt)
      : p.tradeType === 'mean_reversion' && p.direction === 'long'
        ? reversalLong(p.levels, fmt)
        : rangeNeutral(p.tradeType, p.levels, fmt);
  return { structures, ...texts };
}
