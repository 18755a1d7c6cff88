import { describe, expect, it } from 'vitest';
import {
  baseMetaSchema,
  errorBodySchema,
  filtersSchema,
  readErrorBody,
  trendStateSchema,
} from '../../../../src/shared/api/index.ts';

describe('meta', () => {
  it.each([
    ['2025-03-14T20:00:00Z', true],
    ['2025-03-14T20:00:00.123Z', true],
    ['2025-03-14T16:00:00-04:00', true],
    [null, true],
    ['2025-03-14 20:00', false],
    ['Mar 14', false],
  ])('asof %j → %s', (asof, ok) => {
    expect(baseMetaSchema.safeParse({ asof }).success).toBe(ok);
  });
});

describe('filters', () => {
  it.each([
    [{ price_range: [20, 40] }, true],
    [{ price_range: [null, 40] }, true],
    [{ iv_rank_range: [60, null], regime: ['flush_panic'] }, true],
    [{ regime: 'range_bound', anything: { nested: 1 } }, true],
    [{ price_range: [40, 20] }, false],
    [{ price_range: [20] }, false],
    [{ price_range: '20-40' }, false],
    [{ price_range: ['20', 40] }, false],
  ])('%j → %s', (filters, ok) => {
    expect(filtersSchema.safeParse(filters).success).toBe(ok);
  });
});

describe('open labels', () => {
  it.each([
    ['up', true],
    ['rolling_over', true],
    ['', false],
    [3, false],
    [null, false],
  ])('%j → %s', (v, ok) => {
    expect(trendStateSchema.safeParse(v).success).toBe(ok);
  });
});

describe('error body', () => {
  it('our shape validates', () => {
    const body = {
      error: { code: 'bad_request', message: 'type must be cc or csp', allowed: ['cc', 'csp'] },
    };
    expect(errorBodySchema.safeParse(body).success).toBe(true);
  });

  it.each([
    [
      'ours',
      {
        error: { code: 'unknown_preset', message: 'no such preset', available: ['a', 'b'], request_id: 'r1' },
      },
      {
        code: 'unknown_preset',
        message: 'no such preset',
        allowed: null,
        available: ['a', 'b'],
        requestId: 'r1',
      },
    ],
    [
      'lists at the top level',
      { error: { code: 'bad_request', message: 'bad type' }, allowed: ['cc', 'csp'] },
      { code: 'bad_request', message: 'bad type', allowed: ['cc', 'csp'], available: null, requestId: null },
    ],
    [
      'FastAPI detail string',
      { detail: 'Not authenticated' },
      { code: null, message: 'Not authenticated', allowed: null, available: null, requestId: null },
    ],
    [
      'FastAPI detail object',
      { detail: { message: 'unknown screener', available: ['momentum_breakout'] } },
      {
        code: null,
        message: 'unknown screener',
        allowed: null,
        available: ['momentum_breakout'],
        requestId: null,
      },
    ],
    [
      'an error string',
      { error: 'rate_limited' },
      { code: 'rate_limited', message: null, allowed: null, available: null, requestId: null },
    ],
    ['not an object', 'oops', { code: null, message: null, allowed: null, available: null, requestId: null }],
    ['null', null, { code: null, message: null, allowed: null, available: null, requestId: null }],
    [
      'wrong list types',
      { allowed: [1, 2], available: 'x' },
      { code: null, message: null, allowed: null, available: null, requestId: null },
    ],
  ])('reads %s', (_name, body, want) => {
    expect(readErrorBody(body)).toEqual(want);
  });
});
