import { describe, expect, it } from 'vitest';
import { formatPremium, formatYield } from '../../../../src/renderer/features/rankings/income-format.ts';

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
