// fillPath: the one reading of the endpoint list's `{name}` path templates.
import { describe, expect, it } from 'vitest';
import { API_ENDPOINTS, fillPath } from '../../../../src/shared/api/index.ts';

describe('fillPath', () => {
  it.each([
    ['/access', {}, '/access'],
    ['/tickers/{ticker}', { ticker: 'SPY' }, '/tickers/SPY'],
    ['/tickers/{ticker}/curves/gamma', { ticker: 'BRK.B' }, '/tickers/BRK.B/curves/gamma'],
    ['/top-setups/screener/{name}', { name: 'trend_pullback' }, '/top-setups/screener/trend_pullback'],
    ['/a/{x}/b/{y}', { x: '1', y: '2' }, '/a/1/b/2'],
  ])('%s with %j is %s', (template, values: Record<string, string>, expected) => {
    expect(fillPath(template, (name) => values[name] ?? `<${name}>`)).toBe(expected);
  });

  it('names every parameter of every listed path, and leaves no braces', () => {
    for (const { path } of Object.values(API_ENDPOINTS)) {
      const names: string[] = [];
      const filled = fillPath(path, (name) => {
        names.push(name);
        return 'X';
      });
      expect(filled).not.toMatch(/[{}]/);
      expect(names.every((n) => /^\w+$/.test(n))).toBe(true);
    }
  });
});
