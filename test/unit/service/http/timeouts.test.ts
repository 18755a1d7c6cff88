import { describe, expect, it } from 'vitest';
import { codeForStatus } from '../../../../src/service/http/errors.ts';
import {
  DEFAULT_TIMEOUTS,
  checkingIntervalMs,
  fastifyTimeoutOptions,
  resolveTimeouts,
} from '../../../../src/service/http/timeouts.ts';

describe('server timeouts', () => {
  it("default to seconds, not Node's minutes", () => {
    const t = resolveTimeouts();
    expect(t).toEqual(DEFAULT_TIMEOUTS);
    expect(t.headersMs).toBeLessThanOrEqual(15_000);
    expect(t.requestMs).toBeLessThanOrEqual(15_000);
  });

  it.each([
    [{ headersMs: 0 }, /headersMs must be a positive whole number/],
    [{ requestMs: -1 }, /requestMs must be a positive whole number/],
    [{ idleMs: 1.5 }, /idleMs must be a positive whole number/],
    [{ headersMs: 2_000, requestMs: 1_000 }, /headersMs \(2000\) exceeds requestMs \(1000\)/],
  ])('refuses %o', (overrides, message) => {
    expect(() => resolveTimeouts(overrides)).toThrow(message);
  });

  it.each([
    [300, 300, 75],
    [10_000, 15_000, 1_000],
    [20, 20, 10],
  ])('checks %i / %i ms limits every %i ms', (headersMs, requestMs, interval) => {
    expect(checkingIntervalMs(resolveTimeouts({ headersMs, requestMs }))).toBe(interval);
  });

  it('hands the limits to Fastify and to the HTTP server it creates', () => {
    const options = fastifyTimeoutOptions(resolveTimeouts({ headersMs: 300, requestMs: 400 }));
    expect(options).toMatchObject({
      requestTimeout: 400,
      http: { headersTimeout: 300, requestTimeout: 400, connectionsCheckingInterval: 75 },
    });
  });
});

describe('codeForStatus', () => {
  it.each([
    [400, 'bad_request'],
    [401, 'unauthorized'],
    [404, 'not_found'],
    [408, 'request_timeout'],
    [413, 'payload_too_large'],
    [414, 'uri_too_long'],
    [418, 'bad_request'],
    [429, 'rate_limited'],
    [431, 'headers_too_large'],
    [503, 'internal'],
  ])('%i is %s', (status, code) => {
    expect(codeForStatus(status)).toBe(code);
  });
});
