// The ranking parsers are shared: core gets a QueryError, the service the 400 it always answered,
// with the same message and the same `param` / `allowed` details.
import { describe, expect, it } from 'vitest';
import { QueryError } from '../../../../src/shared/api/query-error.ts';
import { readQuery } from '../../../../src/shared/api/query.ts';
import { parseIncomeQuery } from '../../../../src/shared/rankings/income-setups.ts';
import { parseTopSetupsQuery } from '../../../../src/shared/rankings/top-setups-query.ts';
import { ServiceError } from '../../../../src/service/http/errors.ts';
import * as service from '../../../../src/service/rankings/parse-query.ts';

const INCOME_TYPES = ['cc', 'csp'];

describe('ranking query errors', () => {
  it.each([
    [
      'an unknown closed value',
      'top',
      { regime: 'sideways' },
      'regime',
      /^regime: unknown value 'sideways' \(allowed: /,
      true,
    ],
    [
      'a number that is not one',
      'top',
      { limit: '0x10' },
      'limit',
      /^limit: expected a number, got '0x10'$/,
      false,
    ],
    [
      'a range upside down',
      'top',
      { price_min: '50', price_max: '10' },
      'price_min',
      /^price_min \(50\) exceeds price_max \(10\)$/,
      false,
    ],
    [
      'an unknown income type',
      'income',
      { type: 'put' },
      'type',
      /^type: must be cc or csp \(got 'put'\)$/,
      true,
    ],
  ] as const)('%s', (_what, parser, raw, param, message, hasAllowed) => {
    const q = readQuery(raw);
    const shared = parser === 'top' ? () => parseTopSetupsQuery(q) : () => parseIncomeQuery(q);
    const served =
      parser === 'top' ? () => service.parseTopSetupsQuery(q) : () => service.parseIncomeQuery(q);

    const pure = caught(shared);
    expect(pure).toBeInstanceOf(QueryError);
    expect(pure).toMatchObject({ param });
    expect((pure as QueryError).message).toMatch(message);
    expect((pure as QueryError).allowed !== undefined).toBe(hasAllowed);
    if (parser === 'income') expect((pure as QueryError).allowed).toEqual(INCOME_TYPES);

    const http = caught(served);
    expect(http).toBeInstanceOf(ServiceError);
    expect(http).toMatchObject({ status: 400, code: 'bad_request', message: (pure as QueryError).message });
    expect((http as ServiceError).details).toEqual(
      hasAllowed ? { param, allowed: (pure as QueryError).allowed } : { param },
    );
  });
});

function caught(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected the parser to refuse the query');
}
