// What the headless host answers when a request is broken before it reaches a route: headers too
// large (431), a request that takes too long to arrive (408), bytes that are not HTTP (400). Node
// would answer these itself with an empty body; answering the bridge envelope instead keeps one
// error shape for every answer the renderer's client (or anyone probing) can get.
import type { Duplex } from 'node:stream';
import { fail, type BridgeErrorBody } from '../../shared/bridge/result.ts';

const ANSWERS: Record<string, { status: number; reason: string; error: BridgeErrorBody }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    error: { code: 'invalid_input', message: 'the request headers are too large' },
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    error: { code: 'invalid_input', message: 'the request took too long to arrive' },
  },
};

const MALFORMED = {
  status: 400,
  reason: 'Bad Request',
  error: { code: 'invalid_input', message: 'the request is not valid HTTP' },
} as const;

/** The `clientError` listener: answers in the envelope when the socket can still take it, then closes. */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  // A reset connection, or one a response already started on, cannot take an answer.
  const started = (socket as Duplex & { bytesWritten?: number }).bytesWritten ?? 0;
  if (error.code === 'ECONNRESET' || !socket.writable || started > 0) {
    socket.destroy();
    return;
  }
  const answer = ANSWERS[error.code ?? ''] ?? MALFORMED;
  const body = JSON.stringify(fail(answer.error.code, answer.error.message));
  socket.end(
    [
      `HTTP/1.1 ${answer.status} ${answer.reason}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      'X-Content-Type-Options: nosniff',
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}
