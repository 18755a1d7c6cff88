// The alerts engine's reads, backed by the store. Built once per ingest batch and used inside the
// batch's transaction, so events written for one snapshot count for the next one's cooldown.
import type { AlertRuleBody } from '../../shared/alert-rules.ts';
import type { Store } from './database.ts';
import type { AlertSnapshot } from '../alerts/conditions.ts';
import type { AlertContext } from '../alerts/engine.ts';
import type { ChannelSettings } from '../alerts/policy.ts';

export function storeAlertContext(
  store: Store<AlertRuleBody>,
  channels: ChannelSettings,
  wallNow: number,
): AlertContext {
  const lists = new Map<number, ReadonlySet<string>>();
  // Several rules (regime, tier) read the same series: read its history once per snapshot.
  const histories = new Map<string, readonly AlertSnapshot[]>();
  return {
    rules: store.alertRules
      .list({ enabledOnly: true })
      .map((r) => ({ id: r.id, name: r.name, enabled: r.enabled, body: r.rule })),
    watchlistTickers(id) {
      let set = lists.get(id);
      if (!set) {
        set = new Set(store.watchlists.get(id)?.tickers ?? []);
        lists.set(id, set);
      }
      return set;
    },
    lastFiredAsof(ruleId, ticker) {
      return store.alertEvents.list({ ruleId, ticker, limit: 1 })[0]?.asof ?? null;
    },
    sawValue(ticker, metric, after, until, test) {
      const from = after === null ? 0 : after + 1;
      if (until < from) return false;
      const table = store.metrics.series(ticker, [metric], { from, to: until, resolution: 'raw' });
      return (table.columns[metric] ?? []).some((v) => typeof v === 'number' && test(v));
    },
    history(curr) {
      const key = `${curr.endpoint}|${curr.ticker ?? ''}|${JSON.stringify(curr.params)}|${curr.asof}`;
      let found = histories.get(key);
      if (!found) {
        found = storedHistory(store, curr);
        histories.set(key, found);
      }
      return found;
    },
    // In the ingest's transaction: a membership written for one snapshot is what the next reads,
    // and a batch that fails leaves it as it was.
    membership: store.screenerMembership,
    channels,
    wallNow,
  };
}

/**
 * Enough history for the longest dwell a rule may ask for (20 snapshots, 240 minutes) plus the
 * label held before it: the last HISTORY_LIMIT snapshots. The span is bounded by count, with only
 * a generous time bound (a month): snapshots a day apart (a daily schedule, a laptop that slept)
 * must still show the label that held before a change, or no change could ever be confirmed.
 */
export const HISTORY_LIMIT = 64;
export const HISTORY_SPAN_MS = 31 * 24 * 60 * 60_000;

function storedHistory(store: Store<AlertRuleBody>, curr: AlertSnapshot): readonly AlertSnapshot[] {
  const out: AlertSnapshot[] = [];
  const rows = store.snapshots.iterate({
    endpoint: curr.endpoint,
    ticker: curr.ticker,
    params: { ...curr.params },
    from: Math.max(0, curr.asof - HISTORY_SPAN_MS),
    to: curr.asof - 1,
    order: 'desc',
    limit: HISTORY_LIMIT,
  });
  for (const row of rows) {
    out.push({
      endpoint: curr.endpoint,
      ticker: curr.ticker,
      params: curr.params,
      asof: row.asof,
      payload: row.data,
    });
  }
  return out.reverse();
}
