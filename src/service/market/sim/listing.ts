// Which expirations are listed on a given day, by the listing style of the ticker, as SPY, SPX and
// QQQ list them:
// - daily (index ETFs and indexes): every session of the next two weeks, Friday weeklies for eight
//   weeks, the month-end (last session of the month) of the next three months, the quarter-end (last
//   session of March, June, September, December) of the next four quarters;
// - weekly (liquid single stocks and ETFs): Friday weeklies for seven weeks;
// - every style: twelve standard monthlies (third Friday) and two LEAPS Januarys beyond them.
// An expiration whose Friday is a holiday moves to the trading day before (a Thursday); a month-end
// that is not a session moves back to the last session before it.
// The simulator asks for these lists for every ticker and session, so the work is done on day
// numbers with memoized holidays rather than on date strings.
import {
  nyseHolidays,
  optionExpiryEpoch,
  standardMonthlyExpiration,
  type IsoDate,
} from '../../../shared/market-calendar.ts';
import { vixMonthlyExpiration, vixSettlementEpoch } from '../../engine/vix-expirations.ts';
import type { ListingStyle } from './universe.ts';

const DAILY_HORIZON_DAYS = 14;
/** Friday weeklies: eight weeks for the index names, seven for single stocks. */
const WEEKLY_HORIZON_DAYS: Readonly<Record<'daily' | 'weekly', number>> = { daily: 56, weekly: 49 };
const MONTHLY_COUNT = 12;
/** Index names: month-ends of the next three months and quarter-ends of the next four quarters. */
const MONTH_END_COUNT = 3;
const QUARTER_END_COUNT = 4;
/** VIX: Wednesday weeklies for six weeks, VIX monthlies for seven months (no LEAPS). */
const VIX_WEEKLY_HORIZON_DAYS = 42;
const VIX_MONTHLY_COUNT = 7;
const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
export function dayNumber(date: IsoDate): number {
  return (
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / MS_PER_DAY
  );
}

