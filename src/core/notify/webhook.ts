// Webhooks: the request webhook-request.ts shapes, POSTed with a timeout per attempt and bounded
// retries with backoff on network errors, 429 and 5xx. A 4xx other than 429 is the receiver
// refusing the message: retrying would not help. Delivery is at least once (a receiver slower
// than the timeout gets the retry too), so every request carries the event's idempotency key, in
// an `Idempotency-Key` header and, where the body can hold a field of ours, in the body: a
// receiver drops a key it has seen. A webhook with a signing key signs each attempt
// (webhook-signature.ts).
import { WEBHOOK_CREDENTIALS_MESSAGE, WEBHOOK_SIGNATURE_HEADER } from '../../shared/bridge/settings.ts';
import { errorText, type DeliveryOutcome, type NotificationChannel } from './channel.ts';
import { redactSecrets, urlCredentials } from './url-redaction.ts';
import { requestFor, type WebhookRequest, type WebhookTarget } from './webhook-request.ts';
import { webhookSignature } from './webhook-signature.ts';

/** Values this short are ordinary words; longer header values may be tokens, scrubbed from errors. */
const MIN_SCRUBBED_VALUE = 6;

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
