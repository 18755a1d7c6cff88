// What the header says of the market: read from the session app:info last reported and the
// market's now, which moves between those reports (every few seconds, and with each stored
// snapshot). So the header turns to "Market open" with the open's first snapshot, under a fast
// clock too, rather than when app:info is next read (up to a minute later, an hour at 60×).
import type { AppInfo } from '../../shared/bridge/app-info.ts';

export interface MarketStatus {
  open: boolean;
  /** What follows the state: "closes", "opens" or "closed" at `at`. */
  verb: 'closes' | 'opens' | 'closed';
  /** ISO instant the verb refers to. */
  at: string;
}

/** `market` is app:info's (the current session while open, else the next one); `now` epoch ms. */
export function marketStatus(market: AppInfo['market'], now: number): MarketStatus {
  const open = Date.parse(market.sessionOpen);
  const close = Date.parse(market.sessionClose);
  if (now < open) return { open: false, verb: 'opens', at: market.sessionOpen };
  if (now < close) return { open: true, verb: 'closes', at: market.sessionClose };
  // Past the reported session's close: the next session is known once app:info is read again.
  return { open: false, verb: 'closed', at: market.sessionClose };
}
