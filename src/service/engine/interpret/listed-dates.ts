// Which listed expiration a setup's leg uses: the one nearest the leg's target DTE, so a setup is not
// left without legs because no date falls inside a fixed window (SPY's 30/60 calendar once had
// none between 50 and 75 DTE, with Jan 15 and Feb 19 listed).
//
// Rules (stated here, in docs/engine-conventions.md and in each result's `rule`):
// - DTE is calendar days from the snapshot's New York date to the expiration's date.
// - A leg names a window ("30-45 DTE"; a calendar's front 20-40 around 30, back 50-75 around 60).
//   Its target is the window's middle (a calendar leg's own target); candidates are ranked by
//   distance to the target, ties to the shorter.
// - Candidates lie between half the window's low end (rounded up, at least 1: never the
//   expiration ending today) and twice its high end. Beyond that a date is no longer the trade the
//   setup names, and the setup stands aside, naming the nearest listed date.
// - The window is the tolerance: a chosen date inside it is on target; outside it the setup says so
//   ("nearest listed to 30-45 DTE is 58 DTE").
import { epochToNy, parseIsoDate } from '../../../shared/market-calendar.ts';
import type { OptionChain } from '../chain.ts';

export interface DteWindow {
  min: number;
  max: number;
  /** Default: the window's middle. */
  target?: number;
}

export interface ListedDate {
  /** Index into `chain.expirations`. */
  index: number;
  date: string;
  dte: number;
  /** Outside the window the leg names. */
  offTarget: boolean;
}

const MS_PER_DAY = 86_400_000;

/** Calendar days from one YYYY-MM-DD date to another. */
export function calendarDays(from: string, to: string): number {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  return Math.round(
    (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / MS_PER_DAY,
  );
}

const targetOf = (w: DteWindow): number => w.target ?? (w.min + w.max) / 2;

/** The DTE range a leg may take a date from: half the window's low end to twice its high end. */
export function sensibleRange(w: DteWindow): { min: number; max: number } {
  return { min: Math.max(1, Math.ceil(w.min / 2)), max: w.max * 2 };
}

/** Every listed expiration with its DTE, in the chain's (date) order. */
export function listedDates(chain: Pick<OptionChain, 'expirations' | 'asof'>): ListedDate[] {
  const today = epochToNy(chain.asof).date;
  return chain.expirations.map((e, index) => ({
    index,
    date: e.date,
    dte: calendarDays(today, e.date),
    offTarget: false,
  }));
}

/**
 * The listed expirations a leg may use, nearest the window's target first (ties: the shorter), each
 * flagged when outside the window. `after`: only dates later than this DTE (a calendar's back month).
 */
export function nearestListed(
  chain: Pick<OptionChain, 'expirations' | 'asof'>,
  w: DteWindow,
  after = -Infinity,
): ListedDate[] {
  const target = targetOf(w);
  const range = sensibleRange(w);
  return listedDates(chain)
    .filter((e) => e.dte >= range.min && e.dte <= range.max && e.dte > after)
    .map((e) => ({ ...e, offTarget: e.dte < w.min || e.dte > w.max }))
    .sort((a, b) => Math.abs(a.dte - target) - Math.abs(b.dte - target) || a.dte - b.dte);
}

/** Why a leg found no date: the range searched and the nearest listed date outside it. */
export function noDateReason(
  chain: Pick<OptionChain, 'expirations' | 'asof'>,
  w: DteWindow,
  what: string,
  after = -Infinity,
): string {
  const range = sensibleRange(w);
  const target = targetOf(w);
  const nearest = listedDates(chain)
    .filter((e) => e.dte >= 1 && e.dte > after)
    .sort((a, b) => Math.abs(a.dte - target) - Math.abs(b.dte - target) || a.dte - b.dte)[0];
  const tail =
    nearest === undefined ? 'none is listed' : `nearest listed: ${nearest.dte} DTE (${nearest.date})`;
  return `no listed expiration between ${range.min} and ${range.max} DTE for ${what}; ${tail}`;
}

const windowText = (w: DteWindow): string => (w.min === w.max ? `${w.min}` : `${w.min}-${w.max}`);

/** "nearest listed to 30-45 DTE is 58 DTE (2025-05-09)", or null when the date is on target. */
export function offTargetNote(picked: ListedDate, w: DteWindow, leg?: string): string | null {
  if (!picked.offTarget) return null;
  const target = w.target === undefined ? `${windowText(w)} DTE` : `the ${w.target} DTE target`;
  return leg === undefined
    ? `nearest listed to ${target} is ${picked.dte} DTE (${picked.date})`
    : `${leg} ${picked.dte} DTE (${picked.date}), nearest listed to ${target}`;
}
