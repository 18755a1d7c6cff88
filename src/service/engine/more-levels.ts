// Levels beyond the flip and the walls, from the same per-strike dealer exposure (exposure.ts):
// - absolute-gamma strike: the strike with the largest |net GEX| over every expiration (where
//   dealers' hedging is heaviest, whatever its sign); the lower strike on a tie;
// - the top three positive and the top three negative net-GEX strikes (every expiration), largest
//   magnitude first; a strike whose net GEX is 0 is neither;
// - the nearest expiration's own flip (flip.ts over that expiration alone);
// - 0DTE: the expiration that ends in the snapshot's own session (its New York date) and has not
//   settled yet: PM-settled expirations settle at the session's close, 16:00 ET or 13:00 ET on an
//   early-close day, VIX's at the open (the chain's `expiresAt`). Its net GEX, its share of gross
//   gamma (100 × Σ|GEX| of 0DTE / Σ|GEX| of all), its own flip and walls (walls.ts on its exposure
//   alone). Null when none: no expiration ends that day, it has settled (a settled expiration is
//   not 0DTE: its figures would be read as the next session's), or there is no session that day.
//   `zero_dte_status` says which, and names the next session's 0DTE expiration.
import {
  epochToNy,
  holidayName,
  isEarlyClose,
  nextTradingDay,
  sessionOf,
  weekday,
} from '../../shared/market-calendar.ts';
import type { OptionChain } from './chain.ts';
import { resolveSelection, type BucketIndices } from './expirations.ts';
import { exposureByStrike, gexTotals, sharesToGex, type StrikeExposure } from './exposure.ts';
import { findGammaFlip } from './flip.ts';
import type { PricingParams } from './types.ts';
import { wallsOf } from './walls.ts';

export const TOP_GEX_STRIKES = 3;

export type ZeroDte = {
  /** The expiration's date (YYYY-MM-DD): the snapshot's own New York date. */
  expiration: string;
  /** Net GEX of that expiration alone, USD per 1 % move (calls − puts). */
  gex_usd_per_1_pct_move: number;
  /** 100 × its gross |GEX| / the gross |GEX| of every expiration; null when there is no gamma. */
  gamma_share_pct: number | null;
  flip: number | null;
  flip_reason: string | null;
  call_wall: number | null;
  put_wall: number | null;
};

/** Why `zero_dte` holds figures or is null, and which expiration is the next session's 0DTE. */
export type ZeroDteStatus = {
  /**
   * `expiring`: `zero_dte` holds the figures; `settled`: the session's expiration settled (at the
   * close, or VIX's at the open); `none`: no expiration ends in the session, or no session that day.
   */
  state: 'expiring' | 'settled' | 'none';
  /** The snapshot's New York date. */
  date: string;
  /** The expiration that settled in the snapshot's session (state `settled`), else null. */
  settled_expiration: string | null;
  /** When it settled, New York time ("2026-11-27 13:00 ET"), else null. */
  settled_at: string | null;
  /** The session whose expiration is 0DTE next: the snapshot's own until it settles or closes. */
  next_session: string;
  /** The listed expiration ending on `next_session`; null when none is listed. */
  next_expiration: string | null;
  /** One sentence for people: "The 2026-11-27 expiration settled at 13:00 ET (early close); …". */
  note: string;
};

export interface MoreLevels {
  abs_gamma_strike: number | null;
  /** Up to three strikes, largest net GEX first. */
  top_positive_gex_strikes: number[];
  /** Up to three strikes, most negative net GEX first. */
  top_negative_gex_strikes: number[];
  nearest_expiry_flip: number | null;
  zero_dte: ZeroDte | null;
  zero_dte_status: ZeroDteStatus;
}

/** Net GEX per strike, USD per 1 % move. */
function netGex(e: StrikeExposure, spot: number): Float64Array {
  return Float64Array.from(e.strikes, (_, j) =>
    sharesToGex((e.callShares[j] as number) - (e.putShares[j] as number), spot),
  );
}

/** The absolute-gamma strike and the top strikes of each sign, from the combined exposure. */
export function gexStrikeRanks(
  combined: StrikeExposure,
  spot: number,
): Pick<MoreLevels, 'abs_gamma_strike' | 'top_positive_gex_strikes' | 'top_negative_gex_strikes'> {
  const net = netGex(combined, spot);
  const order = Array.from(combined.strikes.keys()).filter((j) => (net[j] as number) !== 0);
  // Ties keep the lower strike first: strikes are ascending and the sort is stable.
  const byMagnitude = [...order].sort((a, b) => Math.abs(net[b] as number) - Math.abs(net[a] as number));
  const top = (sign: 1 | -1) =>
    byMagnitude
      .filter((j) => Math.sign(net[j] as number) === sign)
      .slice(0, TOP_GEX_STRIKES)
      .map((j) => combined.strikes[j] as number);
  const first = byMagnitude[0];
  return {
    abs_gamma_strike: first === undefined ? null : (combined.strikes[first] as number),
    top_positive_gex_strikes: top(1),
    top_negative_gex_strikes: top(-1),
  };
}

