// The NYSE calendar and New York time, computed by rule with no time-zone database, so that the
// service, the poller and the renderer agree to the minute on every machine.
//
// Holidays follow NYSE Rule 7.2: New Year's Day, Martin Luther King Jr. Day, Washington's
// Birthday, Good Friday, Memorial Day, Juneteenth (from 2022), Independence Day, Labor Day,
// Thanksgiving and Christmas. A holiday on Saturday is observed the Friday before, except New
// Year's Day (the year-end close is never moved); on Sunday, the Monday after. Early closes (13:00)
// fall on July 3 when Independence Day is a Tuesday to Friday or July 3 is a Monday, on the day
// after Thanksgiving, and on Christmas Eve when it is a weekday and not itself a holiday. The rules
// hold for every year; they were checked against NYSE's published calendars for 2024-2028.

/** Unscheduled full-day closures announced by the exchange. */
const SPECIAL_CLOSURES = new Set(['2025-01-09']); // National Day of Mourning, President Carter

export const REGULAR_OPEN_MINUTES = 9 * 60 + 30;
export const REGULAR_CLOSE_MINUTES = 16 * 60;
export const EARLY_CLOSE_MINUTES = 13 * 60;

/** A calendar date as YYYY-MM-DD. */
export type IsoDate = string;

function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

export function isoDate(year: number, month: number, day: number): IsoDate {
  // Four digits always: a year such as 900 (a typo'd Date line) is still a date parseIsoDate reads.
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}

export function parseIsoDate(date: IsoDate): { year: number; month: number; day: number } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new Error(`not a YYYY-MM-DD date: ${date}`);
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
}

