// A query value an endpoint cannot use. The query readers and the ranking parsers are pure and
// shared (the service answers with them, core filters stored rankings with them), so they throw
// this plain error; the service turns it into its 400 `bad_request` (src/service/http/errors.ts
// `fromQueryError`) and core into the bridge's `invalid_input`, both with this message.

export class QueryError extends Error {
  override readonly name = 'QueryError';

  constructor(
    message: string,
    /** The query parameter at fault. */
    readonly param: string,
    /** Values the parameter accepts, where the caller can recover by picking one. */
    readonly allowed?: readonly string[],
  ) {
    super(message);
  }
}

/** A value the parameter cannot take: "<param>: <message> (allowed: a, b)". */
export function invalidQueryParam(param: string, message: string, allowed?: readonly string[]): QueryError {
  const suffix = allowed ? ` (allowed: ${allowed.join(', ')})` : '';
  return new QueryError(`${param}: ${message}${suffix}`, param, allowed);
}
