// The alerts engine's reads, backed by the store. Built once per ingest batch and used inside the
// batch's transaction, so events written for one snapshot count for the next one's cooldown.
import type { AlertRuleBody } from '../../shared/alert-rules.ts';
import type { Store } from '../store/database.ts';
import type { AlertContext } from './engine.ts';
import type { ChannelSettings } from './policy.ts';

export function storeAlertContext(
  store: Store<AlertRuleBody>,
  channels: ChannelSettings,
  wallNow: number,
): AlertContext {
  const lists = new Map<number, ReadonlySet<string>>();
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
    channels,
    wallNow,
  };
}
