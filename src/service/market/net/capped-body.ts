// Reading an HTTP answer's body with a cap, for the market-data clients (Tradier, Cboe): a runaway
// or hostile server is cut off while it streams instead of being held whole in memory.
import { messageOf } from '../../../shared/message-of.ts';

/**
 * The body as text, refused as soon as it is known to exceed `max` bytes: from Content-Length
 * before a byte is read, else while it streams (a chunked answer), so at most `max` bytes plus one
 * chunk are ever held. The stream is cancelled, which closes the connection. `tooLarge` makes the
 * error thrown (each client words it its own way).
 */
export async function readCappedText(
  response: Response,
  max: number,
  tooLarge: () => Error,
): Promise<string> {
  if (!response.body) return '';
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await response.body.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder('utf-8');
  const parts: string[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KiB`;
  return `${bytes} bytes`;
}

/** fetch() wraps network failures as "fetch failed" with the reason in `cause`. */
export function causeOf(error: unknown): string {
  const cause = error instanceof Error && error.cause !== undefined ? `: ${messageOf(error.cause)}` : '';
  return `${messageOf(error)}${cause}`;
}
