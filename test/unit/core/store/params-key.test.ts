import { describe, expect, it } from 'vitest';
import { paramsKey, parseParamsKey, type Params } from '../../../../src/core/store/params-key.ts';

describe('paramsKey', () => {
  it.each<[string, Params | undefined, string]>([
    ['no parameters', undefined, ''],
    ['an empty object', {}, ''],
    ['names sorted', { window: '2y', metrics: 'price' }, 'metrics=price&window=2y'],
    [
      'empty, null and undefined values dropped (API v2: empty is unset)',
      { a: '', b: null, c: undefined, d: 'x' },
      'd=x',
    ],
    ['lists joined with commas', { metrics: ['price', 'iv_rank'] }, 'metrics=price%2Civ_rank'],
    ['numbers and booleans as text', { limit: 20, realtime: true }, 'limit=20&realtime=true'],
    ['reserved characters encoded', { q: 'a&b=c d' }, 'q=a%26b%3Dc%20d'],
  ])('%s', (_name, params, expected) => {
    expect(paramsKey(params)).toBe(expected);
  });

  it('gives one key whatever the order the parameters were given in', () => {
    expect(paramsKey({ exp: 'nearest', view: 'naive' })).toBe(paramsKey({ view: 'naive', exp: 'nearest' }));
  });

  it('reads back', () => {
    const params = { q: 'a&b=c d+e', metrics: ['price', 'iv_rank'], limit: 5 };
    expect(parseParamsKey(paramsKey(params))).toEqual({
      q: 'a&b=c d+e',
      metrics: 'price,iv_rank',
      limit: '5',
    });
  });
});
