// The sessions retention thinned for a ticker on the New York dates between two instants (of the
// store's source), as Replay and History say them: "this day was thinned to one snapshot per 15
// minutes".
import type { ThinnedDay } from '../../shared/bridge/history.ts';
import { epochToNy } from '../../shared/market-calendar.ts';
import type { Store } from '../store/database.ts';

export function thinnedSessions(
  store: Store<unknown>,
  ticker: string,
  from: number,
  to: number,
): ThinnedDay[] {
  return store.thinning
    .thinnedDays({ source: store.source, ticker, from: epochToNy(from).date, to: epochToNy(to).date })
    .map(({ day, level }) => ({ day, level }));
}
