// How the work queue treats each kind of client failure. The client already retried what was
// worth retrying within one call; here a failure either waits for the endpoint's backoff and is
// tried once more, or is final (a wrong key or an unknown ticker will not fix itself).
import { ApiError, RateLimitedError } from '../../client/index.ts';
import type { FailureAdvice, QueueTask } from './work-queue.ts';
import { messageOf } from '../../shared/message-of.ts';

/** Options volume has its own, lower rate limit: its 429 holds back only itself. */
export function classifyFailure(error: unknown, task: Pick<QueueTask<unknown>, 'endpoint'>): FailureAdvice {
  if (error instanceof RateLimitedError) {
    const advice: FailureAdvice = {
      retry: true,
      gate: task.endpoint === 'options_volume' ? 'endpoint' : 'all',
    };
    if (error.retryAfterMs !== null) advice.retryAfterMs = error.retryAfterMs;
    return advice;
  }
  if (error instanceof ApiError) {
    switch (error.kind) {
      case 'network':
      case 'timeout':
      case 'server':
      case 'invalid_response':
        return { retry: true };
      // A definite answer about this request (no such ticker, a malformed parameter): final,
      // and no reason to hold back the endpoint's other requests.
      case 'not_found':
      case 'bad_request':
        return { retry: false, backoff: false };
      default:
        return { retry: false };
    }
  }
  return { retry: false };
}

/** A short, user-readable reason for the poll log. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    const where = error.status ? ` (HTTP ${error.status})` : '';
    // The client's own message names the status already ("not found (HTTP 404): …"): once is enough.
    if (where !== '' && error.message.includes(where.trim())) return error.message;
    return `${error.kind}${where}: ${error.message}`;
  }
  return messageOf(error);
}
