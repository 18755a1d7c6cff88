// Webhooks: a JSON POST shaped for the receiving service (generic, Discord, Slack, ntfy), with a
// timeout per attempt and bounded retries with backoff on network errors, 429 and 5xx. A 4xx
// other than 429 is the receiver refusing the message: retrying would not help. Delivery is at
// least once (a receiver slower than the timeout gets the retry too), so every request carries the
// event's idempotency key, in an `Idempotency-Key` header and, where the body can hold a field of
// ours, in the body: a receiver drops a key it has seen.
import { randomUUID } from 'node:crypto';
import type { AlertEvent } from '../../shared/bridge/alerts.ts';
import {
  WEBHOOK_CREDENTIALS_MESSAGE,
  WEBHOOK_SIGNATURE_HEADER,
  type Webhook,
  type WebhookHeader,
} from '../../shared/bridge/settings.ts';
import { errorText, type DeliveryOutcome, type NotificationChannel } from './channel.ts';
import { eventIdsOf, isSimulated, outwardTitle, type OutgoingEvent } from './outgoing.ts';
import { nyTimeText } from './templated.ts';
import { renderWebhookBody } from '../../shared/webhook-template.ts';
import { redactSecrets, urlCredentials } from './url-redaction.ts';
import { webhookValues } from './webhook-body.ts';
import { webhookSignature } from './webhook-signature.ts';

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

/** Values this short are ordinary words; longer header values may be tokens, scrubbed from errors. */
const MIN_SCRUBBED_VALUE = 6;

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

export interface WebhookOptions {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** One attempt's whole exchange: connect, send, the response's headers and the prefix read. */
  timeoutMs?: number;
  maxAttempts?: number;
  backoffBaseMs?: number;
  /** Longest Retry-After honoured; beyond it the delivery fails rather than holding a slot. */
  maxRetryAfterMs?: number;
  /** How much of a response body is read (for the error text); the rest is dropped unread. */
  responsePrefixBytes?: number;
  /** The clock a signature's timestamp reads (epoch ms); the wall clock by default. */
  now?: () => number;
}

export interface PostResult {
  delivered: boolean;
  status: number | null;
  attempts: number;
  error: string | null;
  durationMs: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** A receiver's answer matters only for its status and a line of text; 4 KB holds that. */
const DEFAULT_PREFIX_BYTES = 4096;
/** How much of that text goes into an error message. */
const SNIPPET_CHARS = 200;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : null;
}

class AttemptTimeout extends Error {
  override readonly name = 'AttemptTimeout';
}

/** `promise`, or a rejection as soon as `signal` aborts (a stalled body read never resolves on its own). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * At most `limit` bytes of a response body, as text; the rest is cancelled unread, which closes the
 * connection (a 1.5 GB answer costs 4 KB, not 1.5 GB of memory and the time to download it).
 */
async function readPrefix(response: Response, limit: number, signal: AbortSignal): Promise<string> {
  const body = response.body;
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await abortable(reader.read(), signal);
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
  const bytes = new Uint8Array(Math.min(size, limit));
  let at = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - at);
    bytes.set(part, at);
    at += part.length;
    if (at >= bytes.length) break;
  }
  return new TextDecoder().decode(bytes);
}

/** The first line or so of a receiver's answer, for an error message. */
function snippetOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET_CHARS ? `${flat.slice(0, SNIPPET_CHARS)}…` : flat;
}

interface Answer {
  status: number;
  ok: boolean;
  retryAfter: string | null;
  text: string;
}

