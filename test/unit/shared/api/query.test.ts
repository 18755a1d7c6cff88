// The shared query readers. A value they refuse is checked as the service answers it: the error
// handler turns the QueryError into its 400 with fromQueryError.
import { describe, expect, it } from 'vitest';
import { fromQueryError, type ServiceError } from '../../../../src/service/http/errors.ts';
import { QueryError } from '../../../../src/shared/api/query-error.ts';
import {
  boolParam,
  clampedParam,
  csvParam,
  enumParam,
  numberParam,
  readQuery,
} from '../../../../src/shared/api/query.ts';

const q = (o: Record<string, unknown>) => readQuery(o);

function errorOf(fn: () => unknown): ServiceError {
  try {
    fn();
  } catch (error) {
    if (error instanceof QueryError) return fromQueryError(error);
    throw error;
  }
  throw new Error('expected a QueryError');
}

describe('readQuery', () => {
  it('drops empty strings, joins repeats as CSV and ignores non-strings', () => {
    const query = q({ a: '', b: '  ', c: ['x', '', 'y'], d: 3, e: ' v ' });
    expect([...query]).toEqual([
      ['c', 'x,y'],
      ['e', 'v'],
    ]);
  });

  it.each([null, undefined, 'str', 5])('treats %j as an empty query', (raw) => {
    expect(readQuery(raw).size).toBe(0);
  });
});

describe('csvParam', () => {
  it.each([
    ['a,b', ['a', 'b']],
    [' a , b ,a', ['a', 'b']],
    [',,', undefined],
  ])('%j → %j', (raw, expected) => {
    expect(csvParam(q({ k: raw }), 'k')).toEqual(expected);
  });
});

describe('numberParam', () => {
  it.each([
    ['5', 5],
    ['-2.5', -2.5],
    ['.5', 0.5],
    ['1e2', 100],
  ])('%j → %d', (raw, expected) => {
    expect(numberParam(q({ n: raw }), 'n')).toBe(expected);
  });

  it.each(['abc', '0x10', 'Infinity', 'NaN', '1,2', '5px', '1e999'])(
    '%j is a 400 naming the parameter',
    (raw) => {
      const error = errorOf(() => numberParam(q({ n: raw }), 'n'));
      expect(error.status).toBe(400);
      expect(error.details.param).toBe('n');
      expect(error.message).toMatch(/^n: /);
    },
  );
});

describe('clampedParam', () => {
  const range = { lo: 1, hi: 200, fallback: 20, integer: true };
  it.each([
    [undefined, 20],
    ['0', 1],
    ['500', 200],
    ['7.9', 7],
    ['-3', 1],
  ])('%j → %d', (raw, expected) => {
    expect(clampedParam(q(raw === undefined ? {} : { limit: raw }), 'limit', range)).toBe(expected);
  });
});

describe('boolParam and enumParam', () => {
  it.each([
    ['true', true],
    ['1', true],
    ['FALSE', false],
    ['no', false],
  ])('bool %j → %s', (raw, expected) => {
    expect(boolParam(q({ b: raw }), 'b', !expected)).toBe(expected);
  });

  it('a bad boolean lists the allowed values', () => {
    expect(errorOf(() => boolParam(q({ b: 'maybe' }), 'b', false)).details.allowed).toEqual([
      'true',
      'false',
    ]);
  });

  it('matches an enum case-insensitively and lists the allowed values otherwise', () => {
    expect(enumParam(q({ t: 'CC' }), 't', ['cc', 'csp'] as const)).toBe('cc');
    expect(enumParam(q({}), 't', ['cc', 'csp'] as const)).toBeUndefined();
    const error = errorOf(() => enumParam(q({ t: 'x' }), 't', ['cc', 'csp'] as const));
    expect(error.details.allowed).toEqual(['cc', 'csp']);
  });
});
