// Alert history as the UI shows it: the stored event, what the engine wrote in its payload
// (rule name, title, message), and one row per delivery channel.
import type {
  AlertEvent as BridgeAlertEvent,
  AlertSource,
  AlertsPage,
  AlertsQuery,
  Delivery as BridgeDelivery,
} from '../../shared/bridge/alerts.ts';
import { alertsListInputSchema } from '../../shared/bridge/alerts.ts';
import { ALERT_KINDS, type AlertKind } from '../../shared/alert-rules.ts';
import { SNAPSHOT_ENDPOINTS, type SnapshotEndpoint } from '../../shared/bridge/tickers.ts';
import type { AlertEvent, AlertEventRepository } from '../store/repositories/alert-events.ts';
import type { Delivery, DeliveryRepository } from '../store/repositories/alert-deliveries.ts';
import { record, text } from '../lib/payload-fields.ts';
import { sourceFactsOfId } from '../source/option.ts';

const iso = (ms: number): string => new Date(ms).toISOString();

const PLAIN_CHANNELS = ['desktop', 'in_app', 'telegram', 'email', 'pushover'] as const;

/** Store channel names (`desktop`, `in_app`, `webhook:<id>`, `telegram`, …) as the bridge spells them. */
export function toBridgeDelivery(d: Delivery): BridgeDelivery {
  const [channel, target] = d.channel.startsWith('webhook:')
    ? (['webhook', d.channel.slice('webhook:'.length)] as const)
    : ([PLAIN_CHANNELS.find((c) => c === d.channel) ?? 'in_app', null] as const);
  return {
    channel,
    target,
    state: d.state,
    attempts: d.attempts,
    lastError: d.lastError,
    quietHours: d.quietHours,
    digestUntil: d.digestUntil === null ? null : iso(d.digestUntil),
  };
}

/**
 * The source an event was raised from: its id (the event's column) with the label and simulated
 * flag recorded at the time, or what the id tells of them for an event stored before they were.
 */
export function eventSourceOf(event: Pick<AlertEvent, 'source' | 'payload'>): AlertSource {
  const recorded = record(record(event.payload)?.['source']);
  const fallback = sourceFactsOfId(event.source);
  const simulated = recorded?.['simulated'];
  return {
    id: event.source,
    label: text(recorded, 'label') ?? fallback.label,
    simulated: typeof simulated === 'boolean' ? simulated : fallback.simulated,
  };
}

export function toBridgeEvent(event: AlertEvent, deliveries: readonly Delivery[]): BridgeAlertEvent {
  const payload = record(event.payload);
  const endpoint = text(payload, 'endpoint');
  const kind = (ALERT_KINDS as readonly string[]).includes(event.kind)
    ? (event.kind as AlertKind)
    : 'regime_change';
  return {
    id: event.id,
    ruleId: event.ruleId,
    ruleName: text(payload, 'ruleName') ?? '(deleted rule)',
    ticker: event.ticker,
    kind,
    severity: event.severity,
    title: text(payload, 'title') ?? `${event.ticker ?? ''} ${event.kind}`.trim(),
    message: text(payload, 'message') ?? '',
    transition: event.transition,
    asof: iso(event.asof),
    endpoint:
      endpoint && (SNAPSHOT_ENDPOINTS as readonly string[]).includes(endpoint)
        ? (endpoint as SnapshotEndpoint)
        : null,
    source: eventSourceOf(event),
    createdAt: iso(event.createdAt),
    read: event.readAt !== null,
    deliveries: deliveries.map(toBridgeDelivery),
  };
}

export interface AlertQueryDeps {
  events: AlertEventRepository;
  deliveries: DeliveryRepository;
}

export function loadBridgeEvent(deps: AlertQueryDeps, id: number): BridgeAlertEvent | null {
  const event = deps.events.get(id);
  return event ? toBridgeEvent(event, deps.deliveries.forEvent(id)) : null;
}

export function listAlerts(deps: AlertQueryDeps, query: AlertsQuery): AlertsPage {
  const q = alertsListInputSchema.parse(query);
  const filter = {
    ticker: q.ticker,
    ruleId: q.ruleId,
    kind: q.kind,
    severity: q.severity,
    unreadOnly: q.unreadOnly,
    from: q.from,
    to: q.to,
  };
  const items = deps.events
    .list({ ...filter, limit: q.limit, offset: q.offset })
    .map((e) => toBridgeEvent(e, deps.deliveries.forEvent(e.id)));
  return { items, total: deps.events.count(filter), unread: deps.events.count({ unreadOnly: true }) };
}
