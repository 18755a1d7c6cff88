// The one error the Cboe client throws. Its message is shown to the user as it is (the poll status,
// the log), so it says what happened and what happens next.

/**
 * refused: 403 or 429, Cboe asks us to go away for a while (the collector backs off);
 * not_found: Cboe lists no options for the symbol; unavailable: no answer, a 5xx, a timeout;
 * bad_response: an answer that is not a chain (too large, not JSON, the wrong shape).
 */
export type CboeErrorKind = 'refused' | 'not_found' | 'unavailable' | 'bad_response';

export class CboeError extends Error {
  constructor(
    readonly kind: CboeErrorKind,
    message: string,
    /** HTTP status when there was an answer. */
    readonly status: number | null = null,
    /** For refused: how long Cboe said to stay away (Retry-After), ms; null when it did not say. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'CboeError';
  }
}
