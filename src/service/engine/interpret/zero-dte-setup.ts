// Same-day (0DTE) structures on an underlying whose chain lists an expiration ending on the
// snapshot's own date (SPX, SPY, QQQ, IWM… list dailies), placed by that expiration's own levels
// (more-levels.ts: its flip and walls, from its exposure alone) and chosen by the gamma regime.
//
// Rules (stated here, in docs/engine-conventions.md and in each result's `rule`):
// - Levels: the 0DTE flip, call wall and put wall; the pin is max pain of the nearest expiration (the
//   0DTE itself) when it lies between the 0DTE put and call walls, else the 0DTE flip when it does,
//   else spot. σ: the move left in the day, spot × ATM IV × √(years to the 0DTE close). Wing width
//   w = ½σ, at least the next listed strike.
// - Put credit spread: sell the highest quoted put at or below the lower of the 0DTE put wall and
//   the flip (of those below spot; neither: spot − σ), buy the highest put at or below the short
//   strike − w.
// - Call credit spread: sell the lowest quoted call at or above the higher of the 0DTE call wall
//   and the flip (of those above spot; neither: spot + σ), buy the lowest call at or above the short
//   strike + w.
// - Butterfly: buy 1, sell 2, buy 1 around the quoted strike nearest the pin, wings the nearest
//   equal distance ≥ w with both strikes quoted; calls when the pin is at or above spot, puts below
//   (out-of-the-money options, the tighter quotes).
// - By regime (the snapshot's gamma_regime): positive gamma damps moves, so the day tends to pin:
//   the butterfly and both credit spreads. Negative gamma amplifies moves: with the setup's direction
//   short, the call credit spread; long, the put credit spread; neutral, stand aside. No flip (regime
//   unknown or neutral): stand aside.
// - Legs follow setup-legs.ts: quotes, open interest, priced at the mid; a sold leg needs a bid, a
//   bought wing only an ask (far 0DTE wings are quoted 0.00 × 0.01). Payoff from leg-payoff.ts. A
//   structure whose legs the chain lacks says why (a settled 0DTE has no quotes).
import type { Direction, GammaRegime } from '../../../shared/api/enums.ts';
import type { StructureLegs, ZeroDteSetup } from '../../../shared/api/trade-setup.ts';
import { isIndexUnderlying } from '../../../shared/index-underlyings.ts';
import { yearsToExpiry, type OptionChain } from '../chain.ts';
import type { ZeroDte } from '../more-levels.ts';
import { DEFAULT_PRICING, type PricingParams } from '../types.ts';
import { points } from './index-points.ts';
import { usd } from './levels.ts';
import { round } from './series-math.ts';
import {
  priced,
  QUOTED,
  quotedContracts,
  toLeg,
  unavailable,
  type Candidate,
  type RuleText,
} from './setup-legs.ts';

export interface ZeroDteInput {
  chain: OptionChain;
  /** The 0DTE expiration's own levels; null when no expiration ends on the snapshot's date. */
  levels: ZeroDte | null;
  gammaRegime: GammaRegime;
  /** The day's trade setup direction: what a negative-gamma day leans on. */
  direction: Direction;
  /** Max pain of the nearest expiration (the 0DTE when one is listed). */
  maxPain: number | null;
  /** ATM IV (decimal), for the move left in the day; null places the spreads by the levels alone. */
  atmIv: number | null;
  pricing?: PricingParams;
}

export const PUT_SPREAD = '0DTE put credit spread below the put wall';
export const CALL_SPREAD = '0DTE call credit spread above the call wall';
export const BUTTERFLY = '0DTE butterfly at the pin';

const RULES: Readonly<Record<'put' | 'call' | 'fly', RuleText>> = {
  put: {
    strategy: 'bull_put_credit_spread',
    rule: `0DTE expiration; sell the highest put at or below the lower of the 0DTE put wall and flip (below spot; neither: spot - σ), buy the highest put at or below it - w (an ask is enough for a bought wing); w = ½σ, σ = spot × ATM IV × √(time to the 0DTE close); ${QUOTED}`,
  },
  call: {
    strategy: 'bear_call_credit_spread',
    rule: `0DTE expiration; sell the lowest call at or above the higher of the 0DTE call wall and flip (above spot; neither: spot + σ), buy the lowest call at or above it + w (an ask is enough for a bought wing); w = ½σ, σ = spot × ATM IV × √(time to the 0DTE close); ${QUOTED}`,
  },
  fly: {
    strategy: 'call_butterfly',
    rule: `0DTE expiration; buy 1, sell 2, buy 1 around the strike nearest the pin (max pain between the 0DTE walls, else the 0DTE flip, else spot), wings the nearest equal distance ≥ w; calls when the pin is at or above spot, puts when it is below; w = ½σ, σ = spot × ATM IV × √(time to the 0DTE close); ${QUOTED}`,
  },
};

