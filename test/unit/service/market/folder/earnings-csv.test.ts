import { describe, expect, it } from 'vitest';
import {
  EarningsFileError,
  nextEarnings,
  parseEarningsCsv,
} from '../../../../../src/service/market/folder/earnings-csv.ts';

describe('parseEarningsCsv', () => {
  const text = [
    'ticker,date,time',
    'TSLA,2023-07-19,amc',
    'tsla,2023-10-18,AMC',
    'AAPL,11/02/2023,amc',
    'MSFT,2023-10-24,during',
    'SPY,,bmo',
    'NVDA,2023-08-23,dmh',
  ].join('\n');
  const calendar = parseEarningsCsv(text);

  it('reads events per upper-case ticker, in date order', () => {
    expect(calendar.events.get('TSLA')).toEqual([
      { date: '2023-07-19', time: 'amc' },
      { date: '2023-10-18', time: 'amc' },
    ]);
    expect(calendar.events.get('AAPL')).toEqual([{ date: '2023-11-02', time: 'amc' }]);
  });

  it('skips bad rows and counts them', () => {
    expect(calendar.events.has('MSFT')).toBe(false);
    expect(calendar.notes).toEqual(['2 rows were skipped (first: line 5: time must be bmo, amc or dmh)']);
  });

  it.each([
    ['2023-07-19', { date: '2023-07-19', time: 'amc' }],
    ['2023-07-20', { date: '2023-10-18', time: 'amc' }],
    ['2023-10-19', null],
  ])('the next TSLA event on or after %s', (date, expected) => {
    expect(nextEarnings(calendar, 'TSLA', date)).toEqual(expected);
  });

  it('accepts any column order and a BOM', () => {
    const c = parseEarningsCsv('\uFEFFTime,Date,Ticker\nbmo,2025-01-30,AAPL\n');
    expect(c.events.get('AAPL')).toEqual([{ date: '2025-01-30', time: 'bmo' }]);
  });

  it('names the columns it needs', () => {
    expect(() => parseEarningsCsv('symbol,when\nAAPL,2025-01-30\n')).toThrow(EarningsFileError);
    expect(() => parseEarningsCsv('symbol,when\nAAPL,2025-01-30\n')).toThrow(
      "the header must name ticker, date and time; found 'symbol', 'when'",
    );
  });
});
