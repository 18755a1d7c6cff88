// One bridge call over HTTP, as the page makes it: POST /bridge/<method> with the session's bearer
// token; the answer's value, or its error message thrown. Shared by the end-to-end fixture and the
// integration tests that drive a headless app the same way.
import type { BridgeResult } from '../../src/shared/bridge/result.ts';

export async function callBridge<T>(
  origin: string,
  token: string,
  method: string,
  input: unknown = {},
): Promise<T> {
  // One connection per call: a kept-alive socket the host closes as idle races the next call on a
  // loaded machine (ECONNRESET before any answer), which is the harness's problem, not the app's.
  const res = await fetch(`${origin}/bridge/${method}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, Connection: 'close' },
    body: JSON.stringify(input),
  });
  const body = (await res.json()) as BridgeResult<T>;
  if (!body.ok) throw new Error(`${method}: ${body.error.message}`);
  return body.value;
}
