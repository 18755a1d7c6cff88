// The day a metric point counts for in a daily series: its NYSE session (sessionDateOf), so a point
// taken after the close, overnight, on a weekend or a holiday counts for the last session before
// it, and a daily series never has a point on a day the exchange was closed.
import { sessionDateOf, type IsoDate } from '../../shared/market-calendar.ts';

export function dailyDayOf(ts: number): IsoDate {
  return sessionDateOf(ts);
}
