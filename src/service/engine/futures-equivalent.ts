// Futures equivalents: where an index's key levels sit on its front quarterly future (SPX → ES,
// NDX → NQ, RUT → RTY; shared/futures-contract.ts for the contract, its settlement and the roll).
//
// Method (docs/engine-conventions.md, "Futures equivalents"):
// - The future's fair value is the index's forward to the contract's settlement, read from the
//   chain's own implied forwards (engine/forward.ts, put-call parity): the expiration that settles
//   that day when the chain lists one (for SPX, the a.m. SPX quarterly and the p.m. SPXW of the
//   third Friday share that date and are pooled), else the nearest expirations with a forward on
//   either side of the settlement, ln F interpolated linearly in time (a constant carry between
//   them, as engine/forward.ts's logBasis). Time runs to the settlement's open (09:30 New York, the
//   Special Opening Quotation the future settles on); the settlement day's expiration is read as the
//   chain dates it, at its 16:00 close (6.5 h more carry: about 0.1 point on SPX).
// - The basis is fair value − spot; the equivalent of a level L is L + basis (the carry between now
//   and settlement is the same in points for every level to the cent: a level 2 % from spot would
//   carry 2 % more, under 0.05 points on a 20-point basis), on the contract's tick (0.25 for ES and
//   NQ, 0.10 for RTY; shared/futures-contract.ts onTick), as a futures trader places it. The basis
//   and the fair value stay to the cent, and `tick` states the increment.
// - No figure, and the reason, where a side of the settlement has no expiration with a forward
//   read from at least MIN_FORWARD_STRIKES strikes of two-sided call and put quotes.
// - An ETF (SPY, QQQ, IWM) reaches its future through its index (viaIndex): with the index's
//   snapshot of the same instant at hand, its basis is the index's (read from the index's chain as
//   above) and a level L's equivalent is L × (index spot / ETF spot) + basis, the ratio and where
//   it came from stated in basis_source (the ratio alone would leave out the carry to settlement).
//   Without it (one snapshot holds one chain) no figure is given, and the reason says so.
import type { FuturesEquivalent } from '../../shared/api/levels.ts';
import type { KeyLevel } from '../../shared/api/levels.ts';
import { FUTURE_TICKS, frontQuarterly, futureOf, onTick } from '../../shared/futures-contract.ts';
import { epochToNy, nyToEpoch } from '../../shared/market-calendar.ts';
import { MS_PER_YEAR, type OptionChain } from './chain.ts';
import { expiryYears } from './exposure.ts';
import type { ExpirationForward } from './forward.ts';

/** Strikes whose parity estimates a bracketing forward must pool to be read (of FORWARD_STRIKES). */
export const MIN_FORWARD_STRIKES = 3;

/** The settlement's instant: the open of its session, when the index's opening quotation is taken. */
const SETTLEMENT_MINUTES = 9 * 60 + 30;

function cents(x: number): number {
  return Math.round(x * 100) / 100;
}

export interface BracketPoint {
  /** YYYY-MM-DD of the expiration. */
  expiry: string;
  /** Years from the snapshot to it. */
  t: number;
  forward: number;
}

/**
 * The forward at time `t` from the points bracketing it: the point at `t` itself, else ln F
 * linear in time between `below` and `above`.
 */
export function interpolateForward(below: BracketPoint, above: BracketPoint, t: number): number {
  if (above.t === below.t) return below.forward;
  const w = (t - below.t) / (above.t - below.t);
  return Math.exp(Math.log(below.forward) + w * (Math.log(above.forward) - Math.log(below.forward)));
}

/** An index snapshot an ETF's equivalents read: its spot, instant and futures equivalent. */
export interface IndexEquivalent {
  readonly ticker: string;
  readonly spot: number;
  readonly asof: number;
  readonly equivalent: FuturesEquivalent;
}

/** Index and ETF snapshots this far apart or less are one instant (the poller takes both at once). */
export const SAME_INSTANT_MS = 60_000;

/**
 * An ETF's futures equivalents through its index's (SPY → SPX → ES): the index's basis, each level
 * × (index spot / ETF spot) + basis; the index's reason where it has no basis. Null for a ticker
 * that reaches no future through an index, or an index snapshot of another future or instant.
 */
