// The one error the Tradier client throws. Its message is shown to the user as it is, so it says
// what happened and what to do, and it never contains the token (messages are built from our own
// words, the HTTP status and at most a short, scrubbed excerpt of the server's body).

export type TradierErrorKind =
  'unauthorized' | 'rate_limited' | 'unavailable' | 'bad_response' | 'bad_request';

export class TradierError extends Error {
  constructor(
    readonly kind: TradierErrorKind,
    message: string,
    /** HTTP status when there was an answer. */
    readonly status: number | null = null,
    /** For rate_limited: when a new request may be made, epoch ms. */
    readonly retryAt: number | null = null,
  ) {
    super(message);
    this.name = 'TradierError';
  }
}

/** What a refused token says, pointing where the user gave it: the app's Settings or the flag. */
export function unauthorizedMessage(from: 'app' | 'cli' = 'app'): string {
  return from === 'cli'
    ? 'Tradier rejected the token (401): check --tradier-token (or $GAMMAWATCH_TRADIER_TOKEN)'
    : 'Tradier rejected the token (401): check it in Settings → Data source';
}

export const UNAUTHORIZED_MESSAGE = unauthorizedMessage('app');

/** Removes every occurrence of the token from a text before it reaches a message or a log. */
export function scrub(text: string, token: string): string {
  if (token.length === 0) return text;
  return text.split(token).join('[token]');
}
