// One POST (JSON or a form) to a message service's API (Telegram, Pushover), with the bounded habits of
// webhook.ts: a timeout over the whole exchange, a capped read of the answer, no redirect followed
// (a 3xx is a failure naming its status: the origin is fixed, so a redirect is never expected),
// and a retry after a timeout, a network error, 429 or 5xx. Every attempt sends the same body,
// whose text carries the event id, so a retry after a timeout that did arrive is recognisable.
import { errorText } from './channel.ts';

export interface ServiceRequestOptions {
  fetch?: typeof fetch;
  /** One attempt's whole exchange. */
  timeoutMs?: number;
  maxAttempts?: number;
  sleep?: (ms: number) => Promise<void>;
  backoffBaseMs?: number;
}

export interface ServiceAnswer {
  /** The HTTP status of the last attempt (null: none arrived). */
  status: number | null;
  /** The parsed JSON body of the last answer (null: none, or not JSON). */
  json: unknown;
  attempts: number;
  /** Why the last attempt got no usable answer (timeout, network, redirect); null when it did. */
  transportError: string | null;
  durationMs: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_BODY_CHARS = 16_384;
const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function attempt(
  url: string,
  body: unknown,
  options: ServiceRequestOptions,
  signal: AbortSignal | undefined,
): Promise<{ status: number | null; json: unknown; error: string | null; retry: boolean }> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
  const onAbort = (): void => controller.abort(new Error('aborted'));
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const form = body instanceof URLSearchParams;
    const response = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      headers: {
        'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
        'user-agent': 'Gammawatch',
      },
      body: form ? body.toString() : JSON.stringify(body),
      signal: controller.signal,
      redirect: 'manual',
    });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      return {
        status: response.status,
        json: null,
        error: `HTTP ${response.status}: redirect refused (the service's address is fixed)`,
        retry: false,
      };
    }
    const text = (await response.text()).slice(0, MAX_BODY_CHARS);
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    const retry = response.status === 429 || response.status >= 500;
    return { status: response.status, json, error: null, retry };
  } catch (error) {
    const reason = controller.signal.aborted ? controller.signal.reason : error;
    return { status: null, json: null, error: errorText(reason), retry: !signal?.aborted };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** POSTs `body` (JSON, or a form when it is URLSearchParams), retrying what may pass on a second try; never throws. */
export async function postToService(
  url: string,
  body: unknown,
  options: ServiceRequestOptions = {},
  signal?: AbortSignal,
): Promise<ServiceAnswer> {
  const started = performance.now();
  const maxAttempts = Math.max(1, options.maxAttempts ?? 2);
  const sleep = options.sleep ?? realSleep;
  let last = { status: null as number | null, json: null as unknown, error: null as string | null };
  let attempts = 0;
  for (let n = 1; n <= maxAttempts; n++) {
    attempts = n;
    const result = await attempt(url, body, options, signal);
    last = result;
    if (!result.retry || n === maxAttempts || signal?.aborted) break;
    await sleep((options.backoffBaseMs ?? 500) * 2 ** (n - 1));
  }
  return {
    status: last.status,
    json: last.json,
    attempts,
    transportError: last.error,
    durationMs: performance.now() - started,
  };
}