interface Placed {
  spot: number;
  /** 1σ of the move left in the day, in the underlying's unit; null without ATM IV. */
  sigma: number | null;
  /** Wing width, ½σ (0 without σ: the next listed strike). */
  width: number;
  pin: number;
  pinWhy: string;
}

/** The 0DTE contracts a structure can sell (a bid) and buy (an ask, even with no bid). */
interface Pools {
  sell: readonly Candidate[];
  buy: readonly Candidate[];
}

type Side = 'put' | 'call';

/** The pin: max pain when it lies between the 0DTE walls, else the 0DTE flip when it does, else spot. */
export function zeroDtePin(
  levels: Pick<ZeroDte, 'flip' | 'call_wall' | 'put_wall'>,
  maxPain: number | null,
  spot: number,
): { pin: number; why: string } {
  const lo = levels.put_wall ?? -Infinity;
  const hi = levels.call_wall ?? Infinity;
  const inside = (x: number | null): x is number => x !== null && x >= lo && x <= hi;
  if (inside(maxPain)) return { pin: maxPain, why: 'max pain' };
  if (inside(levels.flip)) return { pin: levels.flip, why: '0DTE flip' };
  return { pin: spot, why: 'spot' };
}

function place(inp: ZeroDteInput, levels: ZeroDte, index: number): Placed {
  const { chain, atmIv } = inp;
  const spot = chain.spot;
  const exp = chain.expirations[index];
  const t = exp === undefined ? 0 : yearsToExpiry(exp, chain.asof);
  const sigma = atmIv !== null && atmIv > 0 && t > 0 ? spot * atmIv * Math.sqrt(t) : null;
  const { pin, why } = zeroDtePin(levels, inp.maxPain, spot);
  return { spot, sigma, width: sigma === null ? 0 : sigma / 2, pin, pinWhy: why };
}

/** Highest strike at or below `x` (puts), lowest at or above (calls). */
function beyond(pool: readonly Candidate[], side: Side, x: number): Candidate | null {
  let best: Candidate | null = null;
  for (const c of pool) {
    if (c.side !== side || (side === 'put' ? c.strike > x : c.strike < x)) continue;
    if (best === null || (side === 'put' ? c.strike > best.strike : c.strike < best.strike)) best = c;
  }
  return best;
}

const settlementOf = (chain: OptionChain): StructureLegs['settlement'] =>
  isIndexUnderlying(chain.ticker) ? 'cash' : 'physical';

/** Where a credit spread's short strike goes: beyond the 0DTE wall and the flip on its side, else σ. */
function anchorOf(levels: ZeroDte, p: Placed, side: Side): number | null {
  const own = side === 'put' ? levels.put_wall : levels.call_wall;
  const near = [own, levels.flip].filter(
    (x): x is number => x !== null && (side === 'put' ? x < p.spot : x > p.spot),
  );
  if (near.length > 0) return side === 'put' ? Math.min(...near) : Math.max(...near);
  if (p.sigma === null) return null;
  return side === 'put' ? p.spot - p.sigma : p.spot + p.sigma;
}

function creditSpread(
  chain: OptionChain,
  levels: ZeroDte,
  p: Placed,
  pools: Pools,
  side: Side,
): StructureLegs {
  const text = side === 'put' ? PUT_SPREAD : CALL_SPREAD;
  const rule = RULES[side];
  const none = (why: string): StructureLegs => unavailable(text, rule, settlementOf(chain), why);
  const anchor = anchorOf(levels, p, side);
  if (anchor === null) return none(`no 0DTE ${side} wall, flip or ATM IV to place it`);
  const short = beyond(pools.sell, side, anchor);
  if (short === null) {
    return none(
      `no 0DTE ${side} with a bid ${side === 'put' ? 'at or below' : 'at or above'} ${round(anchor, 2)}`,
    );
  }
  const further = pools.buy.filter((c) =>
    side === 'put' ? c.strike < short.strike : c.strike > short.strike,
  );
  const wing = beyond(further, side, side === 'put' ? short.strike - p.width : short.strike + p.width);
  if (wing === null) return none(`no quoted 0DTE ${side} beyond the short ${short.strike} for the wing`);
  return priced(text, rule, settlementOf(chain), [
    toLeg(chain, short, 'sell', 0),
    toLeg(chain, wing, 'buy', 0),
  ]);
}

