// Webhooks: a JSON POST shaped for the receiving service (generic, Discord, Slack, ntfy), with a
// timeout per attempt and bounded retries with backoff on network errors, 429 and 5xx. A 4xx
// other than 429 is the receiver refusing the message: retrying would not help.
import type { AlertEvent } from '../../shared/bridge/alerts.ts';
import type { Webhook } from '../../shared/bridge/settings.ts';
import { errorText, type DeliveryOutcome, type NotificationChannel } from './channel.ts';

export type WebhookPreset = Webhook['preset'];

export interface WebhookRequest {
  url: string;
  body: unknown;
}

const SEVERITY_COLOUR = { info: 0x3b82f6, warning: 0xf59e0b, critical: 0xef4444 } as const;
const NTFY_PRIORITY = { info: 3, warning: 4, critical: 5 } as const;

/** The request a preset sends for an event. */
export function webhookRequest(preset: WebhookPreset, url: string, event: AlertEvent): WebhookRequest {
  switch (preset) {
    case 'discord':
      return {
        url,
        body: {
          username: 'Gammawatch',
          content: `**${event.title}**`,
          embeds: [
            {
              title: event.title,
              description: event.message,
              color: SEVERITY_COLOUR[event.severity],
              timestamp: event.asof,
              footer: { text: `${event.ruleName} · ${event.severity}` },
            },
          ],
        },
      };
    case 'slack':
      return {
        url,
        body: {
          text: `*${event.title}*\n${event.message}`,
          blocks: [
            { type: 'section', text: { type: 'mrkdwn', text: `*${event.title}*\n${event.message}` } },
            {
              type: 'context',
              elements: [{ type: 'mrkdwn', text: `${event.ruleName} · ${event.severity} · ${event.asof}` }],
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
        body: {
          topic,
          title: event.title,
          message: event.message,
          priority: NTFY_PRIORITY[event.severity],
          tags: [event.kind, event.severity],
        },
      };
    }
    case 'generic':
      return {
        url,
        body: {
          source: 'gammawatch',
          type: 'alert',
          event: {
            id: event.id,
            rule: event.ruleName,
            ruleId: event.ruleId,
            ticker: event.ticker,
            kind: event.kind,
            severity: event.severity,
            title: event.title,
            message: event.message,
            transition: event.transition,
            asof: event.asof,
            createdAt: event.createdAt,
          },
        },
      };
  }
}

export interface WebhookOptions {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
  maxAttempts?: number;
  backoffBaseMs?: number;
  /** Longest Retry-After honoured; beyond it the delivery fails rather than holding a slot. */
  maxRetryAfterMs?: number;
}

export interface PostResult {
  delivered: boolean;
  status: number | null;
  attempts: number;
  error: string | null;
  durationMs: number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : null;
}

/** POSTs JSON with retries; never throws. */
export async function postJson(
  request: WebhookRequest,
  options: WebhookOptions = {},
  signal?: AbortSignal,
): Promise<PostResult> {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? realSleep;
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  const base = options.backoffBaseMs ?? 500;
  const started = performance.now();
  let status: number | null = null;
  let error: string | null = null;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    if (signal?.aborted)
      return {
        delivered: false,
        status,
        attempts: attempt - 1,
        error: 'aborted',
        durationMs: performance.now() - started,
      };
    let wait = base * 2 ** (attempt - 1);
    try {
      const timeout = AbortSignal.timeout(options.timeoutMs ?? 10_000);
      const response = await doFetch(request.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Gammawatch' },
        body: JSON.stringify(request.body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        redirect: 'error',
      });
      status = response.status;
      // Drain the body so the connection can be reused; its content does not matter.
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok)
        return {
          delivered: true,
          status,
          attempts: attempt,
          error: null,
          durationMs: performance.now() - started,
        };
      error = `HTTP ${status}`;
      const retryable = status === 429 || status >= 500;
      if (!retryable)
        return {
          delivered: false,
          status,
          attempts: attempt,
          error,
          durationMs: performance.now() - started,
        };
      const stated = retryAfterMs(response.headers.get('retry-after'));
      if (stated !== null) {
        if (stated > (options.maxRetryAfterMs ?? 60_000)) {
          return {
            delivered: false,
            status,
            attempts: attempt,
            error: `${error}, retry after ${Math.round(stated / 1000)} s`,
            durationMs: performance.now() - started,
          };
        }
        wait = Math.max(wait, stated);
      }
    } catch (e) {
      error =
        e instanceof Error && e.name === 'TimeoutError'
          ? `timed out after ${options.timeoutMs ?? 10_000} ms`
          : errorText(e);
    }
    if (attempt < maxAttempts) await sleep(wait);
  }
  return { delivered: false, status, attempts: maxAttempts, error, durationMs: performance.now() - started };
}

export function webhookChannel(
  hook: Pick<Webhook, 'id' | 'url' | 'preset'>,
  options: WebhookOptions = {},
): NotificationChannel {
  return {
    id: `webhook:${hook.id}`,
    kind: 'webhook',
    async deliver(event, signal): Promise<DeliveryOutcome> {
      let request: WebhookRequest;
      try {
        request = webhookRequest(hook.preset, hook.url, event);
      } catch (e) {
        return { state: 'failed', attempts: 0, error: `bad webhook URL: ${errorText(e)}` };
      }
      const result = await postJson(request, options, signal);
      return result.delivered
        ? { state: 'sent', attempts: result.attempts, detail: `HTTP ${result.status}` }
        : { state: 'failed', attempts: result.attempts, error: result.error ?? 'not delivered' };
    },
  };
}
