// A webhook's requests signed with its key, so a receiver can tell them from anyone else's and
// refuse a replay: the header
//
//   X-Gammawatch-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">
//
// keyed with the webhook's signing key exactly as Settings showed it (UTF-8, prefix included),
// over the bytes of the body as sent. A receiver computes the same HMAC over the timestamp, a dot
// and the raw body, compares in constant time, and refuses a timestamp more than a few minutes
// from its own clock. Each attempt is signed at its own time (a retry after a backoff is not stale).
import { createHmac } from 'node:crypto';

/** The signature header's value for `body` sent at `unixSeconds`. */
export function webhookSignature(key: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', key).update(`${unixSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}
