import { describe, expect, it } from 'vitest';
import { mergeHistory } from '../../../../../src/service/market/folder/history-merge.ts';
import type { SnapshotFigures } from '../../../../../src/service/market/folder/daily-figures.ts';
import type { DailyCloses } from '../../../../../src/service/market/folder/history-csv.ts';
import { at } from '../../../../support/ny-time.ts';

const snap = (
  date: string,
  hhmm: string,
  spot: number,
  atmIv: number | null = 0.5,
  pcrOi: number | null = 0.8,
) => ({ asof: at(date, hhmm), spot, atmIv, pcrOi }) satisfies SnapshotFigures;
const file = (rows: [string, number][]): DailyCloses => ({
  dates: rows.map((r) => r[0]),
  closes: rows.map((r) => r[1]),
  notes: [],
});
const plain = (h: ReturnType<typeof mergeHistory>) => ({
  dates: [...h.dates],
  close: [...h.close],
  atmIv: [...h.atmIv],
  pcrOi: [...h.pcrOi],
});

describe('mergeHistory', () => {
  // Mon Sep 8 – Fri Sep 12 2025 are trading days.
  const snapshots = [
    snap('2025-09-08', '10:00', 99, 0.4, 0.7),
    snap('2025-09-08', '16:00', 100, 0.41, 0.71), // the session's last snapshot: its close
    snap('2025-09-10', '15:30', 102, 0.43, 0.73),
    snap('2025-09-12', '16:00', 104, 0.45, 0.75),
  ];

  it('takes each session’s last snapshot as its close, ATM IV and OI ratio', () => {
    const h = mergeHistory(snapshots, null, at('2025-09-12', '16:00'));
    expect(plain(h)).toEqual({
      dates: ['2025-09-08', '2025-09-10'],
      close: [100, 102],
      atmIv: [0.41, 0.43],
      pcrOi: [0.71, 0.73],
    });
  });

  it('lets the history file’s close win on a shared date, fills the rest from either, IV only from snapshots', () => {
    const closes = file([
      ['2025-09-05', 97],
      ['2025-09-08', 100.5],
      ['2025-09-09', 101],
      ['2025-09-12', 104.2],
    ]);
    const h = mergeHistory(snapshots, closes, at('2025-09-15', '10:00'));
    expect(plain(h)).toEqual({
      dates: ['2025-09-05', '2025-09-08', '2025-09-09', '2025-09-10', '2025-09-12'],
      close: [97, 100.5, 101, 102, 104.2],
      atmIv: [NaN, 0.41, NaN, 0.43, 0.45],
      pcrOi: [NaN, 0.71, NaN, 0.73, 0.75],
    });
  });

  it('holds only dates strictly before the snapshot’s New York date, from either source', () => {
    const closes = file([
      ['2025-09-11', 103],
      ['2025-09-12', 104.2],
    ]);
    const h = mergeHistory(snapshots, closes, at('2025-09-12', '09:45'));
    expect(h.dates).toEqual(['2025-09-08', '2025-09-10', '2025-09-11']);
  });

  it('counts a snapshot taken outside a session as the previous session’s close', () => {
    // Sunday evening and Monday 8 AM both count for Friday; Monday's is a pre-market print.
    const weekend = [snap('2025-09-14', '22:00', 104.5), snap('2025-09-15', '08:00', 104.6)];
    const h = mergeHistory(weekend, null, at('2025-09-15', '15:00'));
    expect(plain(h).dates).toEqual(['2025-09-12']);
    expect(plain(h).close).toEqual([104.5]);
    // With no other file of the session, the pre-market one stands for it.
    const early = mergeHistory([snap('2025-09-15', '08:00', 104.6)], null, at('2025-09-15', '15:00'));
    expect(plain(early).close).toEqual([104.6]);
  });

  it('takes a session’s close from its complete file, not from a later partial download', () => {
    const full = snap('2025-09-12', '16:15', 104.5);
    const partial = snap('2025-09-12', '17:00', 104.9);
    const h = mergeHistory([full, partial], null, at('2025-09-15', '15:00'), new Set([partial.asof]));
    expect(plain(h).close).toEqual([104.5]);
  });

  it('ignores snapshots at or after the instant asked for, and snapshots without a valid spot', () => {
    const later = [
      snap('2025-09-08', '16:00', 100),
      snap('2025-09-09', '16:00', 0),
      snap('2025-09-10', '16:00', 102),
    ];
    expect(mergeHistory(later, null, at('2025-09-10', '16:00')).dates).toEqual(['2025-09-08']);
    expect(mergeHistory(later, null, at('2025-09-08', '16:00')).dates).toEqual([]);
  });

  it('stores a missing ATM IV or ratio as NaN', () => {
    const h = mergeHistory([snap('2025-09-08', '16:00', 100, null, null)], null, at('2025-09-09', '12:00'));
    expect(plain(h)).toEqual({ dates: ['2025-09-08'], close: [100], atmIv: [NaN], pcrOi: [NaN] });
  });
});
