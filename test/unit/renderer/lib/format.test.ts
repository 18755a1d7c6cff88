import { describe, expect, it } from 'vitest';
import {
  MISSING,
  fieldLabel,
  formatBytes,
  formatField,
  formatIv,
  formatMarketDateTime,
  formatMarketTime,
  formatNumber,
  formatPercent,
  formatDollars,
  formatPrice,
  formatRank,
  formatRelative,
  formatScore,
  formatUsdCompact,
  humanize,
  listShowsYear,
  sentence,
  trendOf,
} from '../../../../src/renderer/lib/format.ts';

describe('formatPrice', () => {
  it.each([
    [512.3, '512.30'],
    [1290, '1,290.00'],
    [0.1234, '0.1234'],
    // Money never shows padded zeros: an income premium of $0.51 is "0.51", not "0.5100".
    [0.51, '0.51'],
    [0.5, '0.50'],
    [0.015, '0.015'],
    [0, '0.00'],
    [-3.5, '-3.50'],
    [null, MISSING],
    [undefined, MISSING],
    [Number.NaN, MISSING],
    [Number.POSITIVE_INFINITY, MISSING],
  ])('%s → %s', (value, expected) => {
    expect(formatPrice(value)).toBe(expected);
  });
});

describe('formatDollars', () => {
  it.each([
    [6.391, '$6.39'],
    [0.74, '$0.74'],
    [1234.5, '$1,234.50'],
    [-0.5, '−$0.50'],
    [null, MISSING],
    [Number.NaN, MISSING],
  ])('%s → %s', (value, expected) => {
    expect(formatDollars(value)).toBe(expected);
  });
});

describe('formatPercent (values already in percent units)', () => {
  it.each([
    [1.78, {}, '1.78%'],
    [1.78, { sign: true }, '+1.78%'],
    [-0.42, { sign: true }, '−0.42%'],
    [-0.001, { sign: true }, '0.00%'],
    [12.345, { digits: 1 }, '12.3%'],
    [1234.5, { digits: 0 }, '1,235%'],
    [null, {}, MISSING],
  ])('%s %o → %s', (value, options, expected) => {
    expect(formatPercent(value, options)).toBe(expected);
  });
});

describe('formatIv (decimals)', () => {
  it.each([
    [0.284, '28.4%'],
    [0.05, '5.0%'],
    [1.2, '120.0%'],
    [null, MISSING],
  ])('%s → %s', (value, expected) => {
    expect(formatIv(value)).toBe(expected);
  });
});

describe('formatUsdCompact (notional)', () => {
  it.each([
    [1.2e9, '$1.2B'],
    [-3.5e8, '−$350.0M'],
    [12_345, '$12.3K'],
    [999_950, '$1.0M'],
    [949_000, '$949.0K'],
    [512, '$512'],
    [4.2e12, '$4.2T'],
    [0, '$0'],
    [null, MISSING],
  ])('%s → %s', (value, expected) => {
    expect(formatUsdCompact(value)).toBe(expected);
  });
});