/** One POST, the timeout covering all of it; throws AttemptTimeout, the caller's abort, or fetch's error. */
async function attemptOnce(
  request: WebhookRequest,
  /** The body as sent, and signed: serialized once for every attempt. */
  body: string,
  options: WebhookOptions,
  signal: AbortSignal | undefined,
  /** Set as soon as the status line arrives, so a body that then stalls still reports it. */
  seen: { status: number | null },
): Promise<Answer> {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new AttemptTimeout(`timed out after ${timeoutMs} ms`)),
    timeoutMs,
  );
  const onAbort = (): void => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const headers: Record<string, string> = { 'user-agent': 'Gammawatch' };
    for (const h of request.headers ?? []) headers[h.name.trim().toLowerCase()] = h.value;
    headers['content-type'] = request.text?.contentType ?? 'application/json';
    if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
    if (request.signingKey) {
      const at = Math.floor((options.now ?? Date.now)() / 1000);
      headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] = webhookSignature(request.signingKey, body, at);
    }
    const response = await abortable(
      doFetch(request.url, {
        method: 'POST',
        headers,
        body,
        signal: controller.signal,
        redirect: 'error',
      }),
      controller.signal,
    );
    seen.status = response.status;
    const text = await readPrefix(
      response,
      options.responsePrefixBytes ?? DEFAULT_PREFIX_BYTES,
      controller.signal,
    );
    return {
      status: response.status,
      ok: response.ok,
      retryAfter: response.headers.get('retry-after'),
      text,
    };
  } catch (error) {
    // Whatever fetch or the stream says after our own abort, the reason is the abort's.
    if (controller.signal.aborted && controller.signal.reason instanceof AttemptTimeout)
      throw controller.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** POSTs JSON with retries; never throws. Error text never holds the URL's credentials or query values. */
export async function postJson(
  request: WebhookRequest,
  options: WebhookOptions = {},
  signal?: AbortSignal,
): Promise<PostResult> {
  const sleep = options.sleep ?? realSleep;
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  const base = options.backoffBaseMs ?? 500;
  const secrets = [
    ...urlCredentials(request.url),
    ...(request.headers ?? []).map((h) => h.value.trim()).filter((v) => v.length >= MIN_SCRUBBED_VALUE),
  ];
  const clean = (text: string): string => redactSecrets(text, secrets);
  const started = performance.now();
  const body = request.text?.body ?? JSON.stringify(request.body);
  let status: number | null = null;
  let error: string | null = null;
  const result = (delivered: boolean, attempts: number, error: string | null): PostResult => ({
    delivered,
    status,
    attempts,
    error: error === null ? null : clean(error),
    durationMs: performance.now() - started,
  });
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    if (signal?.aborted) return result(false, attempt - 1, 'aborted');
    let wait = base * 2 ** (attempt - 1);
    const seen = { status: null as number | null };
    try {
      const answer = await attemptOnce(request, body, options, signal, seen);
      status = answer.status;
      if (answer.ok) return result(true, attempt, null);
      const snippet = snippetOf(answer.text);
      error = snippet ? `HTTP ${status}: ${snippet}` : `HTTP ${status}`;
      const retryable = status === 429 || status >= 500;
      if (!retryable) return result(false, attempt, error);
      const stated = retryAfterMs(answer.retryAfter);
      if (stated !== null) {
        if (stated > (options.maxRetryAfterMs ?? 60_000))
          return result(false, attempt, `${error}, retry after ${Math.round(stated / 1000)} s`);
        wait = Math.max(wait, stated);
      }
    } catch (e) {
      if (seen.status !== null) status = seen.status;
      if (signal?.aborted) return result(false, attempt, 'aborted');
      error = e instanceof AttemptTimeout ? e.message : errorText(e);
    }
    if (attempt < maxAttempts) await sleep(wait);
  }
  return result(false, maxAttempts, error);
}

export function webhookChannel(
  hook: WebhookTarget & { id: string },
  options: WebhookOptions = {},
  /** The webhook's signing key, read at each delivery (null: unsigned). */
  signingKey: () => string | null = () => null,
): NotificationChannel {
  return {
    id: `webhook:${hook.id}`,
    kind: 'webhook',
    async deliver(event, signal): Promise<DeliveryOutcome> {
      // Settings refuse such a URL; one stored before they did is not sent (fetch would refuse it too).
      if (urlCredentials(hook.url).length > 0)
        return { state: 'failed', attempts: 0, error: WEBHOOK_CREDENTIALS_MESSAGE };
      let request: WebhookRequest;
      try {
        request = { ...requestFor(hook, event), signingKey: signingKey() };
      } catch (e) {
        return { state: 'failed', attempts: 0, error: `bad webhook URL: ${redactSecrets(errorText(e))}` };
      }
      const result = await postJson(request, options, signal);
      return result.delivered
        ? { state: 'sent', attempts: result.attempts, detail: `HTTP ${result.status}` }
        : { state: 'failed', attempts: result.attempts, error: result.error ?? 'not delivered' };
    },
  };
}
