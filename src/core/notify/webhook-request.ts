// What a webhook sends for an alert: the request its preset shapes (generic, Discord, Slack, ntfy),
// or the generic one's body from the webhook's own template, with the webhook's headers and the
// event's idempotency key. webhook.ts sends it (signed, with retries).
import { randomUUID } from 'node:crypto';
import type { AlertEvent } from '../../shared/bridge/alerts.ts';
import type { Webhook, WebhookHeader } from '../../shared/bridge/settings.ts';
import { renderWebhookBody } from '../../shared/webhook-template.ts';
import { eventIdsOf, isSimulated, outwardTitle, type OutgoingEvent } from './outgoing.ts';
import { nyTimeText } from './templated.ts';
import { webhookValues } from './webhook-body.ts';

export type WebhookPreset = Webhook['preset'];

/** What a delivery needs of a webhook's settings (a test of an unsaved one has no id yet). */
export interface WebhookTarget {
  id?: string | undefined;
  url: string;
  preset: WebhookPreset;
  headers?: readonly WebhookHeader[] | undefined;
  bodyTemplate?: string | null | undefined;
}

export interface WebhookRequest {
  url: string;
  body: unknown;
  /** Sent as the Idempotency-Key header: the same for every attempt at one event. */
  idempotencyKey?: string;
  /**
   * The webhook's own headers (settings validated them: none of the app's own). Sent before the
   * app's, which win; their values are kept out of every error text.
   */
  headers?: readonly WebhookHeader[];
  /** The webhook's signing key: each attempt carries X-Gammawatch-Signature (webhook-signature.ts). */
  signingKey?: string | null;
  /** A body of the webhook's own template, sent as it is instead of `body` as JSON. */
  text?: { body: string; contentType: string };
}

/**
 * One event's key, the same on every retry and restart: its id in the store, with its creation
 * time so that a new database (ids restarting at 1) never reuses a key a receiver has seen.
 */
export function eventIdempotencyKey(event: Pick<AlertEvent, 'id' | 'createdAt'>): string {
  const created = Date.parse(event.createdAt);
  return Number.isFinite(created) ? `gammawatch-${event.id}-${created}` : `gammawatch-${event.id}`;
}

const SEVERITY_COLOUR = { info: 0x3b82f6, warning: 0xf59e0b, critical: 0xef4444 } as const;

/**
 * When the alert's snapshot was taken, as each chat shows a time in its reader's own zone and
 * format: Slack's `<!date^…>` (with New York time as the fallback text of a client that cannot),
 * Discord's `<t:…:f>` ("2 March 2026 10:00") and `<t:…:R>` ("5 minutes ago").
 */
export function chatTimes(asofIso: string): { slack: string; discord: string } | null {
  const ms = Date.parse(asofIso);
  if (!Number.isFinite(ms)) return null;
  const unix = Math.floor(ms / 1000);
  return {
    slack: `<!date^${unix}^{date_short_pretty} {time}|${nyTimeText(ms)}>`,
    discord: `<t:${unix}:f> (<t:${unix}:R>)`,
  };
}
const NTFY_PRIORITY = { info: 3, warning: 4, critical: 5 } as const;

/** A test message's key: new each time, so a receiver that drops repeats still shows every test. */
export function testMessageKey(): string {
  return `gammawatch-test-${randomUUID()}`;
}

/**
 * The request a preset sends for an event. `key` is its idempotency key (default: the event's own,
 * see eventIdempotencyKey; a test message passes a fresh one so a receiver never drops it). Discord
 * and ntfy read only their own fields, so there the header alone carries the key; Slack keeps it
 * as the message block's block_id; the generic body has it as `idempotency_key`.
 */
