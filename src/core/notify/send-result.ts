// The answer of one send through Telegram, e-mail or Pushover: what `notify:test` shows word for
// word, and what a delivery records (as a DeliveryOutcome).
import type { TestChannelResult } from '../../shared/bridge/alerts.ts';
import type { DeliveryOutcome } from './channel.ts';
import { redactSecrets } from './url-redaction.ts';

export type SendResult = TestChannelResult & { attempts: number };

export function sendOutcome(result: SendResult): DeliveryOutcome {
  return result.delivered
    ? { state: 'sent', attempts: result.attempts, ...(result.detail ? { detail: result.detail } : {}) }
    : { state: 'failed', attempts: result.attempts, error: result.error ?? 'not delivered' };
}

/** A failure before anything was sent (no secret saved, say). */
export function notSent(error: string): SendResult {
  return { delivered: false, detail: null, status: null, durationMs: 0, error, attempts: 0 };
}

/** The result with every secret (and any URL's credentials) masked in its texts. */
export function scrubbed(result: SendResult, secrets: readonly (string | null)[]): SendResult {
  const list = secrets.filter((s): s is string => typeof s === 'string' && s.length > 0);
  const clean = (text: string | null): string | null => (text === null ? null : redactSecrets(text, list));
  return { ...result, detail: clean(result.detail), error: clean(result.error) };
}
