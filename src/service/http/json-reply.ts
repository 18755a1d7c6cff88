// Responses as pre-serialised UTF-8 buffers. A snapshot's views never change, so each is encoded
// once and then sent as bytes: no JSON.stringify and no string-to-buffer copy on the hot path.
import type { FastifyReply } from 'fastify';
import type { TickerAnalysis } from '../analysis/ticker-analysis.ts';

export function jsonBuffer(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value), 'utf8');
}

export function sendJson(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

/** The response body of one view of a snapshot (key = endpoint plus its parameters), built once. */
export function snapshotJson(a: TickerAnalysis, key: string, build: () => unknown): Buffer {
  return a.memo(`json:${key}`, () => jsonBuffer(build()));
}
