// Failures Node's HTTP server detects before Fastify sees a request: a request that did not arrive in
// time (408), headers over the size limit (431) or bytes that are not HTTP (400). No route, request
// or reply exists for them, so the answer is written to the socket by hand, in the same error body
// as every other failure: `{ error: { code, message, request_id } }` with the id in X-Request-Id.
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, maxHeaderSize, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { clipForApi } from '../../shared/echo.ts';
import { ServiceError, codeForStatus, errorBody } from './errors.ts';
import type { ServerTimeouts } from './timeouts.ts';

/** What Node passes with 'clientError': an Error with a code (`HPE_*`, `ERR_HTTP_REQUEST_TIMEOUT`...). */
export interface ClientError extends Error {
  code?: string;
  reason?: unknown;
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

/** Node keeps the response of the request being read on the socket; it exists once headers arrived. */
function inFlight(socket: Socket): ServerResponse | null {
  return (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage ?? null;
}

/** The error a client error is reported as. */
export function describeClientError(error: ClientError, socket: Socket, t: ServerTimeouts): ServiceError {
  const status = (s: number, message: string): ServiceError => new ServiceError(s, codeForStatus(s), message);
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || error.code === 'ERR_HTTP_HEADERS_TIMEOUT') {
    return inFlight(socket) === null
      ? status(408, `request headers not received within ${seconds(t.headersMs)}; the connection is closed`)
      : status(408, `request body not received within ${seconds(t.requestMs)}; the connection is closed`);
  }
  if (error.code === 'HPE_HEADER_OVERFLOW')
    return status(431, `request headers too large: at most ${maxHeaderSize} bytes are read`);
  const reason =
    typeof error.reason === 'string' && error.reason !== '' ? `: ${clipForApi(error.reason)}` : '';
  return status(400, `malformed HTTP request${reason}`);
}

/** A complete HTTP/1.1 response carrying the error body; the connection closes after it. */
export function rawErrorResponse(error: ServiceError, requestId: string): string {
  const body = JSON.stringify(errorBody(error, requestId));
  return [
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${requestId}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** The server's 'clientError' listener (Fastify's `clientErrorHandler` option). */
export function clientErrorHandler(
  timeouts: ServerTimeouts,
  log: () => FastifyBaseLogger,
): (error: ClientError, socket: Socket) => void {
  return (error, socket) => {
    // A reset connection is gone: there is no one to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const described = describeClientError(error, socket, timeouts);
    const requestId = randomUUID();
    log().debug({ requestId, code: error.code, status: described.status }, 'client error');
    // Once a response has started, an error body would corrupt it: only close then (as Node does).
    const response = inFlight(socket);
    if (socket.writable && (response === null || !response.headersSent))
      socket.write(rawErrorResponse(described, requestId));
    socket.destroy();
  };
}
