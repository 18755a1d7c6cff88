// Work the service's close stopped. The close waits for the requests in flight, so work still
// running when it aborts `ctx.closing` belongs to a caller that has had its answer already (a 503
// at the answer limit, the work going on to warm the caches) or that a drain past its time limit
// cut off. Nothing went wrong: it is logged as such, never as an error.
import type { FastifyRequest } from 'fastify';
import { clipForApi } from '../../shared/echo.ts';

export const STOPPED_BY_CLOSE = 'work stopped: the service is closing';

/** Whether `error` is the abort of the service's close. */
export function stoppedByClose(closing: AbortSignal, error: unknown): boolean {
  return closing.aborted && error instanceof Error && error.name === 'AbortError';
}

export function logStoppedByClose(request: FastifyRequest): void {
  request.log.info({ url: clipForApi(request.url) }, STOPPED_BY_CLOSE);
}
