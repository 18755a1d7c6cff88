import { describe, expect, it } from 'vitest';
import {
  formatBidAsk,
  formatDelta,
  formatOi,
  formatPremium,
  formatYield,
  strategyName,
} from '../../../../src/renderer/features/rankings/income-format.ts';

describe('income money and yields', () => {
  it.each([
    [0.51, '$0.51'],
    [0.5, '$0.50'],
    [12.345, '$12.35'],
    [1234.5, '$1,234.50'],
    [null, '—'],
  ])('premium %s → %s', (value, want) => {
    expect(formatPremium(value)).toBe(want);
  });

  it.each([
    [0.0425, '4.25%'],
    [0.009, '0.90%'],
    [0.183, '18.3%'],
    [0.1, '10.0%'],
    [Number.NaN, '—'],
    [undefined, '—'],
  ])('yield %s → %s', (value, want) => {
    expect(formatYield(value)).toBe(want);
  });
});

describe('income contract columns', () => {
  it.each([
    [{ strategy: 'cc' }, 'Covered call'],
    [{ strategy: 'csp' }, 'Cash-secured put'],
    [{ strategy: 'csp', settlement: 'cash' as const }, 'Cash-settled short put'],
    [{ strategy: 'csp', strategy_label: 'cash-settled short put' }, 'Cash-settled short put'],
  ])('%j → %s', (item, want) => {
    expect(strategyName(item)).toBe(want);
  });

  it.each([
    [0.214, '0.21'],
    [-0.186, '−0.19'],
    [null, '—'],
    [undefined, '—'],
  ])('delta %s → %s', (value, want) => {
    expect(formatDelta(value)).toBe(want);
  });

  it.each([
    [12345, '12,345'],
    [0, '0'],
    [null, '—'],
  ])('open interest %s → %s', (value, want) => {
    expect(formatOi(value)).toBe(want);
  });

  it.each([
    [1.02, 1.1, '$1.02 / $1.10'],
    [null, null, '—'],
    [undefined, undefined, '—'],
  ])('bid %s ask %s → %s', (bid, ask, want) => {
    expect(formatBidAsk(bid, ask)).toBe(want);
  });
});
