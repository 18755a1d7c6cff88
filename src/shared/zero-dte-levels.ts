// 0DTE levels belong to one expiration: they are that day's until it settles at the close (16:00 ET,
// 13:00 ET on an early-close day), never the next session's. A levels snapshot stored before the
// close and exported on the weekend must not draw Friday's settled 0DTE flip and walls on Monday's
// chart, and a 0DTE alert compares two snapshots of the same expiration only.
import type { LevelKind } from './api/levels.ts';
import { epochToNy, optionExpiryEpoch } from './market-calendar.ts';

/** The 0DTE levels' kinds, which are also their ids (and the level rules' names). */
export const ZERO_DTE_LEVEL_KINDS: ReadonlySet<string> = new Set<LevelKind>([
  'zero_dte_flip',
  'zero_dte_call_wall',
  'zero_dte_put_wall',
]);

/**
 * The expiration of a snapshot's 0DTE levels: the one they name, else the snapshot's own New York
 * date (a 0DTE expiration ends on its snapshot's date; levels stored before they named it).
 */
export function zeroDteExpirationOf(level: { expiration?: unknown }, snapshotAsof: number): string {
  return typeof level.expiration === 'string' ? level.expiration : epochToNy(snapshotAsof).date;
}

/**
 * The levels to draw at `now`: a 0DTE level whose expiration has settled by then is left out, and
 * a note for the script's header says which expiration settled and when.
 */
export function withoutSettledZeroDte<L extends { kind: string; expiration?: unknown }>(
  levels: readonly L[],
  snapshotAsof: number,
  now: number,
): { levels: L[]; notes: string[] } {
  const settled = new Set<string>();
  const kept = levels.filter((l) => {
    if (!ZERO_DTE_LEVEL_KINDS.has(l.kind)) return true;
    const expiration = zeroDteExpirationOf(l, snapshotAsof);
    if (now < optionExpiryEpoch(expiration)) return true;
    settled.add(expiration);
    return false;
  });
  const notes = [...settled].sort().map((e) => {
    const { minutes } = epochToNy(optionExpiryEpoch(e));
    const clock = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(Math.round(minutes % 60)).padStart(2, '0')}`;
    return `0DTE flip and walls of the ${e} expiration left out: it settled at ${clock} ET on ${e}.`;
  });
  return { levels: kept, notes };
}
