// Backfill from a remote API v2: it serves only the present, so no past snapshot can be made and a
// rule replays over the snapshots this app stored while it polled. Its /series does serve daily
// values of the metric catalog: the daily closes for forward returns and the baseline come from
// there (stored as the poller stores series points, dated at the session's close).
import type { AlertRuleBody } from '../../shared/alert-rules.ts';
import {
  addDays,
  epochToNy,
  nyToEpoch,
  previousTradingDay,
  REGULAR_CLOSE_MINUTES,
} from '../../shared/market-calendar.ts';
import type { ApiClient } from '../../client/index.ts';
import { messageOf } from '../../shared/message-of.ts';
import type { Store } from '../store/database.ts';
import type { MetricPointInput } from '../store/repositories/metric-points.ts';
import type { PastSource } from './past-source.ts';
import { storedCloses } from './stored-history.ts';

/** The service caps series lookbacks at five years. */
const MAX_SERIES_DAYS = 5 * 365;

export function remotePast(store: Store<AlertRuleBody>, client: ApiClient): PastSource {
  const problems: string[] = [];
  return {
    // Nothing to make: a remote API cannot serve a past snapshot.
    async fillTicker() {},
    async fillRankings() {},

    async fillCloses(tickers, from, to, signal) {
      const firstDate = epochToNy(from).date;
      const lastDate = previousTradingDay(epochToNy(to).date);
      const days = Math.min(MAX_SERIES_DAYS, Math.ceil((to - from) / 86_400_000) + 1);
      for (const ticker of tickers) {
        if (signal.aborted) return;
        // Stored already (an earlier run, the poller's own series): no request. A window that
        // starts on a weekend or a holiday is covered from the next session.
        const have = storedCloses(store, ticker, from, to);
        const covered =
          have.length > 0 &&
          (have[0]?.date ?? '9') <= addDays(firstDate, 7) &&
          (have.at(-1)?.date ?? '') >= lastDate;
        if (covered) continue;
        try {
          const result = await client.series(ticker, { metrics: ['price'], window: `${days}d` }, { signal });
          const points: MetricPointInput[] = [];
          for (const p of result.body.data.points) {
            const close = (p as Record<string, unknown>)['price'];
            if (typeof close === 'number' && Number.isFinite(close))
              points.push({
                ticker,
                metric: 'price',
                ts: nyToEpoch(p.date, REGULAR_CLOSE_MINUTES),
                value: close,
              });
          }
          if (points.length) store.metrics.put(points);
        } catch (error) {
          if (signal.aborted) return;
          problems.push(
            `${ticker}: the remote service's daily series could not be read (${messageOf(error)})`,
          );
        }
      }
    },

    notes: () => [
      'The data source is a remote API v2: it serves no past snapshots, so the rule was replayed over the snapshots stored here while polling; daily closes come from its /series.',
      ...problems,
    ],
  };
}
