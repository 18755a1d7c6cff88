// A ticker's daily history in a chain folder, from two sources merged by date:
// - the snapshots: the snapshot standing for each session's close (shared/session-close.ts: a
//   complete file before a partial one, a pre-market file only when there is no other) gives that
//   session's close (its spot), ATM IV and put/call OI ratio, so history accumulates as files arrive;
// - `history/<TICKER>.csv`: official daily closes. Where both give a close for a date the file
//   wins (a session's last snapshot may be intraday); snapshots fill the dates the file lacks.
// ATM IV and the OI ratio come only from snapshots: a price file has none, so those dates carry NaN
// and IV rank counts only the sessions that have a snapshot.
import { sessionDateOf, type IsoDate } from '../../../shared/market-calendar.ts';
import { sessionCloses } from '../../../shared/session-close.ts';
import type { TickerHistory } from '../../engine/types.ts';
import type { SnapshotFigures } from './daily-figures.ts';
import type { DailyCloses } from './history-csv.ts';

interface Day {
  close: number;
  atmIv: number;
  pcrOi: number;
}

const finiteOrNaN = (x: number | null): number => (x !== null && Number.isFinite(x) ? x : Number.NaN);

/**
 * Daily history strictly before the session of the snapshot at `snapshotTime` (sessionDateOf: a
 * Sunday or 05:00 snapshot shows the previous session's close, so that session is "today" and not
 * history; counting it twice would add a zero return), oldest first. `snapshots` are the ticker's snapshots, ascending by asof; only those taken before
 * `snapshotTime` count (a later download of an earlier session is not known yet at that instant).
 */
export function mergeHistory(
  snapshots: readonly SnapshotFigures[],
  file: DailyCloses | null,
  snapshotTime: number,
  partial: ReadonlySet<number> = new Set(),
): TickerHistory {
  const today = sessionDateOf(snapshotTime);
  const known: { asof: number; partial: boolean; figures: SnapshotFigures }[] = [];
  for (const s of snapshots) {
    if (s.asof >= snapshotTime) break;
    if (!(s.spot > 0) || !Number.isFinite(s.spot)) continue;
    known.push({ asof: s.asof, partial: partial.has(s.asof), figures: s });
  }
  const days = new Map<IsoDate, Day>();
  for (const [date, { figures: s }] of sessionCloses(known)) {
    if (date >= today) continue;
    days.set(date, { close: s.spot, atmIv: finiteOrNaN(s.atmIv), pcrOi: finiteOrNaN(s.pcrOi) });
  }
  if (file) {
    for (let i = 0; i < file.dates.length; i++) {
      const date = file.dates[i] as IsoDate;
      if (date >= today) break;
      const close = file.closes[i] as number;
      const day = days.get(date);
      if (day) day.close = close;
      else days.set(date, { close, atmIv: Number.NaN, pcrOi: Number.NaN });
    }
  }
  const dates = [...days.keys()].sort();
  const close = new Float64Array(dates.length);
  const atmIv = new Float64Array(dates.length);
  const pcrOi = new Float64Array(dates.length);
  dates.forEach((date, i) => {
    const day = days.get(date) as Day;
    close[i] = day.close;
    atmIv[i] = day.atmIv;
    pcrOi[i] = day.pcrOi;
  });
  return { dates, close, atmIv, pcrOi };
}