describe('small formatters', () => {
  it.each([
    [formatScore(7.44), '7.4'],
    [formatScore(null), MISSING],
    [formatRank(63.6), '64'],
    [formatNumber(-1234.567), '−1,234.57'],
    [formatNumber(3, 0), '3'],
    [formatBytes(512), '512 B'],
    [formatBytes(1536), '1.5 KB'],
    [formatBytes(5 * 1024 ** 2), '5.0 MB'],
    [humanize('trending_low_vol'), 'Trending low vol'],
    [humanize(''), MISSING],
    [humanize(null), MISSING],
    [trendOf(2), 'up'],
    [trendOf(-0.1), 'down'],
    [trendOf(0), 'flat'],
    [trendOf(null), 'flat'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('formatRelative', () => {
  const now = Date.parse('2026-03-02T15:00:00Z');
  it.each([
    ['2026-03-02T15:00:00Z', 'just now'],
    ['2026-03-02T14:59:18Z', '42s ago'],
    ['2026-03-02T14:55:00Z', '5m ago'],
    ['2026-03-02T12:00:00Z', '3h ago'],
    ['2026-02-28T15:00:00Z', '2d ago'],
    // A time ahead of the clock is skew between two clocks, never "updated in 1s".
    ['2026-03-02T15:00:01Z', 'just now'],
    ['2026-03-02T15:10:00Z', 'just now'],
    ['not a time', MISSING],
    [null, MISSING],
  ])('%s → %s', (iso, expected) => {
    expect(formatRelative(iso, now)).toBe(expected);
  });
});

describe('formatMarketTime (New York, whatever the machine zone)', () => {
  it.each([
    ['2026-03-02T15:00:00Z', 'Mar 2, 10:00 ET'],
    // Summer time: UTC-4.
    ['2026-07-01T13:30:00Z', 'Jul 1, 09:30 ET'],
    ['garbage', MISSING],
  ])('%s → %s', (iso, expected) => {
    expect(formatMarketTime(iso)).toBe(expected);
  });
});

// The As-of picker lists stored snapshots across years: each carries its year.
describe('formatMarketDateTime (with the year)', () => {
  it.each([
    ['2026-11-27T15:15:00Z', 'Nov 27, 2026 10:15 ET'],
    ['2025-12-31T20:59:00Z', 'Dec 31, 2025 15:59 ET'],
    ['2026-07-01T13:30:00Z', 'Jul 1, 2026 09:30 ET'],
    ['garbage', MISSING],
    [null, MISSING],
  ])('%s → %s', (iso, expected) => {
    expect(formatMarketDateTime(iso)).toBe(expected);
  });
});

// History and Replay list snapshots or days: a list with an entry of another year than now's shows
// every year, so "Sep 14" of 2023 never sits under "Apr 30" of 2025.
describe('listShowsYear', () => {
  const now = Date.parse('2025-04-30T20:15:00Z');
  it.each<[string, string[], boolean]>([
    ['all of the current year', ['2025-04-30T20:15:00Z', '2025-01-02T15:00:00Z'], false],
    ['one of an earlier year', ['2025-04-30T20:15:00Z', '2023-09-14T20:15:00Z'], true],
    ['all of an earlier year', ['2024-06-03T20:15:00Z'], true],
    ['New York dates (Replay days)', ['2025-04-30', '2023-09-14'], true],
    ['New York dates of this year', ['2025-04-30', '2025-04-29'], false],
    // 2025-01-01 01:00 UTC is still New Year's Eve in New York.
    ['the year in New York, not UTC', ['2025-01-01T01:00:00Z'], true],
    ['an empty list', [], false],
  ])('%s', (_name, dates, shows) => expect(listShowsYear(dates, now)).toBe(shows));
});

describe('formatPercent rounds once, half away from zero', () => {
  it.each<[number, string]>([
    [0.725, '+0.73%'],
    [-0.725, '−0.73%'],
    [0.724999, '+0.72%'],
    [1.005, '+1.01%'],
  ])('%d → %s', (value, want) => expect(formatPercent(value, { sign: true })).toBe(want));
});

describe('formatField (by name and unit convention)', () => {
  it.each([
    ['dist_to_gex_flip_pct', 1.5, '+1.50%'],
    ['expected_move_pct_1d', 1.2, '1.20%'],
    ['pct_gamma_expiring', 18.5, '18.50%'],
    ['atm_iv', 0.25, '25.0%'],
    ['iv_rank', 71.2, '71'],
    ['gamma_flip_price', 505, '505.00'],
    ['plus_1sigma_1d', 520.1, '520.10'],
    ['gex_usd_per_1_pct_move', 2.5e9, '$2.5B'],
    ['opportunity_score', 7.25, '7.3'],
    ['speculative_interest_score', 0.456, '0.46'],
    ['regime_label', 'range_bound', 'Range bound'],
    ['prefer_defined_risk', true, 'Yes'],
    ['caution_flags', ['iv_elevated', 'earnings'], 'iv_elevated, earnings'],
    ['caution_flags', [], MISSING],
    ['earnings_date', null, MISSING],
    ['pcr_oi', 0.9234, '0.92'],
    ['dte', 30, '30'],
  ])('%s = %o → %s', (key, value, expected) => {
    expect(formatField(key, value)).toBe(expected);
  });

  it.each([
    ['dist_to_gex_flip_pct', 'Dist to GEX flip %'],
    ['atm_iv', 'ATM IV'],
    ['iv_rank', 'IV rank'],
  ])('labels %s as %s', (key, expected) => {
    expect(fieldLabel(key)).toBe(expected);
  });
});

describe('humanize (known acronyms keep their case)', () => {
  it.each([
    ['iv_rank_extreme_low', 'IV rank extreme low'],
    ['atm_iv', 'ATM IV'],
    ['gex_usd_per_1_pct_move', 'GEX USD per 1 % move'],
    ['put_call_oi', 'Put call OI'],
    ['dte_7', 'DTE 7'],
    ['25d_skew', '25Δ skew'],
    ['expected_move_1d', 'Expected move 1D'],
    ['trending_down_high_vol', 'Trending down high vol'],
    ['oil_sector', 'Oil sector'],
  ])('%s → %s', (label, expected) => {
    expect(humanize(label)).toBe(expected);
  });
});

describe('sentence (text from data starts each sentence upper case)', () => {
  it.each([
    ['dealers heavily long gamma: $1.2B per 1 % move', 'Dealers heavily long gamma: $1.2B per 1 % move'],
    ['spot above the flip. expect pinning', 'Spot above the flip. Expect pinning'],
    ['Already fine. And this', 'Already fine. And this'],
    ['−1σ 1D is near. watch it', '−1σ 1D is near. Watch it'],
    ['1.5 % below. moves fade', '1.5 % below. Moves fade'],
    ['', ''],
    [null, MISSING],
  ])('%s → %s', (text, expected) => {
    expect(sentence(text)).toBe(expected);
  });
});

describe('formatField: premiums and credits are money', () => {
  it.each([
    ['premium', 0.51, '$0.51'],
    ['mid', 1.2, '$1.20'],
    ['credit', 0.05, '$0.05'],
    ['put_call_25d_iv_premium_pct', 2.5, '2.50%'],
  ])('%s = %s → %s', (key, value, expected) => {
    expect(formatField(key, value)).toBe(expected);
  });
});
