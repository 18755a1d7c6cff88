// The price chart's columns: snapshots and closes merged oldest first (a close only for a session
// without snapshots), x in New York wall-clock seconds across the clock changes, the tooltip's
// time wording, and which series really have something to draw.
import { describe, expect, it } from 'vitest';
import type { DailyClose, LevelsPoint } from '../../../../src/shared/bridge/levels-history.ts';
import { nyToEpoch } from '../../../../src/shared/market-calendar.ts';
import {
  closeSeconds,
  drawnKeys,
  formatRowTime,
  priceLevelsRows,
  wallSeconds,
} from '../../../../src/renderer/features/price/price-levels-model.ts';

const wall = (date: string, hh: number, mm: number) =>
  Date.parse(`${date}T00:00:00Z`) / 1000 + hh * 3600 + mm * 60;

describe('wallSeconds', () => {
  it.each([
    ['a winter open', '2026-11-24', 9 * 60 + 30],
    ['a summer open', '2026-07-01', 9 * 60 + 30],
    ['the day clocks spring forward, after 03:00', '2026-03-08', 10 * 60],
    ['a close', '2026-03-06', 16 * 60],
  ])('%s reads as its New York time', (_name, date, minutes) => {
    expect(wallSeconds(nyToEpoch(date, minutes))).toBe(wall(date, Math.floor(minutes / 60), minutes % 60));
  });
});

const point = (asof: number, spot: number, extra: Partial<LevelsPoint> = {}): LevelsPoint => ({
  asof: new Date(asof).toISOString(),
  spot,
  gamma_flip: spot - 5,
  call_wall: spot + 10,
  put_wall: spot - 10,
  plus_1sigma_1d: spot + 3,
  minus_1sigma_1d: spot - 3,
  ...extra,
});
const close = (date: string, price: number, flip: number | null = null): DailyClose => ({
  date,
  price,
  gex_flip: flip,
});

describe('priceLevelsRows', () => {
  it.each<[string, LevelsPoint[], DailyClose[], number[], (number | null)[][]]>([
    [
      'snapshots only',
      [point(nyToEpoch('2026-11-24', 600), 500), point(nyToEpoch('2026-11-24', 630), 501)],
      [],
      [wall('2026-11-24', 10, 0), wall('2026-11-24', 10, 30)],
      [
        [500, 495, 510, 490, 503, 497],
        [501, 496, 511, 491, 504, 498],
      ],
    ],
    [
      'a close for a day without snapshots, none for a day with them; oldest first',
      [point(nyToEpoch('2026-11-24', 600), 500)],
      [close('2026-11-24', 502, 499), close('2026-11-23', 490, 480)],
      [wall('2026-11-23', 16, 0), wall('2026-11-24', 10, 0)],
      [
        [490, 480, null, null, null, null],
        [500, 495, 510, 490, 503, 497],
      ],
    ],
    [
      'missing levels stay gaps',
      [point(nyToEpoch('2026-11-24', 600), 500, { call_wall: null, gamma_flip: null })],
      [],
      [wall('2026-11-24', 10, 0)],
      [[500, null, null, 490, 503, 497]],
    ],
    ['nothing', [], [], [], []],
  ])('%s', (_name, points, closes, xs, rows) => {
    const { columns } = priceLevelsRows({ points, closes });
    expect([...columns[0]]).toEqual(xs);
    expect(xs.map((_, r) => columns.slice(1).map((c) => c[r] ?? null))).toEqual(rows);
  });

  it('lists the close rows so the tooltip can say so', () => {
    const { closeXs } = priceLevelsRows({ points: [], closes: [close('2026-11-20', 1)] });
    expect(closeXs).toEqual([closeSeconds({ date: '2026-11-20' })]);
  });
});

describe('formatRowTime', () => {
  const closes = new Set([wall('2026-11-20', 16, 0)]);
  it.each([
    ['an intraday snapshot', wall('2026-11-24', 9, 35), 'Tue, Nov 24, 09:35 ET'],
    ['a close', wall('2026-11-20', 16, 0), 'Fri, Nov 20, 2026 close'],
    ['not a number', Number.NaN, '—'],
  ])('%s', (_name, x, text) => {
    expect(formatRowTime(x, closes)).toBe(text);
  });
});

describe('drawnKeys', () => {
  it('names only the series with a value', () => {
    const { columns } = priceLevelsRows({
      points: [point(nyToEpoch('2026-11-24', 600), 500, { call_wall: null, put_wall: null })],
      closes: [],
    });
    expect(drawnKeys(columns)).toEqual(['price', 'gamma_flip', 'plus_1sigma_1d', 'minus_1sigma_1d']);
  });
});
