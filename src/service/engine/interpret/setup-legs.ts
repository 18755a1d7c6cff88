// Concrete legs for the structures a trade setup names, read off the snapshot's own chain, so a
// "call debit spread 30-45 DTE" comes with its expiration, strikes, quotes and payoff.
//
// Rules (stated here, in docs/engine-conventions.md and in each result's `rule`):
// - A contract can be a leg only with a two-sided quote (bid > 0, ask > bid), open interest > 0 and
//   a usable IV (its delta is Black-Scholes at that IV). Its price is the mid, (bid + ask) / 2.
// - Expiration (listed-dates.ts): the listed date nearest the middle of the structure's DTE window
//   (calendar days from the snapshot's New York date; ties: the shorter) where every leg finds a
//   contract, the next nearest when one does not, between half the window's low end and twice its
//   high end. A date outside the window is used, and `expiration_note` says so.
// - Strikes, by structure:
//   long call / long put: |delta| nearest 0.60.
//   debit spread: long leg |delta| nearest 0.50; short leg |delta| nearest 0.25, further out of the
//     money than the long leg.
//   credit spread: short leg the first strike at or beyond spot ∓ 1σ, walking out from spot; long leg
//     the first at or beyond spot ∓ 1.5σ, further out than the short. 1σ = spot × ATM IV × √(dte/365).
//   short put (cash-secured, or cash-settled on an index): the first strike at or below spot − 1σ.
//   iron condor: the two credit spreads; short strangle: the two short legs.
//   calendar: calls at the strike nearest spot, sold at the date nearest 30 DTE (20-40 on target) and
//     bought at a later date nearest 60 DTE (50-75 on target); two distinct dates or no calendar.
// - Payoff (leg-payoff.ts) per share and per contract (× 100); a calendar's loss is at most its
//   debit, its gain and breakevens depend on the back month's value then, so they are not given.
import type { SetupLeg, StructureLegs } from '../../../shared/api/trade-setup.ts';
import { isIndexUnderlying } from '../../../shared/index-underlyings.ts';
import { hasValidIv, yearsToExpiry, type OptionChain } from '../chain.ts';
import { bsDelta } from '../pricing.ts';
import { quotedUnderlying } from '../forward.ts';
import { DEFAULT_PRICING, type PricingParams } from '../types.ts';
import { payoff, type PayoffLeg } from './leg-payoff.ts';
import {
  nearestListed,
  noDateReason,
  offTargetNote,
  type DteWindow,
  type ListedDate,
} from './listed-dates.ts';
import { round } from './series-math.ts';

export const MULTIPLIER = 100;
export const LONG_OPTION_DELTA = 0.6;
export const DEBIT_LONG_DELTA = 0.5;
export const DEBIT_SHORT_DELTA = 0.25;
export const SHORT_SIGMAS = 1;
export const WING_SIGMAS = 1.5;
export const CALENDAR_FRONT: Readonly<Required<DteWindow>> = { min: 20, max: 40, target: 30 };
export const CALENDAR_BACK: Readonly<Required<DteWindow>> = { min: 50, max: 75, target: 60 };

export type Strategy =
  | 'long_call'
  | 'long_put'
  | 'call_debit_spread'
  | 'put_debit_spread'
  | 'bull_put_credit_spread'
  | 'bear_call_credit_spread'
  | 'short_put'
  | 'iron_condor'
  | 'short_strangle'
  | 'calendar'
  | 'call_butterfly'
  | 'put_butterfly';

type Side = 'call' | 'put';
/** How one leg's strike is chosen in an expiration. */
type Pick = { by: 'delta'; target: number } | { by: 'sigma'; sigmas: number } | { by: 'atm' };
interface LegRule {
  action: 'buy' | 'sell';
  side: Side;
  pick: Pick;
  /** Index of an earlier leg this one must lie further out of the money than. */
  beyond?: number;
}

export interface StrategyRule {
  match: RegExp;
  strategy: Strategy;
  legs: readonly LegRule[];
  rule: string;
}

const sell = (side: Side, pick: Pick, beyond?: number): LegRule =>
  beyond === undefined ? { action: 'sell', side, pick } : { action: 'sell', side, pick, beyond };
const buy = (side: Side, pick: Pick, beyond?: number): LegRule =>
  beyond === undefined ? { action: 'buy', side, pick } : { action: 'buy', side, pick, beyond };
