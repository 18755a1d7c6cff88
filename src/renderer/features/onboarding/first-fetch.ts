// Progress of a list's first snapshots, so a first run does not sit for half a minute on "Waiting
// for the first snapshot…" with nothing moving. A row is in once the watcher has stored anything
// for it, a failure included (the row then says why); the rest are still being fetched. The
// poller's own state says why nothing moves: paused, or a data source that does not answer.
import type { PollStatus } from '../../../shared/bridge/poll.ts';
import type { TickerRow } from '../../../shared/bridge/tickers.ts';

export interface FirstFetchProgress {
  /** Tickers with a first snapshot (or a final answer: unknown, failed). */
  done: number;
  total: number;
  /** 0..100, for the bar. */
  percent: number;
  /** The sentence above the bar. */
  text: string;
  /** Why it does not move, when the poller says so. */
  stalled: boolean;
}

/** Null when nothing is pending (or the rows are not loaded yet): no bar to show. */
export function firstFetchProgress(
  rows: readonly Pick<TickerRow, 'status'>[] | null,
  poll: Pick<PollStatus, 'paused' | 'state'> | null,
): FirstFetchProgress | null {
  if (!rows || rows.length === 0) return null;
  const total = rows.length;
  const done = rows.filter((r) => r.status !== 'pending').length;
  if (done === total) return null;
  const percent = Math.round((done / total) * 100);
  const count = `${done} of ${total} ${total === 1 ? 'ticker' : 'tickers'} in`;
  if (poll?.paused)
    return {
      done,
      total,
      percent,
      stalled: true,
      text: `Polling is paused: ${count}. Resume it to fetch the rest.`,
    };
  if (poll?.state === 'offline')
    return {
      done,
      total,
      percent,
      stalled: true,
      text: `The data source does not answer: ${count}. Retrying…`,
    };
  return { done, total, percent, stalled: false, text: `Fetching first snapshots: ${count}…` };
}
