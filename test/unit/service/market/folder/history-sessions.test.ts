// mergeHistory ends before the SESSION of the snapshot it is for: a Sunday or pre-market snapshot
// shows the previous session's close, so that session is "today", not a day of history.
import { describe, expect, it } from 'vitest';
import { mergeHistory } from '../../../../../src/service/market/folder/history-merge.ts';
import { at } from '../../../../support/ny-time.ts';

describe('mergeHistory by session', () => {
  // Thu Sep 11 and Fri Sep 12 2025 in the price file and as snapshots.
  const snapshots = [
    { asof: at('2025-09-11', '16:00'), spot: 100, atmIv: 0.4, pcrOi: 0.7 },
    { asof: at('2025-09-12', '16:00'), spot: 101, atmIv: 0.41, pcrOi: 0.71 },
  ];
  const file = { dates: ['2025-09-11', '2025-09-12'], closes: [100.1, 101.1], notes: [] };

  it.each([
    ['Friday 20:00', at('2025-09-12', '20:00'), ['2025-09-11']],
    ['Saturday noon', at('2025-09-13', '12:00'), ['2025-09-11']],
    ['Sunday 22:38', at('2025-09-14', '22:38'), ['2025-09-11']],
    ['Monday 05:18, before the open', at('2025-09-15', '05:18'), ['2025-09-11']],
    ['Monday 09:30, the open', at('2025-09-15', '09:30'), ['2025-09-11', '2025-09-12']],
  ])('a snapshot on %s has history up to the session before its own', (_name, time, dates) => {
    expect(mergeHistory(snapshots, file, time).dates).toEqual(dates);
  });
});
