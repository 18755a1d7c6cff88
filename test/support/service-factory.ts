// Services for tests: the simulated market at a fixed seed and a manual clock at a fixed instant,
// one API key, quiet logs, and helpers to call it over real HTTP with plain fetch.
import type { FastifyInstance } from 'fastify';
import { createService, type ServiceOptions } from '../../src/service/index.ts';
import { manualClock, type ManualClock } from '../../src/service/market/clock.ts';
import { nyToEpoch } from '../../src/shared/market-calendar.ts';

export const TEST_KEY = 'test-key-0123456789';
export const TEST_SEED = 7;
/** Wednesday 2025-03-12, 11:02 New York: inside regular trading hours. */
export const OPEN_INSTANT = nyToEpoch('2025-03-12', 11 * 60 + 2);
/** Saturday 2025-03-15, noon New York: closed, Friday's close is 20 h old (inside the 36 h window). */
export const CLOSED_INSTANT = nyToEpoch('2025-03-15', 12 * 60);
/** Monday 2025-03-17 09:30 New York: the next open after CLOSED_INSTANT. */
export const NEXT_OPEN_AFTER_CLOSED = nyToEpoch('2025-03-17', 9 * 60 + 30);

export interface TestService {
  app: FastifyInstance;
  clock: ManualClock;
}

export function makeService(opts: ServiceOptions & { at?: number } = {}): TestService {
  const clock = manualClock(opts.at ?? OPEN_INSTANT);
  const app = createService({
    seed: TEST_SEED,
    clock,
    apiKeys: [TEST_KEY],
    log: { level: 'silent' },
    ...opts,
  });
  return { app, clock };
}

export interface Running extends TestService {
  /** Ends in /api/v2. */
  baseUrl: string;
  close(): Promise<void>;
}

export async function listenService(opts: ServiceOptions & { at?: number } = {}): Promise<Running> {
  const service = makeService(opts);
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  const address = service.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('service did not bind a TCP port');
  return { ...service, baseUrl: `http://127.0.0.1:${address.port}/api/v2`, close: () => service.app.close() };
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or undefined for an empty or non-JSON body. */
  json: unknown;
}

export type Auth = 'key' | 'demo' | 'none' | { bearer: string };

export async function call(
  baseUrl: string,
  path: string,
  opts: { auth?: Auth; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const auth = opts.auth ?? 'key';
  const headers: Record<string, string> = { ...opts.headers };
  if (auth === 'key') headers.authorization = `Bearer ${TEST_KEY}`;
  else if (auth === 'demo') headers['x-svc-demo'] = '1';
  else if (typeof auth === 'object') headers.authorization = `Bearer ${auth.bearer}`;
  const response = await fetch(`${baseUrl}${path}`, { headers });
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}
