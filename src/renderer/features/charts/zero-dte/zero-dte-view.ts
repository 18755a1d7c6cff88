// What the 0DTE panel shows for a market-structure record: the expiring expiration's figures, or
// why there are none. A 0DTE expiration is today's until it settles at the close (13:00 ET on an
// early-close day): a record taken before the close and still shown after it (the latest stored
// one, on the weekend) shows that its expiration settled, not "expiring today".
import type { MarketStructureData, ZeroDteData } from '../../../../shared/api/market-structure.ts';
import {
  epochToNy,
  isTradingDay,
  nextTradingDay,
  optionExpiryEpoch,
} from '../../../../shared/market-calendar.ts';

export type ZeroDteView =
  | { kind: 'expiring'; zero: ZeroDteData }
  | { kind: 'settled'; expiration: string; note: string }
  | { kind: 'none'; note: string };

const NONE_TODAY = 'No expiration ends today: no 0DTE figures for this snapshot.';

/**
 * The panel's state, or null when the record has no 0DTE at all (a service without it). `now`: the
 * market clock for the live record (a settled expiration is no longer expiring); null for a record
 * shown as of a past time, read as it was.
 */
export function zeroDteView(
  data: Pick<MarketStructureData, 'zero_dte' | 'zero_dte_status' | 'term_structure'>,
  now: number | null,
): ZeroDteView | null {
  if (data.zero_dte === undefined) return null;
  const zero = data.zero_dte;
  if (zero) {
    const settles = optionExpiryEpoch(zero.expiration);
    if (now === null || now < settles) return { kind: 'expiring', zero };
    const minutes = Math.round(epochToNy(settles).minutes);
    const clock = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    // The next session's 0DTE, when the record's term structure lists an expiration that day.
    const nextSession = nextTradingDay(zero.expiration);
    const next = data.term_structure?.points.find((p) => p.expiration === nextSession)?.expiration;
    return {
      kind: 'settled',
      expiration: zero.expiration,
      note:
        `The ${zero.expiration} expiration settled at ${clock} ET, after this snapshot: it is not ` +
        `0DTE any more. ` +
        (next
          ? `The next session's (${nextSession}) 0DTE is the ${next} expiration.`
          : `The next session is ${nextSession}.`),
    };
  }
  const status = data.zero_dte_status;
  if (status?.state === 'settled' && status.settled_expiration !== null)
    return { kind: 'settled', expiration: status.settled_expiration, note: status.note };
  // No session that day (a weekend, a holiday): the note says so and names the next session's 0DTE.
  if (status && !isTradingDay(status.date)) return { kind: 'none', note: status.note };
  return { kind: 'none', note: NONE_TODAY };
}