const delta = (target: number): Pick => ({ by: 'delta', target });
const sigma = (sigmas: number): Pick => ({ by: 'sigma', sigmas });

export const QUOTED = 'two-sided quote (bid > 0, ask > bid), open interest > 0, priced at the mid';
const RULES: readonly StrategyRule[] = [
  {
    match: /^long call/,
    strategy: 'long_call',
    legs: [buy('call', delta(LONG_OPTION_DELTA))],
    rule: `listed expiration nearest the middle of the DTE window; call nearest ${LONG_OPTION_DELTA} delta; ${QUOTED}`,
  },
  {
    match: /^long put/,
    strategy: 'long_put',
    legs: [buy('put', delta(LONG_OPTION_DELTA))],
    rule: `listed expiration nearest the middle of the DTE window; put nearest -${LONG_OPTION_DELTA} delta; ${QUOTED}`,
  },
  {
    match: /^call debit spread/,
    strategy: 'call_debit_spread',
    legs: [buy('call', delta(DEBIT_LONG_DELTA)), sell('call', delta(DEBIT_SHORT_DELTA), 0)],
    rule: `listed expiration nearest the middle of the DTE window; buy the call nearest ${DEBIT_LONG_DELTA} delta, sell the higher call nearest ${DEBIT_SHORT_DELTA} delta; ${QUOTED}`,
  },
  {
    match: /^put debit spread/,
    strategy: 'put_debit_spread',
    legs: [buy('put', delta(DEBIT_LONG_DELTA)), sell('put', delta(DEBIT_SHORT_DELTA), 0)],
    rule: `listed expiration nearest the middle of the DTE window; buy the put nearest -${DEBIT_LONG_DELTA} delta, sell the lower put nearest -${DEBIT_SHORT_DELTA} delta; ${QUOTED}`,
  },
  {
    match: /^bull put credit spread/,
    strategy: 'bull_put_credit_spread',
    legs: [sell('put', sigma(SHORT_SIGMAS)), buy('put', sigma(WING_SIGMAS), 0)],
    rule: `listed expiration nearest the middle of the DTE window; sell the first put at or below spot - ${SHORT_SIGMAS}σ, buy the first put at or below spot - ${WING_SIGMAS}σ; σ = spot × ATM IV × √(dte/365); ${QUOTED}`,
  },
  {
    match: /^bear call credit spread/,
    strategy: 'bear_call_credit_spread',
    legs: [sell('call', sigma(SHORT_SIGMAS)), buy('call', sigma(WING_SIGMAS), 0)],
    rule: `listed expiration nearest the middle of the DTE window; sell the first call at or above spot + ${SHORT_SIGMAS}σ, buy the first call at or above spot + ${WING_SIGMAS}σ; σ = spot × ATM IV × √(dte/365); ${QUOTED}`,
  },
  {
    match: /^(cash-secured put|cash-settled short put)/,
    strategy: 'short_put',
    legs: [sell('put', sigma(SHORT_SIGMAS))],
    rule: `listed expiration nearest the middle of the DTE window; sell the first put at or below spot - ${SHORT_SIGMAS}σ; σ = spot × ATM IV × √(dte/365); ${QUOTED}`,
  },
  {
    match: /^iron condor/,
    strategy: 'iron_condor',
    legs: [
      sell('put', sigma(SHORT_SIGMAS)),
      buy('put', sigma(WING_SIGMAS), 0),
      sell('call', sigma(SHORT_SIGMAS)),
      buy('call', sigma(WING_SIGMAS), 2),
    ],
    rule: `listed expiration nearest the middle of the DTE window; sell the first put at or below spot - ${SHORT_SIGMAS}σ and the first call at or above spot + ${SHORT_SIGMAS}σ, buy the wings at ∓${WING_SIGMAS}σ; σ = spot × ATM IV × √(dte/365); ${QUOTED}`,
  },
  {
    match: /^short strangle/,
    strategy: 'short_strangle',
    legs: [sell('put', sigma(SHORT_SIGMAS)), sell('call', sigma(SHORT_SIGMAS))],
    rule: `listed expiration nearest the middle of the DTE window; sell the first put at or below spot - ${SHORT_SIGMAS}σ and the first call at or above spot + ${SHORT_SIGMAS}σ; σ = spot × ATM IV × √(dte/365); ${QUOTED}`,
  },
  {
    match: /calendar/,
    strategy: 'calendar',
    legs: [sell('call', { by: 'atm' }), buy('call', { by: 'atm' })],
    rule: `sell the call at the strike nearest spot in the listed expiration nearest ${CALENDAR_FRONT.target} DTE (${CALENDAR_FRONT.min}-${CALENDAR_FRONT.max} on target), buy the same strike in a later one nearest ${CALENDAR_BACK.target} DTE (${CALENDAR_BACK.min}-${CALENDAR_BACK.max} on target); ${QUOTED}`,
  },
];