/** Civil date of a day number (H. Hinnant's days-to-civil, proleptic Gregorian). */
function civil(n: number): { year: number; month: number; day: number } {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function dateOfDayNumber(n: number): IsoDate {
  const { year, month, day } = civil(n);
  return `${year}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

const holidayDays = new Map<number, ReadonlySet<number>>();

/** Whether a day number is an NYSE session (weekends and holidays excluded). */
export function isTradingDayNumber(n: number): boolean {
  const dow = (n + 4) % 7; // 1970-01-01 was a Thursday
  if (dow === 0 || dow === 6) return false;
  const year = civil(n).year;
  let set = holidayDays.get(year);
  if (!set) {
    set = new Set([...nyseHolidays(year).keys()].map(dayNumber));
    holidayDays.set(year, set);
  }
  return !set.has(n);
}

const monthlyDays = new Map<number, number>();

function monthlyDayNumber(year: number, month: number): number {
  const key = year * 12 + month;
  let n = monthlyDays.get(key);
  if (n === undefined) {
    n = dayNumber(standardMonthlyExpiration(year, month));
    monthlyDays.set(key, n);
  }
  return n;
}

/** Day number of the last session of a month (month 1-12). */
function lastSessionOfMonth(year: number, month: number): number {
  // Date.UTC rolls month 12 over into January: the day before the next month's first.
  let n = Date.UTC(year, month, 1) / MS_PER_DAY - 1;
  while (!isTradingDayNumber(n)) n--;
  return n;
}

/**
 * The next `count` month-ends on or after `today`, from the month of (year, month), in months that
 * are multiples of `every` (1: every month; 3: quarter-ends, March, June, September, December).
 */
function monthEnds(year: number, month: number, today: number, count: number, every: number): number[] {
  const out: number[] = [];
  for (let i = 0; out.length < count; i++) {
    const y = year + Math.floor((month - 1 + i) / 12);
    const m = ((month - 1 + i) % 12) + 1;
    if (m % every !== 0) continue;
    const n = lastSessionOfMonth(y, m);
    if (n >= today) out.push(n);
  }
  return out;
}

/** Expiration dates listed on `date` (including `date` itself when something expires that day), ascending. */
export function listedExpirations(style: ListingStyle, date: IsoDate): IsoDate[] {
  if (style === 'vix') return vixExpirations(date);
  const today = dayNumber(date);
  const out = new Set<number>();
  if (style === 'daily') {
    for (let n = today; n <= today + DAILY_HORIZON_DAYS; n++) if (isTradingDayNumber(n)) out.add(n);
  }
  if (style === 'daily' || style === 'weekly') {
    const firstFriday = today + ((5 - ((today + 4) % 7) + 7) % 7);
    for (let friday = firstFriday; friday <= today + WEEKLY_HORIZON_DAYS[style]; friday += 7) {
      let n = friday;
      while (!isTradingDayNumber(n)) n--;
      if (n >= today) out.add(n);
    }
  }
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  if (style === 'daily') {
    for (const n of monthEnds(year, month, today, MONTH_END_COUNT, 1)) out.add(n);
    for (const n of monthEnds(year, month, today, QUARTER_END_COUNT, 3)) out.add(n);
  }
  let lastMonthly = today;
  for (let i = 0, count = 0; count < MONTHLY_COUNT; i++) {
    const n = monthlyDayNumber(year + Math.floor((month - 1 + i) / 12), ((month - 1 + i) % 12) + 1);
    if (n < today) continue;
    out.add(n);
    lastMonthly = n;
    count++;
  }
  const lastYear = civil(lastMonthly).year;
  out.add(monthlyDayNumber(lastYear + 1, 1));
  out.add(monthlyDayNumber(lastYear + 2, 1));
  return [...out].sort((a, b) => a - b).map(dateOfDayNumber);
}

/** VIX's Wednesdays: weeklies (a holiday Wednesday moves to the day before) and VIX monthlies. */
function vixExpirations(date: IsoDate): IsoDate[] {
  const today = dayNumber(date);
  const out = new Set<number>();
  const firstWednesday = today + ((3 - ((today + 4) % 7) + 7) % 7);
  for (let wednesday = firstWednesday; wednesday <= today + VIX_WEEKLY_HORIZON_DAYS; wednesday += 7) {
    let n = wednesday;
    while (!isTradingDayNumber(n)) n--;
    if (n >= today) out.add(n);
  }
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  for (let i = 0, count = 0; count < VIX_MONTHLY_COUNT; i++) {
    const n = dayNumber(
      vixMonthlyExpiration(year + Math.floor((month - 1 + i) / 12), ((month - 1 + i) % 12) + 1),
    );
    if (n < today) continue;
    out.add(n);
    count++;
  }
  return [...out].sort((a, b) => a - b).map(dateOfDayNumber);
}

/** Memoizes listedExpirations per (style, date), and their expiry instants, for one simulated market. */
export class ListingCache {
  private readonly dates = new Map<ListingStyle, Map<IsoDate, readonly IsoDate[]>>();
  private readonly instantLists = new Map<ListingStyle, Map<IsoDate, readonly number[]>>();
  private readonly expiry = new Map<IsoDate, number>();

  get(style: ListingStyle, date: IsoDate): readonly IsoDate[] {
    let byDate = this.dates.get(style);
    if (!byDate) this.dates.set(style, (byDate = new Map()));
    let hit = byDate.get(date);
    if (!hit) {
      hit = listedExpirations(style, date);
      byDate.set(date, hit);
    }
    return hit;
  }

  /** Expiry instants (the session close, 16:00 New York or 13:00 on an early close; VIX: the open) of the expirations listed on `date`, ascending. */
  instants(style: ListingStyle, date: IsoDate): readonly number[] {
    let byDate = this.instantLists.get(style);
    if (!byDate) this.instantLists.set(style, (byDate = new Map()));
    let hit = byDate.get(date);
    if (!hit) {
      hit = this.get(style, date).map((d) => this.settlesAt(style, d));
      byDate.set(date, hit);
    }
    return hit;
  }

  /** When an expiration of this listing style stops trading: VIX settles at the open, the rest at the close. */
  settlesAt(style: ListingStyle, date: IsoDate): number {
    return style === 'vix' ? vixSettlementEpoch(date) : this.expiresAt(date);
  }

  expiresAt(date: IsoDate): number {
    let at = this.expiry.get(date);
    if (at === undefined) {
      at = optionExpiryEpoch(date);
      this.expiry.set(date, at);
    }
    return at;
  }
}
