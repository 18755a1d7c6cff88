// Which session the history file must reach, and the `date,close` text written.
import { describe, expect, it } from 'vitest';
import { historyCsv } from '../../../../../src/service/market/tradier/files.ts';
import { lastClosedSession } from '../../../../../src/service/market/net/market-schedule.ts';
import { nyToEpoch } from '../../../../../src/shared/market-calendar.ts';

describe('lastClosedSession', () => {
  it.each([
    ['Friday during the session', '2025-09-12', 11 * 60, '2025-09-11'],
    ['Friday at the close', '2025-09-12', 16 * 60, '2025-09-12'],
    ['Friday evening', '2025-09-12', 21 * 60, '2025-09-12'],
    ['Sunday', '2025-09-14', 12 * 60, '2025-09-12'],
    ['Monday before the open', '2025-09-15', 9 * 60, '2025-09-12'],
    ['the day after Thanksgiving, after the 13:00 close', '2025-11-28', 14 * 60, '2025-11-28'],
    ['Tuesday after Labor Day, morning', '2025-09-02', 10 * 60, '2025-08-29'],
  ])('%s', (_name, date, minutes, expected) => {
    expect(lastClosedSession(nyToEpoch(date, minutes))).toBe(expected);
  });
});

describe('historyCsv', () => {
  const day = (date: string, close: number | null) => ({
    date,
    open: null,
    high: null,
    low: null,
    close,
    volume: null,
  });
  it.each([
    [
      'sorted oldest first',
      [day('2025-09-12', 3), day('2025-09-10', 1)],
      'date,close\n2025-09-10,1\n2025-09-12,3\n',
    ],
    [
      'one row per date, the last given wins',
      [day('2025-09-12', 3), day('2025-09-12', 4)],
      'date,close\n2025-09-12,4\n',
    ],
    [
      'no zero or negative closes',
      [day('2025-09-11', 0), day('2025-09-12', -1), day('2025-09-10', 2.5)],
      'date,close\n2025-09-10,2.5\n',
    ],
    [
      'a day without a close left out',
      [day('2025-09-11', null), day('2025-09-12', 3)],
      'date,close\n2025-09-12,3\n',
    ],
    ['just the header when empty', [], 'date,close\n'],
  ])('%s', (_name, days, text) => {
    expect(historyCsv(days)).toBe(text);
  });
});
