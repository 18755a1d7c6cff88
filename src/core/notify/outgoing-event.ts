// The event as the outward channels send it: its figures (alert-facts.ts) from the details stored
// with it and the ticker's signals snapshot stored at or before it, in its own source's history
// (a delivery retried after a switch of source reads the source that raised it), and the rule's
// template applied to it. Read at delivery time: a template edited after the event fired speaks
// in its new words; a deleted rule's event keeps the built-in.
import type { AlertRuleBody } from '../../shared/alert-rules.ts';
import type { AlertEvent } from '../../shared/bridge/alerts.ts';
import { record } from '../lib/payload-fields.ts';
import type { Store } from '../store/database.ts';
import { alertFacts } from './alert-facts.ts';
import type { OutgoingEvent } from './outgoing.ts';
import { templatedEvent, templateValues } from './templated.ts';

export function outgoingFromStore(store: Store<AlertRuleBody>): (event: AlertEvent) => OutgoingEvent {
  return (event) => {
    const at = Date.parse(event.asof);
    const signals =
      event.ticker && Number.isFinite(at)
        ? (store
            .forSource(event.source.id)
            .snapshots.latestAtOrBefore({ endpoint: 'signals', ticker: event.ticker }, at)?.data ?? null)
        : null;
    const details = record(store.alertEvents.get(event.id)?.payload)?.['details'];
    const facts = alertFacts(event, details, signals);
    const values = templateValues(event, signals);
    const template =
      event.ruleId === null ? null : (store.alertRules.get(event.ruleId)?.rule.template ?? null);
    return { ...templatedEvent(event, template, values), facts, values };
  };
}
