// What a webhook's body template is filled with (shared/webhook-template.ts): the alert's words
// as they leave the app (its title marked "[Simulated]" from the simulator), its figures as
// numbers where they are numbers, its kind, source and whether it is simulated, and the rule
// template's values (flip, regime, tier, time) read from the ticker's signals at the alert.
import type { WebhookValues } from '../../shared/webhook-template.ts';
import { isSimulated, outwardTitle, type OutgoingEvent } from './outgoing.ts';
import { templateValues } from './templated.ts';

/** A rule template's figure ("600.10") as a number, for a JSON body. */
function figure(text: string | null): number | null {
  if (text === null) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

export function webhookValues(event: OutgoingEvent, key: string): WebhookValues {
  const base = event.values ?? templateValues(event, null);
  const facts = event.facts;
  return {
    ticker: event.ticker,
    title: outwardTitle(event),
    price: facts?.price ?? figure(base.price),
    flip: figure(base.flip),
    regime: base.regime,
    tier: base.tier,
    severity: base.severity,
    time: base.time,
    message: event.message,
    kind: event.kind,
    value: facts?.value ?? null,
    previous: facts?.previous ?? null,
    level: facts?.level?.label ?? null,
    level_value: facts?.level?.value ?? null,
    simulated: isSimulated(event),
    source: event.source.label,
    occurred_at: event.asof,
    event_id: event.id,
    idempotency_key: key,
  };
}
