// VIX's expiration calendar (engine/vix-expirations.ts) and its buckets: VIX monthlies are the
// Wednesdays 30 days before the next month's third Friday, so its first_monthly bucket is one of
// those, not a third Friday (VIX lists none).
import { describe, expect, it } from 'vitest';
import { classifyExpirations } from '../../../../src/service/engine/expirations.ts';
import {
  isVixMonthly,
  vixMonthlyExpiration,
  vixSettlementEpoch,
} from '../../../../src/service/engine/vix-expirations.ts';
import { epochToNy, nyToEpoch, optionExpiryEpoch } from '../../../../src/shared/market-calendar.ts';

describe('vixMonthlyExpiration', () => {
  it.each([
    [2026, 1, '2026-01-21'],
    [2026, 2, '2026-02-18'],
    [2026, 3, '2026-03-18'],
    [2026, 12, '2026-12-16'],
    [2027, 2, '2027-02-17'],
  ])('%d-%d → %s', (year, month, date) => {
    expect(vixMonthlyExpiration(year, month)).toBe(date);
    expect(isVixMonthly(date)).toBe(true);
  });

  it.each(['2026-03-20', '2026-03-25', '2026-12-18'])('%s is not a VIX monthly', (date) => {
    expect(isVixMonthly(date)).toBe(false);
  });

  it('settles at the open', () => {
    expect(epochToNy(vixSettlementEpoch('2026-12-16'))).toEqual({ date: '2026-12-16', minutes: 9 * 60 + 30 });
  });
});

describe('VIX buckets', () => {
  const dates = ['2026-11-25', '2026-12-02', '2026-12-09', '2026-12-16', '2026-12-23', '2027-01-20'];
  const asof = nyToEpoch('2026-11-19', 11 * 60);
  const expirations = dates.map((date) => ({ date, expiresAt: vixSettlementEpoch(date) }));

  it.each([
    // ticker, first_monthly: VIX's own monthly for VIX; a stock's calendar finds no third Friday here
    ['VIX', '2026-12-16'],
    ['^VIX', '2026-12-16'],
    ['SPY', null],
  ])('%s: first_monthly %s', (ticker, monthly) => {
    const b = classifyExpirations({ ticker, asof, expirations });
    expect(b.nearest).toBe(0);
    expect(b.first_monthly === null ? null : dates[b.first_monthly]).toBe(monthly);
    expect(b.first_weekly === null ? null : dates[b.first_weekly]).toBe('2026-12-02');
  });

  it('without a ticker the standard calendar applies: third Fridays are the monthlies', () => {
    const standard = ['2026-11-20', '2026-11-27', '2026-12-16', '2026-12-18'].map((date) => ({
      date,
      expiresAt: optionExpiryEpoch(date),
    }));
    const b = classifyExpirations({ asof, expirations: standard });
    expect([b.nearest, b.first_weekly, b.first_monthly]).toEqual([0, 1, 3]);
  });
});
