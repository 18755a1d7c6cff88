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
//   carry 2 % more, under 0.05 points on a 20-point basis).
// - No figure, and the reason, where a side of the settlement has no expiration with a forward
//   read from at least MIN_FORWARD_STRIKES strikes of two-sided call and put quotes.
// - An ETF (SPY, QQQ, IWM) reaches its future through its index; one snapshot holds one chain, so
//   without the index's chain at hand no figure is given, and the reason says so.
import type { FuturesEquivalent } from '../../shared/api/levels.ts';
import type { KeyLevel } from '../../shared/api/levels.ts';
import { frontQuarterly, futureOf } from '../../shared/futures-contract.ts';
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

/** The levels payload's `futures_equivalent` for a ticker that has a future, else null. */
export function futuresEquivalent(
  chain: OptionChain,
  forwards: readonly ExpirationForward[],
  levels: readonly KeyLevel[],
): FuturesEquivalent | null {
  const future = futureOf(chain.ticker);
  if (future === null) return null;
  const { contract, settles, rolls } = frontQuarterly(future.symbol, epochToNy(chain.asof).date);
  const head = { symbol: future.symbol, contract, settles, rolls };
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
      `${chain.ticker} reaches ${future.symbol} through ${future.index}: a ${chain.ticker} snapshot holds no ${future.index} chain, so no ${future.index} forward to settlement nor ${future.index}/${chain.ticker} ratio is at hand. Open ${future.index} for its ${future.symbol} equivalents.`,
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
    levels: Object.fromEntries(levels.map((l) => [l.id, cents(l.price + basis)])),
  };
}
