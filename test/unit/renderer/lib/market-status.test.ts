import { describe, expect, it } from 'vitest';
import {
  clockInForceNow,
  clockName,
  marketStatus,
  marketStatusText,
} from '../../../../src/renderer/lib/market-status.ts';
import { at } from '../../../support/ny-time.ts';

// Mon 2026-03-02 is a regular session (09:30–16:00 ET); Fri 2026-11-27, the day after
// Thanksgiving, closes early at 13:00; Sat 2026-11-28 is a weekend.
describe('marketStatus: the session at an instant of the clock in force', () => {
  it.each([
    ['pre-open', at('2026-03-02', '09:29'), { open: false, verb: 'opens', at: '2026-03-02T14:30:00.000Z' }],
    [
      'at the open',
      at('2026-03-02', '09:30'),
      { open: true, verb: 'closes', at: '2026-03-02T21:00:00.000Z' },
    ],
    [
      'mid-session',
      at('2026-03-02', '13:00'),
      { open: true, verb: 'closes', at: '2026-03-02T21:00:00.000Z' },
    ],
    [
      'at the close: the next session',
      at('2026-03-02', '16:00'),
      { open: false, verb: 'opens', at: '2026-03-03T14:30:00.000Z' },
    ],
    [
      'weekend: Monday',
      at('2026-11-28', '12:00'),
      { open: false, verb: 'opens', at: '2026-11-30T14:30:00.000Z' },
    ],
    [
      'early close',
      at('2026-11-27', '10:15'),
      { open: true, verb: 'closes', at: '2026-11-27T18:00:00.000Z' },
    ],
    [
      'after an early close',
      at('2026-11-27', '13:05'),
      { open: false, verb: 'opens', at: '2026-11-30T14:30:00.000Z' },
    ],
    [
      'Thanksgiving: closed all day',
      at('2026-11-26', '11:00'),
      { open: false, verb: 'opens', at: '2026-11-27T14:30:00.000Z' },
    ],
  ] as const)('%s', (_name, now, status) => {
    expect(marketStatus(now)).toMatchObject(status);
  });
});

describe('clockName: the header names any clock but the wall', () => {
  it.each([
    ['real', 1, null],
    ['fast', 60, 'Simulated clock ×60'],
    ['fast', 300, 'Simulated clock ×300'],
    ['fast', 1.5, 'Simulated clock ×1.5'],
    ['fast', 0, 'Simulated clock (held)'],
    ['data', 0, "Files' clock"],
  ] as const)('%s at %d', (clock, rate, name) => {
    expect(clockName(clock, rate)).toBe(name);
  });
});

describe('marketStatusText: the header line, wall clock vs the clock in force', () => {
  it.each([
    [
      'wall clock, open',
      'real',
      1,
      at('2026-03-02', '10:15'),
      { open: true, clock: null, time: null, state: 'Market open', detail: 'closes 16:00 ET' },
    ],
    [
      'wall clock, pre-open',
      'real',
      1,
      at('2026-03-02', '08:00'),
      { open: false, clock: null, time: null, state: 'Market closed', detail: 'opens 09:30 ET' },
    ],
    [
      'wall clock, weekend',
      'real',
      1,
      at('2026-11-28', '12:00'),
      { open: false, clock: null, time: null, state: 'Market closed', detail: 'opens Nov 30, 09:30 ET' },
    ],
    [
      'fast clock, open on an early-close day (the issue: alerts at 10:15, header said closed)',
      'fast',
      60,
      at('2026-11-27', '10:15'),
      {
        open: true,
        clock: 'Simulated clock ×60',
        time: 'Nov 27, 10:15 ET',
        state: 'Market open',
        detail: 'closes 13:00 ET (early close)',
      },
    ],
    [
      'fast clock, pre-open',
      'fast',
      300,
      at('2026-11-27', '05:46'),
      {
        open: false,
        clock: 'Simulated clock ×300',
        time: 'Nov 27, 05:46 ET',
        state: 'Market closed',
        detail: 'opens 09:30 ET',
      },
    ],
    [
      'fast clock, weekend',
      'fast',
      300,
      at('2026-11-29', '20:00'),
      {
        open: false,
        clock: 'Simulated clock ×300',
        time: 'Nov 29, 20:00 ET',
        state: 'Market closed',
        detail: 'opens Nov 30, 09:30 ET',
      },
    ],
    [
      "a chain folder's clock, after the close",
      'data',
      0,
      at('2026-09-14', '16:31'),
      {
        open: false,
        clock: "Files' clock",
        time: null,
        state: 'Market closed',
        detail: 'opens Sep 15, 09:30 ET',
      },
    ],
  ] as const)('%s', (_name, clock, rate, now, text) => {
    expect(marketStatusText(clock, rate, now)).toEqual(text);
  });
});

describe('clockInForceNow: the header runs the clock in force between two readings', () => {
  const wall = Date.parse('2026-11-27T10:46:00Z');
  it.each([
    ['the wall clock', 1, 2_000, 2_000],
    ['a fast clock ×300: two wall seconds are ten market minutes', 300, 2_000, 600_000],
    ['a fast clock ×60', 60, 60_000, 3_600_000],
    ["a chain folder's clock stands still until a file arrives", 0, 60_000, 0],
  ])('%s', (_name, rate, elapsed, moved) => {
    const market = at('2026-11-27', '05:46');
    expect(clockInForceNow({ market, wall, rate }, wall + elapsed)).toBe(market + moved);
  });

  // The issue: Fast chosen at 05:46 simulated, alerts stamped 10:15 while the header, run at the
  // wall's pace from its last reading, still said "Market closed · opens 09:30".
  it('a minute after a ×300 reading at 05:46 the header says open, in simulated time', () => {
    const reading = { market: at('2026-11-27', '05:46'), wall, rate: 300 };
    const now = clockInForceNow(reading, wall + 60_000);
    expect(now).toBe(at('2026-11-27', '10:46'));
    expect(marketStatusText('fast', 300, now)).toMatchObject({
      state: 'Market open',
      time: 'Nov 27, 10:46 ET',
      detail: 'closes 13:00 ET (early close)',
    });
    // At the wall's pace (the old rule) it would still read the pre-open.
    expect(marketStatusText('fast', 300, clockInForceNow({ ...reading, rate: 1 }, wall + 60_000)).state).toBe(
      'Market closed',
    );
  });
});