export function etfFuturesEquivalent(
  etf: Pick<OptionChain, 'ticker' | 'spot' | 'asof'>,
  levels: readonly KeyLevel[],
  index: IndexEquivalent,
): FuturesEquivalent | null {
  const future = futureOf(etf.ticker);
  const fe = index.equivalent;
  if (future === null || !future.viaIndex || future.index !== index.ticker || fe.symbol !== future.symbol) {
    return null;
  }
  if (Math.abs(etf.asof - index.asof) > SAME_INSTANT_MS) return null;
  if (fe.basis === null || fe.basis_source === null) {
    return { ...fe, reason: `${index.ticker}: ${fe.reason ?? 'no basis'}`, levels: {} };
  }
  if (!(etf.spot > 0) || !(index.spot > 0)) return null;
  const ratio = index.spot / etf.spot;
  const basis = fe.basis;
  return {
    ...fe,
    ratio: Math.round(ratio * 1e6) / 1e6,
    basis_source: `${index.ticker} ${fe.basis_source}; ${etf.ticker} levels × ${ratio.toFixed(4)} (${index.ticker} ${index.spot.toFixed(2)} / ${etf.ticker} ${etf.spot.toFixed(2)} at the same snapshot) + the basis`,
    levels: Object.fromEntries(levels.map((l) => [l.id, onTick(fe.symbol, l.price * ratio + basis)])),
  };
}

/** The levels payload's `futures_equivalent` for a ticker that has a future, else null. */
export function futuresEquivalent(
  chain: OptionChain,
  forwards: readonly ExpirationForward[],
  levels: readonly KeyLevel[],
): FuturesEquivalent | null {
  const future = futureOf(chain.ticker);
  if (future === null) return null;
  const { contract, settles, rolls } = frontQuarterly(future.symbol, epochToNy(chain.asof).date);
  const head = { symbol: future.symbol, contract, settles, rolls, tick: FUTURE_TICKS[future.symbol] };
  const none = (reason: string): FuturesEquivalent => ({
    ...head,
    basis: null,
    fair_value: null,
    basis_source: null,
    reason,
    levels: {},
  });
  if (future.viaIndex) {
    return none(
      `${chain.ticker} reaches ${future.symbol} through ${future.index}: no ${future.index} snapshot of the same instant is at hand, so neither the ${future.index} forward to settlement nor the ${future.index}/${chain.ticker} ratio is known. Open ${future.index} for its ${future.symbol} equivalents.`,
    );
  }
  if (!(chain.spot > 0) || !Number.isFinite(chain.spot)) return none('no spot price');
  const years = expiryYears(chain);
  const tSettle = (nyToEpoch(settles, SETTLEMENT_MINUTES) - chain.asof) / MS_PER_YEAR;
  const usable = (f: ExpirationForward): f is ExpirationForward & { forward: number } =>
    f.forward !== null && f.strikesUsed >= MIN_FORWARD_STRIKES;
  let below: BracketPoint | null = null;
  let above: BracketPoint | null = null;
  let exact: BracketPoint | null = null;
  let listedBelow = false;
  let listedAbove = false;
  forwards.forEach((f, e) => {
    const t = years[e] as number;
    if (f.expiry < settles) listedBelow = true;
    if (f.expiry > settles) listedAbove = true;
    if (!usable(f)) return;
    const point = { expiry: f.expiry, t, forward: f.forward };
    if (f.expiry === settles) exact = point;
    else if (f.expiry < settles) below = point;
    else above ??= point;
  });
  const on = exact as BracketPoint | null;
  let fair: number;
  let source: string;
  if (on !== null) {
    fair = on.forward;
    source = `forward ${on.expiry} (the settlement day's expiration: its a.m. and p.m. series as listed, read at the close)`;
  } else {
    const lo = below as BracketPoint | null;
    const hi = above as BracketPoint | null;
    if (lo === null || hi === null) {
      const side = lo === null ? 'before' : 'after';
      const listed = lo === null ? listedBelow : listedAbove;
      return none(
        listed
          ? `no expiration ${side} ${contract}'s settlement on ${settles} has ${MIN_FORWARD_STRIKES}+ strikes with two-sided call and put quotes`
          : `no expiration listed ${side} ${contract}'s settlement on ${settles}`,
      );
    }
    fair = interpolateForward(lo, hi, tSettle);
    source = `forwards ${lo.expiry}/${hi.expiry} interpolated (ln F linear in time)`;
  }
  const basis = cents(fair - chain.spot);
  return {
    ...head,
    basis,
    fair_value: cents(fair),
    basis_source: source,
    levels: Object.fromEntries(levels.map((l) => [l.id, onTick(future.symbol, l.price + basis)])),
  };
}
