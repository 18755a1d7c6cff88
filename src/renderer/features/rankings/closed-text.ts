// What an empty ranking says when it was stored with the market closed (see the main side's
// ranking-closed.ts): a title and one sentence that tell a trader to wait for the open, and when
// the next ranking is due, instead of "no ticker passes these filters".
import type { RankingClosed } from '../../../shared/bridge/rankings.ts';
import { formatMarketTime } from '../../lib/format.ts';

export interface ClosedText {
  title: string;
  reason: string;
}

/**
 * `what` names the list ("ranking", "income list"); `asof` is the stored snapshot's time; `now`
 * the market's now (epoch ms), which says whether the open is still ahead.
 */
export function closedText(closed: RankingClosed, what: string, asof: string, now: number): ClosedText {
  const taken = formatMarketTime(asof);
  const opens = formatMarketTime(closed.opensAt);
  const opened = Date.parse(closed.opensAt) <= now;
  const when =
    closed.when === 'pre_open'
      ? `The ${what} of ${taken} was taken before the open`
      : `The ${what} of ${taken} was taken with the market closed`;
  const empty = 'when no ticker had a snapshot from the last 36 hours';
  const session = opened ? `The market opened at ${opens}` : `The session opens at ${opens}`;
  const due = closed.nextDueAt
    ? `the next ${what} is due at ${formatMarketTime(closed.nextDueAt)}`
    : `no scheduled ${what} falls in market hours in the next eight days (see Settings → Polling)`;
  return {
    title: closed.when === 'pre_open' ? 'Pre-open' : 'Market closed',
    reason: `${when}, ${empty}. ${session}; ${due}.`,
  };
}
