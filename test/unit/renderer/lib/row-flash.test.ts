import { describe, expect, it } from 'vitest';
import { cellChanged } from '../../../../src/renderer/lib/row-flash.ts';
import type { TickerRowField } from '../../../../src/shared/bridge/tickers.ts';

describe('cellChanged', () => {
  const row = (ticker: string, changed: TickerRowField[]) => ({ ticker, changed });
  it.each([
    // label, row, cell fields, fresh tickers → highlighted
    ['fresh row, field changed', row('SPY', ['price']), ['price'], ['SPY'], true],
    ['fresh row, other field changed', row('SPY', ['atm_iv']), ['price'], ['SPY'], false],
    ['row not fresh (loaded, not updated on screen)', row('SPY', ['price']), ['price'], ['QQQ'], false],
    ['no fresh rows', row('SPY', ['price']), ['price'], [], false],
    [
      'a cell of two fields, the second changed',
      row('SPY', ['opportunity_score']),
      ['opportunity_tier', 'opportunity_score'],
      ['SPY'],
      true,
    ],
    ['nothing changed', row('SPY', []), ['price'], ['SPY'], false],
  ] as const)('%s', (_label, r, fields, fresh, expected) => {
    expect(cellChanged({ ticker: r.ticker, changed: [...r.changed] }, [...fields], new Set(fresh))).toBe(
      expected,
    );
  });
});
