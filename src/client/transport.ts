// One HTTP attempt: fetch with a timeout and the caller's signal, the body read in full (within
// the same timeout and a size cap), and every failure mapped to a typed ApiError.
import { AbortedError, InvalidResponseError, NetworkError, TimeoutError } from './errors.ts';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  bytes: number;
}

export interface AttemptOptions {
  fetch: FetchLike;
  url: string;
  headers: Record<string, string>;
  timeoutMs: number;
  maxBodyBytes: number;
  signal?: AbortSignal | undefined;
}

async function readBody(res: Response, maxBodyBytes: number, url: string): Promise<Uint8Array> {
  if (!res.body) return new Uint8Array(0);
  const declared = Number(res.headers.get('content-length'));
  const tooLarge = () =>
    new InvalidResponseError(
      `response body exceeds ${maxBodyBytes} bytes`,
      {
        fieldPath: '',
        expected: `a body of at most ${maxBodyBytes} bytes`,
        contentType: res.headers.get('content-type'),
        bodyExcerpt: '',
      },
      { url, status: res.status },
    );
  if (Number.isFinite(declared) && declared > maxBodyBytes) {
    await res.body.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBodyBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function describe(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const cause = e.cause instanceof Error ? `: ${e.cause.message}` : '';
  return `${e.message}${cause}`;
}

export async function attempt(opts: AttemptOptions): Promise<RawResponse> {
  const { url, signal, timeoutMs } = opts;
  if (signal?.aborted) throw new AbortedError('request aborted', { url });
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error('timeout'));
  }, timeoutMs);
  try {
    // No redirect is followed: the request carries the API key, and a 302 to another host (a cloud
    // metadata address among them) would send it and every later request there.
    const res = await opts.fetch(url, {
      method: 'GET',
      headers: opts.headers,
      signal: controller.signal,
      redirect: 'manual',
    });
    if (res.status >= 300 && res.status < 400 && res.status !== 304) {
      await res.body?.cancel().catch(() => undefined);
      const location = res.headers.get('location');
      throw new InvalidResponseError(
        `the server answered ${res.status} redirecting to ${location ?? 'another address'}: redirects are not followed (the API key would go with it); use the address it names as the base URL if you trust it`,
        {
          fieldPath: '',
          expected: 'an answer from the base URL itself, not a redirect',
          contentType: res.headers.get('content-type'),
          bodyExcerpt: '',
        },
        { url, status: res.status },
      );
    }
    const body = await readBody(res, opts.maxBodyBytes, url);
    return {
      status: res.status,
      headers: res.headers,
      text: new TextDecoder('utf-8').decode(body),
      bytes: body.byteLength,
    };
  } catch (e) {
    if (e instanceof InvalidResponseError) throw e;
    if (timedOut)
      throw new TimeoutError(`no complete response within ${timeoutMs} ms`, timeoutMs, { url, cause: e });
    if (signal?.aborted) throw new AbortedError('request aborted', { url, cause: e });
    throw new NetworkError(`network failure: ${describe(e)}`, { url, cause: e });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
