import { describe, expect, it } from 'vitest';
import type { IncomeItem } from '../../../../src/shared/api/index.ts';
import { ServiceError } from '../../../../src/service/http/errors.ts';
import { readQuery } from '../../../../src/shared/api/query.ts';
import { parseIncomeQuery } from '../../../../src/service/rankings/parse-query.ts';
import { rankIncome } from '../../../../src/shared/rankings/income-setups.ts';

function row(ticker: string, strategy: 'cc' | 'csp', income_score: number): IncomeItem {
  return { ticker, strategy, income_score } as IncomeItem;
}

const ROWS = [
  row('AAA', 'cc', 5),
  row('AAA', 'csp', 8),
  row('BBB', 'cc', 8),
  row('CCC', 'csp', 2),
  row('AAA', 'cc', 9), // a duplicate candidate for the same ticker and strategy
];

const rank = (params: Record<string, string>) =>
  rankIncome(ROWS, parseIncomeQuery(readQuery(params))).map(
    (i) => `${i.ticker}:${i.strategy}:${i.income_score}`,
  );

describe('rankIncome', () => {
  it.each([
    [{}, ['AAA:cc:9', 'AAA:csp:8', 'BBB:cc:8', 'CCC:csp:2']],
    [{ type: 'csp' }, ['AAA:csp:8', 'CCC:csp:2']],
    [{ type: 'CC' }, ['AAA:cc:9', 'BBB:cc:8']],
    [{ min_income_score: '8' }, ['AAA:cc:9', 'AAA:csp:8', 'BBB:cc:8']],
    [{ limit: '2' }, ['AAA:cc:9', 'AAA:csp:8']],
    [{ limit: '1' }, ['AAA:cc:9', 'AAA:csp:8']],
    [{ type: '', limit: '', min_income_score: '' }, ['AAA:cc:9', 'AAA:csp:8', 'BBB:cc:8', 'CCC:csp:2']],
  ])('%j', (params, expected) => {
    expect(rank(params)).toEqual(expected);
  });
});

describe('parseIncomeQuery', () => {
  it.each([
    [{ limit: '1' }, { limit: 2 }],
    [{ limit: '500' }, { limit: 50 }],
    [{ min_income_score: '-3' }, { min_income_score: 0 }],
    [{ min_income_score: '12' }, { min_income_score: 10 }],
    [{}, { limit: 10, min_income_score: 0, type: null }],
  ])('clamps %j', (params, expected) => {
    expect(parseIncomeQuery(readQuery(params))).toMatchObject(expected);
  });

  it('an unknown type is a 400 with the allowed list', () => {
    try {
      parseIncomeQuery(readQuery({ type: 'strangle' }));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ServiceError);
      expect((error as ServiceError).status).toBe(400);
      expect((error as ServiceError).details.allowed).toEqual(['cc', 'csp']);
    }
  });

  it('a non-numeric limit is a 400 naming it', () => {
    expect(() => parseIncomeQuery(readQuery({ limit: 'lots' }))).toThrow(/^limit:/);
  });
});
