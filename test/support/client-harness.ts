// Test wiring for the API client: a client pointed at a ScriptedServer with a manual clock, a
// recording sleep (backoff waits are recorded, not slept) and a fixed random source.
import { ApiClient, type ApiClientOptions } from '../../src/client/api-client.ts';
import type { Sleep } from '../../src/client/http-engine.ts';
import type { ScriptedServer } from './scripted-server.ts';

export interface ManualClock {
  t: number;
  now: () => number;
  advance: (ms: number) => void;
}

export function manualClock(start = Date.UTC(2025, 2, 14, 20, 0, 0)): ManualClock {
  const clock: ManualClock = {
    t: start,
    now: () => clock.t,
    advance: (ms) => {
      clock.t += ms;
    },
  };
  return clock;
}

export interface RecordingSleep {
  waits: number[];
  sleep: Sleep;
}

/** Records each wait and returns at once; `onWait` may act (e.g. abort) as a wait begins. */
export function recordingSleep(onWait?: (ms: number) => void): RecordingSleep {
  const waits: number[] = [];
  return {
    waits,
    sleep: (ms, signal) => {
      waits.push(ms);
      onWait?.(ms);
      return signal?.aborted ? Promise.reject(new Error('aborted')) : Promise.resolve();
    },
  };
}

export interface ClientHarness {
  client: ApiClient;
  clock: ManualClock;
  sleeper: RecordingSleep;
}

export function clientFor(server: ScriptedServer, options: Partial<ApiClientOptions> = {}): ClientHarness {
  const clock = manualClock();
  const sleeper = recordingSleep();
  const client = new ApiClient({
    baseUrl: server.baseUrl,
    apiKey: 'test-key',
    timeoutMs: 5_000,
    now: clock.now,
    sleep: sleeper.sleep,
    random: () => 0.5,
    ...options,
  });
  return { client, clock, sleeper };
}

/** The error a promise rejects with (fails the test if it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  throw new Error('expected the call to fail, it succeeded');
}