/** Day of week, 0 = Sunday. */
export function weekday(date: IsoDate): number {
  const { year, month, day } = parseIsoDate(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** Adds whole calendar days. */
export function addDays(date: IsoDate, days: number): IsoDate {
  const { year, month, day } = parseIsoDate(date);
  const d = new Date(Date.UTC(year, month - 1, day + days));
  return isoDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** The n-th (1-based) given weekday of a month; n = -1 for the last. */
export function nthWeekday(year: number, month: number, dow: number, n: number): IsoDate {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return isoDate(year, month, 1 + ((dow - first + 7) % 7) + (n - 1) * 7);
  }
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = new Date(Date.UTC(year, month - 1, lastDay)).getUTCDay();
  return isoDate(year, month, lastDay - ((last - dow + 7) % 7));
}

/** Western Easter Sunday (anonymous Gregorian algorithm). */
function easter(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDate(year, month, day);
}

/** Saturday → Friday before, Sunday → Monday after. */
function observed(date: IsoDate): IsoDate {
  const dow = weekday(date);
  return dow === 6 ? addDays(date, -1) : dow === 0 ? addDays(date, 1) : date;
}

const holidayCache = new Map<number, Map<IsoDate, string>>();

/** NYSE full-day holidays of a year, date → name. */
export function nyseHolidays(year: number): ReadonlyMap<IsoDate, string> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const h = new Map<IsoDate, string>();
  const newYear = isoDate(year, 1, 1);
  if (weekday(newYear) !== 6) h.set(observed(newYear), "New Year's Day");
  h.set(nthWeekday(year, 1, 1, 3), 'Martin Luther King Jr. Day');
  h.set(nthWeekday(year, 2, 1, 3), "Washington's Birthday");
  h.set(addDays(easter(year), -2), 'Good Friday');
  h.set(nthWeekday(year, 5, 1, -1), 'Memorial Day');
  if (year >= 2022) h.set(observed(isoDate(year, 6, 19)), 'Juneteenth');
  h.set(observed(isoDate(year, 7, 4)), 'Independence Day');
  h.set(nthWeekday(year, 9, 1, 1), 'Labor Day');
  h.set(nthWeekday(year, 11, 4, 4), 'Thanksgiving Day');
  h.set(observed(isoDate(year, 12, 25)), 'Christmas Day');
  for (const d of SPECIAL_CLOSURES) if (d.startsWith(`${year}-`)) h.set(d, 'Special closure');
  holidayCache.set(year, h);
  return h;
}

export function holidayName(date: IsoDate): string | null {
  return nyseHolidays(parseIsoDate(date).year).get(date) ?? null;
}

export function isTradingDay(date: IsoDate): boolean {
  const dow = weekday(date);
  return dow !== 0 && dow !== 6 && holidayName(date) === null;
}

/** Whether the session closes at 13:00 New York time. */
export function isEarlyClose(date: IsoDate): boolean {
  if (!isTradingDay(date)) return false;
  const { year, month, day } = parseIsoDate(date);
  if (month === 7 && day === 3) {
    const july4 = weekday(isoDate(year, 7, 4));
    return july4 >= 2 && july4 <= 5 ? true : weekday(date) === 1;
  }
  if (date === addDays(nthWeekday(year, 11, 4, 4), 1)) return true;
  return month === 12 && day === 24;
}

export function nextTradingDay(date: IsoDate): IsoDate {
  let d = addDays(date, 1);
  while (!isTradingDay(d)) d = addDays(d, 1);
  return d;
}

export function previousTradingDay(date: IsoDate): IsoDate {
  let d = addDays(date, -1);
  while (!isTradingDay(d)) d = addDays(d, -1);
  return d;
}

/** Trading days in [from, to], both inclusive, oldest first. */
export function tradingDaysBetween(from: IsoDate, to: IsoDate): IsoDate[] {
  const out: IsoDate[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (isTradingDay(d)) out.push(d);
  return out;
}

// ---- New York time ---------------------------------------------------------------------------

/** US daylight saving (since 2007): from 02:00 on the 2nd Sunday of March to 02:00 on the 1st Sunday of November. */
function isDstLocal(date: IsoDate, minutes: number): boolean {
  const { year } = parseIsoDate(date);
  const start = nthWeekday(year, 3, 0, 2);
  const end = nthWeekday(year, 11, 0, 1);
  if (date < start || date > end) return false;
  if (date === start) return minutes >= 180; // 02:00-03:00 does not exist; read it as standard time (03:xx EDT)
  if (date === end) return minutes < 120; // 01:00-02:00 is ambiguous; take the DST reading first
  return true;
}

/**
 * Whether an instant is in daylight saving time: from 07:00 UTC on the 2nd Sunday of March to
 * 06:00 UTC on the 1st Sunday of November.
 */
function isDstInstant(epochMs: number): boolean {
  const year = new Date(epochMs).getUTCFullYear();
  const start = parseIsoDate(nthWeekday(year, 3, 0, 2)).day;
  const end = parseIsoDate(nthWeekday(year, 11, 0, 1)).day;
  return epochMs >= Date.UTC(year, 2, start, 7) && epochMs < Date.UTC(year, 10, end, 6);
}

/** The UTC instant of a New York wall-clock time. */
export function nyToEpoch(date: IsoDate, minutes: number): number {
  const { year, month, day } = parseIsoDate(date);
  const offsetHours = isDstLocal(date, minutes) ? 4 : 5;
  return Date.UTC(year, month - 1, day, offsetHours, 0) + minutes * 60_000;
}

/** New York wall-clock date and minutes past midnight (fractional) of an instant. */
export function epochToNy(epochMs: number): { date: IsoDate; minutes: number } {
  // Decided on the instant, not on a local reading: local readings are ambiguous in the hour the
  // clocks fall back and skip an hour when they spring forward.
  const localMs = epochMs - (isDstInstant(epochMs) ? 4 : 5) * 3600_000;
  const local = new Date(localMs);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  return {
    date: isoDate(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate()),
    minutes: (localMs - midnight) / 60_000,
  };
}

export interface Session {
  date: IsoDate;
  open: number; // epoch ms
  close: number; // epoch ms
  earlyClose: boolean;
}

/** The regular session of a trading day, or null when the exchange is closed that day. */
export function sessionOf(date: IsoDate): Session | null {
  if (!isTradingDay(date)) return null;
  const earlyClose = isEarlyClose(date);
  return {
    date,
    open: nyToEpoch(date, REGULAR_OPEN_MINUTES),
    close: nyToEpoch(date, earlyClose ? EARLY_CLOSE_MINUTES : REGULAR_CLOSE_MINUTES),
    earlyClose,
  };
}

/**
 * The session a snapshot taken at an instant belongs to, i.e. whose prices it shows: the instant's
 * own New York date from that trading day's 09:30 open until midnight (a 20:00 download shows the
 * day's close, also on an early-close day after 13:00), otherwise the last trading day before it.
 * A pre-market file (05:18 ET, 09:29) belongs to the PREVIOUS session: before the open nothing has
 * traded, so its last prices and marks are that session's close and its open interest is the
 * OCC's overnight count of the positions that session left. Weekends and holidays likewise show
 * the last session before them. So a daily series keyed by this date has no point on a day the
 * exchange was closed.
 */
export function sessionDateOf(epochMs: number): IsoDate {
  const { date, minutes } = epochToNy(epochMs);
  return isTradingDay(date) && minutes >= REGULAR_OPEN_MINUTES ? date : previousTradingDay(date);
}

/** Whether the regular session is open at an instant. */
export function isMarketOpen(epochMs: number): boolean {
  const { date } = epochToNy(epochMs);
  const s = sessionOf(date);
  return s !== null && epochMs >= s.open && epochMs < s.close;
}

/** The next session whose close is after the instant (the current one while it is open). */
export function nextSession(epochMs: number): Session {
  let { date } = epochToNy(epochMs);
  for (;;) {
    const s = sessionOf(date);
    if (s && s.close > epochMs) return s;
    date = addDays(date, 1);
  }
}

/**
 * Options (PM-settled) expire at the close of the expiration date's session: 16:00 New York time,
 * 13:00 on an early-close day (the day after Thanksgiving, Christmas Eve), when trading in them
 * ends with the session. A date without a session keeps 16:00.
 */
export function optionExpiryEpoch(date: IsoDate): number {
  return nyToEpoch(date, isEarlyClose(date) ? EARLY_CLOSE_MINUTES : REGULAR_CLOSE_MINUTES);
}

/**
 * The standard monthly expiration of a month: the third Friday, or the trading day before it
 * when that Friday is an exchange holiday (as on Good Friday).
 */
export function standardMonthlyExpiration(year: number, month: number): IsoDate {
  const friday = nthWeekday(year, month, 5, 3);
  return isTradingDay(friday) ? friday : previousTradingDay(friday);
}

// ---- Formatting of snapshot times ------------------------------------------------------------

/** ISO-8601 UTC, the form of `meta.asof`. */
export function isoUtc(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

/** "2025-03-12 10:35 ET": a snapshot's New York date and time, the form of `data.asof` (for display). */
export function displayAsof(epochMs: number): string {
  const { date, minutes } = epochToNy(epochMs);
  const whole = Math.floor(minutes + 1e-9);
  const hh = String(Math.floor(whole / 60)).padStart(2, '0');
  const mm = String(whole % 60).padStart(2, '0');
  return `${date} ${hh}:${mm} ET`;
}
