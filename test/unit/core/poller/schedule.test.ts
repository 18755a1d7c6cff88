import { describe, expect, it } from 'vitest';
import { cronMatcher, CronExpressionError, firesBetween } from '../../../../src/core/poller/cron-match.ts';
import { lastCloseAtOrBefore, marketGate } from '../../../../src/core/poller/market-gate.ts';
import { cronTrigger, marketClockTrigger, type Tick } from '../../../../src/core/poller/triggers.ts';
import { ManualTimers } from '../../../../src/core/lib/timers.ts';
import { at as ny } from '../../../support/ny-time.ts';

describe('cronMatcher (New York time)', () => {
  it.each([
    ['*/5 9-16 * * 1-5', '2025-03-10', '09:35', true],
    ['*/5 9-16 * * 1-5', '2025-03-10', '09:36', false],
    ['*/5 9-16 * * 1-5', '2025-03-08', '10:00', false], // Saturday
    ['*/5 9-16 * * 1-5', '2025-07-14', '16:55', true], // EDT
    ['*/5 9-16 * * 1-5', '2025-01-14', '16:55', true], // EST
    ['0 16 * * 1-5', '2025-01-14', '16:00', true],
    ['0 */5 * * * *', '2025-01-14', '03:05', true], // six fields, seconds 0
    ['30 17 L * *', '2025-03-31', '17:30', true], // node-cron's L token through its own matcher
    ['30 17 L * *', '2025-03-30', '17:30', false],
    ['0 9 * * 7', '2025-03-09', '09:00', true], // 7 is Sunday too
  ])('%s at %s %s → %s', (expr, date, time, expected) => {
    expect(cronMatcher(expr).matches(ny(date, time))).toBe(expected);
  });

  it('rejects a bad expression with a clear error', () => {
    expect(() => cronMatcher('every five minutes')).toThrow(CronExpressionError);
    expect(() => cronMatcher('every five minutes')).toThrow(/not a valid cron expression/);
  });

  it('counts firings in a span (missed ticks)', () => {
    const m = cronMatcher('*/5 9-16 * * 1-5');
    expect(firesBetween(m, ny('2025-03-10', '10:00'), ny('2025-03-10', '10:30'))).toBe(6);
    expect(firesBetween(m, ny('2025-03-08', '00:00'), ny('2025-03-09', '23:59'))).toBe(0);
  });
});

describe('market gate', () => {
  const open = ny('2025-03-10', '11:00');
  const afterClose = ny('2025-03-10', '16:05');
  const evening = ny('2025-03-10', '20:00');
  const earlyCloseAfter = ny('2025-11-28', '13:05'); // day after Thanksgiving closes at 13:00
  it.each([
    ['open', open, open - 60_000, false, true, 'open'],
    ['first run while closed', evening, null, false, true, 'after_close'],
    ['once after the close', afterClose, ny('2025-03-10', '15:55'), false, true, 'after_close'],
    ['not twice after the close', evening, afterClose, false, false, 'closed'],
    ['outside hours when asked', evening, afterClose, true, true, 'outside_hours_allowed'],
    [
      'weekend, ran Friday after close',
      ny('2025-03-08', '12:00'),
      ny('2025-03-07', '16:05'),
      false,
      false,
      'closed',
    ],
    ['holiday (Good Friday)', ny('2025-04-18', '11:00'), ny('2025-04-17', '16:05'), false, false, 'closed'],
    ['early close', earlyCloseAfter, ny('2025-11-28', '12:55'), false, true, 'after_close'],
  ])('%s', (_name, at, lastRun, outside, run, reason) => {
    expect(marketGate(at, lastRun, outside)).toEqual({ run, reason });
  });

  it('last close before a Monday morning is Friday’s', () => {
    expect(lastCloseAtOrBefore(ny('2025-03-10', '08:00'))).toBe(ny('2025-03-07', '16:00'));
  });
});

describe('marketClockTrigger', () => {
  function setup(start: number) {
    let market = start;
    const timers = new ManualTimers(0);
    const ticks: Tick<'signals' | 'close'>[] = [];
    const trigger = marketClockTrigger({
      schedules: { signals: '*/5 9-16 * * 1-5', close: '5 16 * * 1-5' },
      clock: { now: () => market },
      timers,
      sampleMs: 1000,
      onTick: (t) => ticks.push(t),
    });
    return {
      ticks,
      trigger,
      step: (marketMs: number) => {
        market += marketMs;
        timers.advance(1000);
      },
      set: (ms: number) => {
        market = ms;
        timers.advance(1000);
      },
    };
  }

  it('fires each job once per matching market minute as the market clock runs fast', () => {
    const s = setup(ny('2025-03-10', '10:00'));
    s.trigger.start();
    for (let i = 0; i < 4; i++) s.step(5 * 60_000); // 5 market minutes per real second
    expect(s.ticks.map((t) => [t.job, t.missed])).toEqual([
      ['signals', 0],
      ['signals', 0],
      ['signals', 0],
      ['signals', 0],
    ]);
    s.trigger.stop();
  });

  it('folds a jump (sleep) into one tick per job with the missed count', () => {
    const s = setup(ny('2025-03-10', '10:00'));
    s.trigger.start();
    s.set(ny('2025-03-10', '17:00'));
    expect(s.ticks.map((t) => [t.job, t.missed])).toEqual([
      ['signals', 83 - 1], // 10:05 … 16:55 is 83 ticks: one run standing for 82 missed
      ['close', 0],
    ]);
    s.trigger.stop();
  });

  it('a clock set backwards restarts without firing', () => {
    const s = setup(ny('2025-03-10', '10:00'));
    s.trigger.start();
    s.set(ny('2025-03-10', '09:00'));
    expect(s.ticks).toEqual([]);
    s.trigger.stop();
  });
});

describe('cronTrigger', () => {
  it('notices a wall-clock jump (sleep) and runs each missed job once', () => {
    const start = ny('2025-03-10', '10:00');
    const timers = new ManualTimers(start);
    const ticks: Tick<'signals' | 'weekly'>[] = [];
    const trigger = cronTrigger({
      schedules: { signals: '*/5 9-16 * * 1-5', weekly: '0 3 * * 0' },
      onTick: (t) => ticks.push(t),
      timers,
      heartbeatMs: 15_000,
      jumpToleranceMs: 60_000,
    });
    trigger.start();
    try {
      timers.advance(15_000); // an ordinary heartbeat: nothing to catch up
      expect(ticks).toEqual([]);
      timers.jump(2 * 3600_000); // the laptop slept for two hours
      expect(ticks.map((t) => [t.job, t.missed])).toEqual([['signals', 24 - 1]]);
      expect(ticks[0]?.at).toBe(timers.now());
    } finally {
      trigger.stop();
    }
    expect(timers.pendingCount).toBe(0);
  });
});