function butterfly(chain: OptionChain, p: Placed, pools: Pools): StructureLegs {
  const side: Side = p.pin >= p.spot ? 'call' : 'put';
  const rule: RuleText = { ...RULES.fly, strategy: side === 'call' ? 'call_butterfly' : 'put_butterfly' };
  const none = (why: string): StructureLegs => unavailable(BUTTERFLY, rule, settlementOf(chain), why);
  const sold = pools.sell.filter((c) => c.side === side);
  if (sold.length === 0) return none(`no 0DTE ${side} with a bid`);
  const body = sold.reduce((b, c) => (Math.abs(c.strike - p.pin) < Math.abs(b.strike - p.pin) ? c : b));
  const wings = new Map(pools.buy.filter((c) => c.side === side).map((c) => [c.strike, c]));
  const at = (k: number): Candidate | undefined => wings.get(round(k, 3));
  const d = [...wings.keys()]
    .map((k) => Math.abs(k - body.strike))
    .filter((x) => x > 0 && x >= p.width - 1e-9 && at(body.strike - x) && at(body.strike + x))
    .sort((a, b) => a - b)[0];
  if (d === undefined) return none(`no quoted 0DTE ${side}s at equal distances around ${body.strike}`);
  return priced(BUTTERFLY, rule, settlementOf(chain), [
    toLeg(chain, at(body.strike - d) as Candidate, 'buy', 0),
    { ...toLeg(chain, body, 'sell', 0), quantity: 2 },
    toLeg(chain, at(body.strike + d) as Candidate, 'buy', 0),
  ]);
}

/** A level in the underlying's unit, as the setup's other texts write it: index points, else dollars. */
const levelText =
  (index: boolean) =>
  (x: number | null): string =>
    x === null ? 'none' : index ? points(x) : usd(x);

/** The 0DTE structures of a snapshot, or null when its chain lists no expiration ending that day. */
export function zeroDteSetup(inp: ZeroDteInput): ZeroDteSetup | null {
  const { levels, chain } = inp;
  if (levels === null || !(chain.spot > 0)) return null;
  const index = chain.expirations.findIndex((e) => e.date === levels.expiration);
  const pricing = inp.pricing ?? DEFAULT_PRICING;
  const pools: Pools =
    index < 0
      ? { sell: [], buy: [] }
      : { sell: quotedContracts(chain, index, pricing), buy: quotedContracts(chain, index, pricing, true) };
  const p = place(inp, levels, index);
  const fmt = levelText(isIndexUnderlying(chain.ticker));
  const where = `flip ${fmt(levels.flip)}, put wall ${fmt(levels.put_wall)}, call wall ${fmt(levels.call_wall)}`;
  const g = inp.gammaRegime;
  let stance: ZeroDteSetup['stance'];
  let reason: string;
  let legs: StructureLegs[];
  if (g === 'positive') {
    stance = 'range';
    reason = `positive gamma: dealers' hedging damps moves and the day tends to pin (${p.pinWhy} ${fmt(p.pin)}); a butterfly at the pin and credit spreads beyond the 0DTE walls (${where})`;
    legs = [
      butterfly(chain, p, pools),
      creditSpread(chain, levels, p, pools, 'put'),
      creditSpread(chain, levels, p, pools, 'call'),
    ];
  } else if (g === 'negative' && inp.direction !== 'neutral') {
    const side = inp.direction === 'short' ? 'call' : 'put';
    stance = inp.direction;
    reason = `negative gamma: dealers' hedging amplifies moves, so no range structure; leaning ${inp.direction} with the setup, a ${side} credit spread beyond the 0DTE ${side} wall and flip (${where})`;
    legs = [creditSpread(chain, levels, p, pools, side)];
  } else {
    stance = 'stand_aside';
    reason =
      g === 'negative'
        ? `negative gamma: dealers' hedging amplifies moves, so no range structure, and the setup has no direction to lean on: stand aside (${where})`
        : `no gamma regime (${g}: no flip to read it from): stand aside`;
    legs = [];
  }
  return {
    expiration: levels.expiration,
    gamma_regime: g,
    stance,
    reason,
    flip: levels.flip,
    call_wall: levels.call_wall,
    put_wall: levels.put_wall,
    pin: round(p.pin, 2),
    wing_width: p.width > 0 ? round(p.width, 2) : null,
    structure_legs: legs,
  };
}