/** Index of the expiration that ends on the snapshot's New York date, or null. */
export function zeroDteIndex(chain: Pick<OptionChain, 'expirations' | 'asof'>): number | null {
  const today = epochToNy(chain.asof).date;
  const i = chain.expirations.findIndex((e) => e.date === today && e.expiresAt > chain.asof);
  return i < 0 ? null : i;
}

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** "13:00 ET" of an instant. */
function clockText(epochMs: number): string {
  const minutes = Math.round(epochToNy(epochMs).minutes);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  return `${hh}:${String(minutes % 60).padStart(2, '0')} ET`;
}

/**
 * The 0DTE state of a chain at its snapshot time: expiring (figures), settled or none, and the next
 * session's 0DTE expiration as far as the chain lists it.
 */
export function zeroDteStatus(chain: Pick<OptionChain, 'expirations' | 'expired' | 'asof'>): ZeroDteStatus {
  const { date } = epochToNy(chain.asof);
  const session = sessionOf(date);
  const index = zeroDteIndex(chain);
  const early = isEarlyClose(date) ? ' (early close)' : '';
  if (index !== null) {
    const e = chain.expirations[index] as { date: string; expiresAt: number };
    return {
      state: 'expiring',
      date,
      settled_expiration: null,
      settled_at: null,
      next_session: date,
      next_expiration: e.date,
      note: `The ${e.date} expiration ends today and settles at ${clockText(e.expiresAt)}${early}.`,
    };
  }
  const settled = chain.expired?.findLast((e) => e.date === date) ?? null;
  const closed = session === null || settled !== null || chain.asof >= session.close;
  const next = closed ? nextTradingDay(date) : date;
  const nextExpiration = chain.expirations.find((e) => e.date === next)?.date ?? null;
  const nextText =
    next === date
      ? `No listed expiration ends today (${date}): nothing is 0DTE.`
      : nextExpiration === null
        ? `No listed expiration ends in the next session (${DAY_NAMES[weekday(next)]} ${next}).`
        : `The next session's (${DAY_NAMES[weekday(next)]} ${next}) 0DTE is the ${nextExpiration} expiration.`;
  const base = { date, next_session: next, next_expiration: nextExpiration };
  if (settled !== null) {
    const at = clockText(settled.expiresAt);
    return {
      state: 'settled',
      ...base,
      settled_expiration: settled.date,
      settled_at: `${date} ${at}`,
      note: `Today's ${settled.date} expiration settled at ${at}${early}: it is not 0DTE. ${nextText}`,
    };
  }
  const why =
    session === null
      ? `No session on ${DAY_NAMES[weekday(date)]} ${date}${holidayName(date) ? ` (${holidayName(date)})` : ''}: nothing is 0DTE. `
      : next === date
        ? ''
        : `Today's session closed at ${clockText(session.close)}${early} with no expiration of its own listed. `;
  return { state: 'none', ...base, settled_expiration: null, settled_at: null, note: `${why}${nextText}` };
}

export function moreLevels(
  chain: OptionChain,
  gammas: Float64Array,
  combined: StrikeExposure,
  buckets: BucketIndices,
  pricing: PricingParams,
): MoreLevels {
  const ranks = gexStrikeRanks(combined, chain.spot);
  const nearestMask = resolveSelection(chain, 'nearest', buckets).mask;
  const nearest = buckets.nearest === null ? null : findGammaFlip(chain, { pricing, mask: nearestMask });
  return {
    ...ranks,
    nearest_expiry_flip: nearest?.price ?? null,
    zero_dte: zeroDte(chain, gammas, combined, pricing),
    zero_dte_status: zeroDteStatus(chain),
  };
}

function zeroDte(
  chain: OptionChain,
  gammas: Float64Array,
  combined: StrikeExposure,
  pricing: PricingParams,
): ZeroDte | null {
  const index = zeroDteIndex(chain);
  if (index === null) return null;
  const mask = new Uint8Array(chain.expirations.length);
  mask[index] = 1;
  const e = exposureByStrike(chain, gammas, mask);
  const totals = gexTotals(e, chain.spot);
  const all = gexTotals(combined, chain.spot);
  const flip = findGammaFlip(chain, { pricing, mask });
  const walls = wallsOf(e, chain.spot);
  return {
    expiration: (chain.expirations[index] as { date: string }).date,
    gex_usd_per_1_pct_move: totals.net,
    gamma_share_pct: all.gross > 0 ? Math.min(100, (100 * totals.gross) / all.gross) : null,
    flip: flip.price,
    flip_reason: flip.reason,
    call_wall: walls.call_wall,
    put_wall: walls.put_wall,
  };
}