export function webhookRequest(
  preset: WebhookPreset,
  url: string,
  event: OutgoingEvent,
  key: string = eventIdempotencyKey(event),
): WebhookRequest {
  // "[Simulated] …" when the simulator raised it; the generic body says so in a field as well.
  const title = outwardTitle(event);
  const simulated = isSimulated(event);
  const times = chatTimes(event.asof);
  switch (preset) {
    case 'discord':
      return {
        url,
        idempotencyKey: key,
        body: {
          username: 'Gammawatch',
          content: `**${title}**`,
          embeds: [
            {
              title,
              description: times ? `${event.message}\n${times.discord}` : event.message,
              color: SEVERITY_COLOUR[event.severity],
              timestamp: event.asof,
              footer: {
                text: `${event.ruleName} · ${event.severity}${simulated ? ' · simulated data' : ''}`,
              },
            },
          ],
        },
      };
    case 'slack':
      return {
        url,
        idempotencyKey: key,
        body: {
          text: `*${title}*\n${event.message}`,
          blocks: [
            {
              type: 'section',
              block_id: key,
              text: { type: 'mrkdwn', text: `*${title}*\n${event.message}` },
            },
            {
              type: 'context',
              elements: [
                {
                  type: 'mrkdwn',
                  text: `${event.ruleName} · ${event.severity} · ${times?.slack ?? event.asof}`,
                },
              ],
            },
          ],
        },
      };
    case 'ntfy': {
      // ntfy takes JSON at the server root with the topic in the body; the configured URL is the
      // topic's URL (https://ntfy.sh/my-topic).
      const parsed = new URL(url);
      const topic = parsed.pathname.replace(/^\/+|\/+$/g, '');
      parsed.pathname = '/';
      return {
        url: parsed.toString(),
        idempotencyKey: key,
        body: {
          topic,
          title,
          message: event.message,
          priority: NTFY_PRIORITY[event.severity],
          tags: [event.kind, event.severity, ...(simulated ? ['simulated'] : [])],
        },
      };
    }
    case 'generic':
      return { url, idempotencyKey: key, body: genericBody(event, key) };
  }
}

/**
 * The request a webhook sends for an event: its preset's, or the generic one's body from its own
 * template (webhook-body.ts), with its headers. Signing is postJson's, at each attempt.
 */
export function requestFor(
  hook: WebhookTarget,
  event: OutgoingEvent,
  key: string = eventIdempotencyKey(event),
): WebhookRequest {
  const request = { ...webhookRequest(hook.preset, hook.url, event, key), headers: hook.headers ?? [] };
  if (hook.preset !== 'generic' || !hook.bodyTemplate) return request;
  const { text, contentType } = renderWebhookBody(hook.bodyTemplate, webhookValues(event, key));
  return { ...request, text: { body: text, contentType } };
}

/** Of `value`, JSON's own: a number, a text or null (never undefined, so the key is always there). */
const field = <T>(value: T | undefined): T | null => value ?? null;

/**
 * The generic body: the fields it always had (`source: "gammawatch"`, `type`, `idempotency_key`,
 * `event` with id, rule, ticker, kind, title, message, transition, asof, createdAt), and the
 * figures a receiver parses instead of the text: `event.level` (a level-cross rule's level: name,
 * label, value, previous), `event.value` and `event.previous` (the figure the rule looked at),
 * `event.metric` and `event.threshold` (a threshold rule's), `event.price` (spot),
 * `event.occurred_at` (the snapshot's time, ISO), `event.source` (the data source: id, label) and
 * `simulated`, at the top and in `event`. A digest's `event_ids` lists every event it stands for.
 */
function genericBody(event: OutgoingEvent, key: string): Record<string, unknown> {
  const facts = event.facts;
  const simulated = isSimulated(event);
  return {
    source: 'gammawatch',
    type: 'alert',
    idempotency_key: key,
    /** The figures are the market simulator's, not market prices. */
    simulated,
    event_ids: eventIdsOf(event),
    event: {
      id: event.id,
      rule: event.ruleName,
      ruleId: event.ruleId,
      ticker: event.ticker,
      kind: event.kind,
      severity: event.severity,
      title: outwardTitle(event),
      message: event.message,
      transition: event.transition,
      asof: event.asof,
      createdAt: event.createdAt,
      occurred_at: event.asof,
      level: field(facts?.level),
      value: field(facts?.value),
      previous: field(facts?.previous),
      metric: field(facts?.metric),
      threshold: field(facts?.threshold),
      price: field(facts?.price),
      source: { id: event.source.id, label: event.source.label },
      simulated,
    },
  };
}
