// What the header says of the market, in the time of the clock in force: the one the poller's
// market gate reads and snapshots and alerts are stamped with (app:info's `now`, run at its
// `clockRate` between reads, see AppState.now). The session comes from the shared NYSE calendar
// at that instant rather than from the last app:info, so the header turns to "Market open" when
// a fast clock reaches 09:30, not when app:info is next read (an hour later at 60×). A clock that
// is not the wall clock is named, with its time, so "opens 09:30" is never read as the wall's.
import type { AppInfo } from '../../shared/bridge/app-info.ts';
import { epochToNy, isMarketOpen, nextSession } from '../../shared/market-calendar.ts';
import { formatMarketTime } from './format.ts';

export interface MarketStatus {
  open: boolean;
  /** What follows the state: "closes" (while open) or "opens" at `at`. */
  verb: 'closes' | 'opens';
  /** ISO instant the verb refers to. */
  at: string;
  /** The session closes early (13:00). */
  earlyClose: boolean;
}

/** A reading of the clock in force: its instant, the wall time it was read at, its rate (app:info's). */
export interface ClockReading {
  market: number;
  wall: number;
  /** Market ms per wall ms: 1 on the wall clock, ×300 under a fast one, 0 when it moves only with data. */
  rate: number;
}

/**
 * The clock in force at wall time `wall`, run from its last reading at its own rate: a fast clock
 * read two wall seconds ago at ×300 is ten market minutes further on, not two seconds.
 */
export function clockInForceNow(reading: ClockReading, wall: number): number {
  return reading.market + (wall - reading.wall) * reading.rate;
}

/** The market at `now` (epoch ms, in the clock in force's time). */
export function marketStatus(now: number): MarketStatus {
  const open = isMarketOpen(now);
  // The current session while open, else the next one.
  const session = nextSession(now);
  return {
    open,
    verb: open ? 'closes' : 'opens',
    at: new Date(open ? session.close : session.open).toISOString(),
    earlyClose: session.earlyClose,
  };
}

/** A fast clock's speed as the header writes it: "×300", "×1.5". */
function speedText(rate: number): string {
  return `×${Number.isInteger(rate) ? rate : rate.toFixed(1)}`;
}

/**
 * The name of the clock in force when it is not the wall clock, else null: "Simulated clock ×60"
 * (a fast simulator), "Simulated clock (held)" (one that moves only by hand), "Files' clock" (a
 * chain folder's newest snapshot).
 */
export function clockName(clock: AppInfo['clock'], rate: number): string | null {
  switch (clock) {
    case 'real':
      return null;
    case 'data':
      return "Files' clock";
    case 'fast':
      return rate > 0 ? `Simulated clock ${speedText(rate)}` : 'Simulated clock (held)';
  }
}

const etClock = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant the header names: its time alone on `now`'s New York day ("13:00 ET"), else with the date. */
function whenText(iso: string, now: number): string {
  const t = Date.parse(iso);
  return epochToNy(t).date === epochToNy(now).date ? `${etClock.format(t)} ET` : formatMarketTime(iso);
}

export interface MarketStatusText {
  open: boolean;
  /** The clock in force when it is not the wall clock ("Simulated clock ×60"), else null. */
  clock: string | null;
  /** That clock's time ("Nov 27, 10:15 ET") when it is named (but a folder's: its badge says it), else null. */
  time: string | null;
  /** "Market open" or "Market closed". */
  state: string;
  /** "closes 13:00 ET (early close)", "opens Nov 30, 09:30 ET". */
  detail: string;
}

/** The header's market line for app:info's clock at `now` (epoch ms, that clock's time). */
export function marketStatusText(clock: AppInfo['clock'], rate: number, now: number): MarketStatusText {
  const status = marketStatus(now);
  const name = clockName(clock, rate);
  return {
    open: status.open,
    clock: name,
    // A chain folder's time is its newest file's, which the source badge already dates.
    time: name === null || clock === 'data' ? null : formatMarketTime(new Date(now).toISOString()),
    state: status.open ? 'Market open' : 'Market closed',
    detail: `${status.verb} ${whenText(status.at, now)}${status.open && status.earlyClose ? ' (early close)' : ''}`,
  };
}