/** The DTE window a structure names ("30-45 DTE"), or null. */
export function dteWindow(text: string): { min: number; max: number } | null {
  const m = /(\d+)-(\d+) DTE/.exec(text);
  return m ? { min: Number(m[1]), max: Number(m[2]) } : null;
}

export interface LegContext {
  chain: OptionChain;
  /** ATM IV (decimal) for the σ-placed strikes; null leaves those structures without legs. */
  atmIv: number | null;
  pricing?: PricingParams;
}

/** A contract that may be a leg, with its delta. */
export interface Candidate {
  i: number;
  strike: number;
  side: Side;
  bid: number;
  ask: number;
  delta: number;
}

/** The first row whose expiration index is greater than `expiry` (binary search on the sorted column). */
function firstRowAfter(chain: OptionChain, expiry: number): number {
  let lo = 0;
  let hi = chain.size;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((chain.expiryIndex[mid] as number) <= expiry) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The contracts of one expiration that can be legs: quoted both sides, open interest, usable IV.
 * With `offered`, a contract with no bid (0.00 × 0.01, a far wing) counts too: it can be bought at the
 * ask, never sold. The 0DTE structures' bought wings use it (zero-dte-setup.ts).
 */
export function quotedContracts(
  chain: OptionChain,
  expiry: number,
  pricing: PricingParams,
  offered = false,
): Candidate[] {
  const exp = chain.expirations[expiry];
  if (exp === undefined) return [];
  const t = yearsToExpiry(exp, chain.asof);
  // Where options settle on a future (VIX), the delta is the expiration's future's (forward.ts).
  const bs = { ...quotedUnderlying(chain, pricing, expiry, t), t };
  const out: Candidate[] = [];
  // Contracts are sorted by expiration: only that expiration's rows are read, so a setup costs a
  // few hundred rows per date tried, not the whole chain (the series cache analyses many snapshots).
  const end = firstRowAfter(chain, expiry);
  for (let i = firstRowAfter(chain, expiry - 1); i < end; i++) {
    const bid = chain.bid[i] as number;
    const ask = chain.ask[i] as number;
    const iv = chain.iv[i] as number;
    if (!(offered ? bid >= 0 : bid > 0) || !(ask > bid) || !Number.isFinite(ask)) continue;
    if (!((chain.openInterest[i] as number) > 0) || !hasValidIv(iv)) continue;
    const strike = chain.strike[i] as number;
    const isCall = chain.isCall[i] === 1;
    const d = bsDelta({ ...bs, strike, sigma: iv }, isCall);
    out.push({ i, strike, side: isCall ? 'call' : 'put', bid, ask, delta: d });
  }
  return out;
}

/** Further out of the money: higher for a call, lower for a put. */
const outside = (side: Side, k: number, ref: number): boolean => (side === 'call' ? k > ref : k < ref);

function pickOne(
  pool: readonly Candidate[],
  rule: LegRule,
  spot: number,
  sigmaDollars: number | null,
  ref: number | null,
): Candidate | null {
  const own = pool.filter((c) => c.side === rule.side && (ref === null || outside(rule.side, c.strike, ref)));
  if (own.length === 0) return null;
  const p = rule.pick;
  if (p.by === 'delta') {
    return own.reduce((best, c) =>
      Math.abs(Math.abs(c.delta) - p.target) < Math.abs(Math.abs(best.delta) - p.target) ? c : best,
    );
  }
  if (p.by === 'atm') {
    return own.reduce((best, c) => (Math.abs(c.strike - spot) < Math.abs(best.strike - spot) ? c : best));
  }
  if (sigmaDollars === null) return null;
  const edge = rule.side === 'call' ? spot + p.sigmas * sigmaDollars : spot - p.sigmas * sigmaDollars;
  const beyond = own
    .filter((c) => (rule.side === 'call' ? c.strike >= edge : c.strike <= edge))
    .sort((a, b) => (rule.side === 'call' ? a.strike - b.strike : b.strike - a.strike));
  return beyond[0] ?? null;
}

export function toLeg(chain: OptionChain, c: Candidate, action: 'buy' | 'sell', dte: number): SetupLeg {
  const exp = chain.expirations[chain.expiryIndex[c.i] as number] as OptionChain['expirations'][number];
  return {
    action,
    quantity: 1,
    option_type: c.side,
    expiration: exp.date,
    dte,
    strike: c.strike,
    bid: c.bid,
    ask: c.ask,
    mid: round((c.bid + c.ask) / 2, 3),
    delta: round(c.delta, 3),
    open_interest: chain.openInterest[c.i] as number,
    iv: round(chain.iv[c.i] as number, 4),
  };
}

/** The legs of a single-expiration structure in one expiration, or why not. */
function legsIn(
  ctx: LegContext,
  rule: StrategyRule,
  expiry: number,
  dte: number,
): { legs: SetupLeg[] } | { missing: string } {
  const { chain } = ctx;
  const pool = quotedContracts(chain, expiry, ctx.pricing ?? DEFAULT_PRICING);
  const sigmaDollars =
    ctx.atmIv !== null && ctx.atmIv > 0 ? chain.spot * ctx.atmIv * Math.sqrt(dte / 365) : null;
  const picked: Candidate[] = [];
  for (const [n, leg] of rule.legs.entries()) {
    const ref = leg.beyond === undefined ? null : (picked[leg.beyond] as Candidate).strike;
    const c = pickOne(pool, leg, chain.spot, sigmaDollars, ref);
    if (c === null) return { missing: `${leg.action} ${leg.side} (leg ${n + 1})` };
    picked.push(c);
  }
  return { legs: picked.map((c, n) => toLeg(chain, c, (rule.legs[n] as LegRule).action, dte)) };
}

/** What a result states of its structure: the strategy and how its legs were chosen. */
export interface RuleText {
  strategy: Strategy;
  rule: string;
}

/** A structure without legs, and why: no figure is invented. */
export function unavailable(
  text: string,
  rule: RuleText | null,
  settlement: StructureLegs['settlement'],
  reason: string,
): StructureLegs {
  return {
    structure: text,
    strategy: rule?.strategy ?? 'unknown',
    expiration: null,
    dte: null,
    legs: [],
    net_type: null,
    net_price: null,
    net_per_contract: null,
    breakevens: [],
    max_gain_per_share: null,
    max_loss_per_share: null,
    max_gain: null,
    max_loss: null,
    max_gain_unlimited: false,
    max_loss_unlimited: false,
    multiplier: MULTIPLIER,
    settlement,
    rule: rule?.rule ?? '',
    payoff_note: null,
    expiration_note: null,
    legs_unavailable_reason: reason,
  };
}

const perContract = (x: number | null): number | null => (x === null ? null : round(x * MULTIPLIER, 2));

/** A structure with its legs and their payoff at expiration; `note`: an off-target expiration. */
export function priced(
  text: string,
  rule: RuleText,
  settlement: StructureLegs['settlement'],
  legs: SetupLeg[],
  note: string | null = null,
): StructureLegs {
  const payoffLegs: PayoffLeg[] = legs.map((l) => ({
    action: l.action,
    type: l.option_type,
    strike: l.strike,
    price: l.mid,
    quantity: l.quantity,
  }));
  const first = legs[0] as SetupLeg;
  const calendar = rule.strategy === 'calendar';
  const p = payoff(payoffLegs);
  // A calendar's legs expire on different dates: only its net debit bounds the loss.
  const maxGain = calendar ? null : p.maxGain;
  const maxLoss = calendar ? Math.max(p.net, 0) : p.maxLoss;
  return {
    structure: text,
    strategy: rule.strategy,
    expiration: first.expiration,
    dte: first.dte,
    legs,
    net_type: p.netType,
    net_price: Math.abs(p.net),
    net_per_contract: round(Math.abs(p.net) * MULTIPLIER, 2),
    breakevens: calendar ? [] : p.breakevens,
    max_gain_per_share: maxGain,
    max_loss_per_share: maxLoss,
    max_gain: perContract(maxGain),
    max_loss: perContract(maxLoss),
    max_gain_unlimited: !calendar && p.maxGain === null,
    max_loss_unlimited: !calendar && p.maxLoss === null,
    multiplier: MULTIPLIER,
    settlement,
    rule: rule.rule,
    payoff_note: calendar
      ? "max loss is the debit; the gain and breakevens depend on the back month's value at the front expiry"
      : null,
    expiration_note: note,
    legs_unavailable_reason: null,
  };
}

function calendarLegs(
  ctx: LegContext,
  rule: StrategyRule,
): { legs: SetupLeg[]; note: string | null } | { reason: string } {
  const { chain } = ctx;
  const pricing = ctx.pricing ?? DEFAULT_PRICING;
  const fronts = nearestListed(chain, CALENDAR_FRONT);
  if (fronts.length === 0) return { reason: noDateReason(chain, CALENDAR_FRONT, 'the front month') };
  const calls = new Map<number, Candidate[]>();
  const callsOf = (d: ListedDate): Candidate[] => {
    let hit = calls.get(d.index);
    if (!hit)
      calls.set(d.index, (hit = quotedContracts(chain, d.index, pricing).filter((c) => c.side === 'call')));
    return hit;
  };
  let anyBack = false;
  for (const f of fronts) {
    for (const b of nearestListed(chain, CALENDAR_BACK, f.dte)) {
      anyBack = true;
      const back = new Map(callsOf(b).map((c) => [c.strike, c]));
      const both = callsOf(f).filter((c) => back.has(c.strike));
      if (both.length === 0) continue;
      const short = pickOne(both, rule.legs[0] as LegRule, chain.spot, null, null) as Candidate;
      const long = back.get(short.strike) as Candidate;
      const notes = [
        offTargetNote(f, CALENDAR_FRONT, 'front month'),
        offTargetNote(b, CALENDAR_BACK, 'back month'),
      ].filter((n) => n !== null);
      return {
        legs: [toLeg(chain, short, 'sell', f.dte), toLeg(chain, long, 'buy', b.dte)],
        note: notes.length === 0 ? null : notes.join('; '),
      };
    }
  }
  if (!anyBack) {
    const front = fronts[0] as ListedDate;
    return {
      reason: `a calendar needs two listed expirations: ${noDateReason(chain, CALENDAR_BACK, `a back month after the ${front.dte} DTE front`, front.dte)}`,
    };
  }
  return { reason: 'no strike has quoted calls with open interest in both the front and the back month' };
}

/** The concrete legs of one named structure, or the reason there are none. */
export function structureLegs(text: string, ctx: LegContext): StructureLegs {
  const rule = RULES.find((r) => r.match.test(text)) ?? null;
  const settlement = isIndexUnderlying(ctx.chain.ticker) ? 'cash' : 'physical';
  if (rule === null) return unavailable(text, null, settlement, 'no leg rule for this structure');
  if (!(ctx.chain.spot > 0)) return unavailable(text, rule, settlement, 'no spot price in the snapshot');
  if (rule.strategy === 'calendar') {
    const got = calendarLegs(ctx, rule);
    return 'legs' in got
      ? priced(text, rule, settlement, got.legs, got.note)
      : unavailable(text, rule, settlement, got.reason);
  }
  const usesSigma = rule.legs.some((l) => l.pick.by === 'sigma');
  if (usesSigma && !(ctx.atmIv !== null && ctx.atmIv > 0)) {
    return unavailable(text, rule, settlement, 'no ATM IV to place the 1σ strikes');
  }
  const window = dteWindow(text);
  if (window === null) return unavailable(text, rule, settlement, 'the structure names no DTE window');
  const dates = nearestListed(ctx.chain, window);
  if (dates.length === 0) {
    return unavailable(
      text,
      rule,
      settlement,
      noDateReason(ctx.chain, window, `${window.min}-${window.max} DTE`),
    );
  }
  const misses: string[] = [];
  for (const d of dates) {
    const got = legsIn(ctx, rule, d.index, d.dte);
    if ('legs' in got) return priced(text, rule, settlement, got.legs, offTargetNote(d, window));
    misses.push(
      `${(ctx.chain.expirations[d.index] as OptionChain['expirations'][number]).date}: ${got.missing}`,
    );
  }
  return unavailable(
    text,
    rule,
    settlement,
    `no contract with a two-sided quote and open interest for every leg (${misses.join('; ')})`,
  );
}

/** Legs for each structure, in the order given. */
export function legsForStructures(structures: readonly string[], ctx: LegContext): StructureLegs[] {
  return structures.map((s) => structureLegs(s, ctx));
}
