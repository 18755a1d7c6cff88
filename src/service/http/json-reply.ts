// Responses as pre-serialised UTF-8 buffers. A snapshot's views never change, so each is encoded
// once and then sent as bytes: no JSON.stringify and no string-to-buffer copy on the hot path.
//
// Large cached bodies (the rankings, ~40 KB) are also offered gzip-encoded to clients that accept
// it (fetch and browsers always do). Moving 40 KB per request through the loopback and the client's
// parser costs more than everything else the request does; the gzip copy is made once per cached
// body and kept beside it.
import { gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';

/** Bodies below this are sent as they are: the saving would not pay for the header. */
export const GZIP_MIN_BYTES = 8 * 1024;

export function jsonBuffer(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value), 'utf8');
}

export function sendJson(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

/** Whether an Accept-Encoding header accepts gzip (a `gzip;q=0` refusal counts as no). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  const text = (Array.isArray(header) ? header.join(',') : header).toLowerCase();
  if (!text.includes('gzip')) return false;
  for (const part of text.split(',')) {
    const [coding = '', ...params] = part.split(';').map((s) => s.trim());
    if (coding !== 'gzip' && coding !== 'x-gzip') continue;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/** A body that is sent many times, with its gzip form made on first demand. */
export class CachedBody {
  #gzip: Buffer | undefined;

  constructor(readonly raw: Buffer) {}

  get gzip(): Buffer {
    return (this.#gzip ??= gzipSync(this.raw));
  }
}

/** Sends a cached JSON body, gzip-encoded when it is large and the client accepts gzip. */
export function sendCachedJson(reply: FastifyReply, body: CachedBody): FastifyReply {
  void reply.header('vary', 'accept-encoding');
  if (body.raw.length >= GZIP_MIN_BYTES && acceptsGzip(reply.request.headers['accept-encoding'])) {
    void reply.header('content-encoding', 'gzip');
    return sendJson(reply, body.gzip);
  }
  return sendJson(reply, body.raw);
}
