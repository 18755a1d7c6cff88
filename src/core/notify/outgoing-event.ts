// The rule's template applied to a stored event, with the values of the ticker's signals snapshot
// stored at or before the event (price, flip, regime, tier). Read at delivery time: a template
// edited after the event fired speaks in its new words; a deleted rule's event keeps the built-in.
import type { AlertRuleBody } from '../../shared/alert-rules.ts';
import type { AlertEvent } from '../../shared/bridge/alerts.ts';
import { templatedEvent, templateValues } from './templated.ts';
import type { Store } from '../store/database.ts';

export function outgoingFromStore(store: Store<AlertRuleBody>): (event: AlertEvent) => AlertEvent {
  return (event) => {
    if (event.ruleId === null) return event;
    const template = store.alertRules.get(event.ruleId)?.rule.template ?? null;
    if (!template) return event;
    const at = Date.parse(event.asof);
    const signals =
      event.ticker && Number.isFinite(at)
        ? (store.snapshots.latestAtOrBefore({ endpoint: 'signals', ticker: event.ticker }, at)?.data ?? null)
        : null;
    return templatedEvent(event, template, templateValues(event, signals));
  };
}
