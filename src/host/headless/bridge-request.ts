// Reading a bridge call off an HTTP request: the method from the path, the JSON body within its
// size limit. Each step says precisely what was wrong, so the host answers 400, 413 or 415 in the
// bridge envelope and never lets a malformed request surface as a 500.
import type { IncomingMessage } from 'node:http';

/** Bridge inputs are small JSON objects; this is far above any real one. */
export const MAX_BODY_BYTES = 1 << 20;

/**
 * Whether a Content-Type names JSON: exactly `application/json`, in any case, optionally followed
 * by parameters (`; charset=utf-8`). A prefix test would let `application/jsonfoo` through.
 */
export function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  const semicolon = header.indexOf(';');
  const type = (semicolon === -1 ? header : header.slice(0, semicolon)).trim().toLowerCase();
  return type === 'application/json';
}

/** A path segment decoded, or null when its percent-escapes are malformed (`%E0%A4%A`). */
export function decodePathSegment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * The body as text; 'too_large' as soon as it passes MAX_BODY_BYTES, or at once when its declared
 * Content-Length does (the rest is read and dropped, so the answer reaches a client still
 * sending and memory stays bounded); 'aborted' when the client went away before the end.
 */
export function readBody(req: IncomingMessage): Promise<string | 'too_large' | 'aborted'> {
  return new Promise((resolveBody) => {
    const chunks: Buffer[] = [];
    const declared = Number(req.headers['content-length'] ?? 0);
    let tooLarge = declared > MAX_BODY_BYTES;
    if (tooLarge) resolveBody('too_large');
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else {
        tooLarge = true;
        chunks.length = 0;
        resolveBody('too_large');
      }
    });
    req.on('end', () => resolveBody(tooLarge ? 'too_large' : Buffer.concat(chunks).toString('utf8')));
    // A timed-out or reset request never ends; `close` without `end` settles it.
    req.on('close', () => {
      if (!req.complete) resolveBody('aborted');
    });
    req.on('error', () => resolveBody('aborted'));
  });
}
