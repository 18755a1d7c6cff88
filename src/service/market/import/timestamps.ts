// Date and time text from exported chains. Cboe's `Date:` line follows the exporting browser's
// locale ("August 20, 2023 at 10:38 PM EDT", "20 August 2023 at 22:38 EDT", "Sunday, August 20,
// 2023 10:38 PM ET", "14 April 2023, 18:31 UTC−4", "11 April, 2023 à 22:23 UTC−4", "20. August
// 2023 um 22:38 MESZ"...), its JSON uses "2023-08-20 22:38:12" in New York time or ISO 8601, and
// expiration columns read "Fri Aug 25 2023". Month and weekday names are read in English, French,
// German, Spanish, Italian, Portuguese and Dutch (accents optional), the connecting words of those
// languages are skipped, a Unicode minus is a minus and stray quotes are dropped; anything
// ambiguous is refused rather than guessed.
import { isoDate, nyToEpoch, type IsoDate } from '../../../shared/market-calendar.ts';
import { quoted } from './errors.ts';

export interface ParsedInstant {
  epoch: number;
  /** Set when no time zone (or an unknown one) was given and New York time was assumed. */
  assumedNewYork: string | null;
}

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
/** Other languages' month names, January first (accents stripped, as tokens are compared). */
const FOREIGN_MONTHS: readonly (readonly string[])[] = [
  // French
  [
    'janvier',
    'fevrier',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'aout',
    'septembre',
    'octobre',
    'novembre',
    'decembre',
  ],
  // German
  [
    'januar',
    'februar',
    'marz',
    'april',
    'mai',
    'juni',
    'juli',
    'august',
    'september',
    'oktober',
    'november',
    'dezember',
  ],
  // Spanish
  [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ],
  // Italian
  [
    'gennaio',
    'febbraio',
    'marzo',
    'aprile',
    'maggio',
    'giugno',
    'luglio',
    'agosto',
    'settembre',
    'ottobre',
    'novembre',
    'dicembre',
  ],
  // Portuguese
  [
    'janeiro',
    'fevereiro',
    'marco',
    'abril',
    'maio',
    'junho',
    'julho',
    'agosto',
    'setembro',
    'outubro',
    'novembro',
    'dezembro',
  ],
  // Dutch
  [
    'januari',
    'februari',
    'maart',
    'april',
    'mei',
    'juni',
    'juli',
    'augustus',
    'september',
    'oktober',
    'november',
    'december',
  ],
];
/** Full names, three-letter abbreviations and "sept" in English; full names in the other languages. */
const MONTH_TOKENS = new Map<string, number>([
  ...FOREIGN_MONTHS.flatMap((names) => names.map((m, i) => [m, i + 1] as const)),
  ['maerz', 3],
  ['setiembre', 9],
  ...MONTH_NAMES.map((m, i) => [m, i + 1] as const),
  ...MONTH_NAMES.map((m, i) => [m.slice(0, 3), i + 1] as const),
  ['sept', 9],
]);
const WEEKDAY_TOKENS = new Set([
  ...['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].flatMap((d) => [
    d,
    d.slice(0, 3),
  ]),
  ...['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'],
  ...['sonntag', 'montag', 'dienstag', 'mittwoch', 'donnerstag', 'freitag', 'samstag'],
  ...['domingo', 'lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado'],
  ...['domenica', 'lunedi', 'martedi', 'mercoledi', 'giovedi', 'venerdi', 'sabato'],
  ...['segunda-feira', 'terca-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira'],
  ...['zondag', 'maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag'],
]);
/**
 * Words that join a date and a time (or a day and a month) in the supported languages: "at",
 * "à", "um", "a las", "alle", "às", "om", "de" ("20 de agosto de 2023"). Never "am" (a meridiem).
 */
const FILLER = new Set([
  'at',
  'on',
  'of',
  'the',
  'a',
  'as',
  'um',
  'de',
  'del',
  'la',
  'las',
  'le',
  'alle',
  'ore',
  'om',
  'kl',
  'klo',
]);

/**
 * A word as the name tables hold it: lower case, without accents or a trailing period ("Août" →
 * "aout", "à" → "a", "März" → "marz", "Sept." → "sept").
 */
function wordKey(token: string): string {
  return token
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\.$/, '');
}

/** Fixed offsets in hours east of UTC; zones that follow US daylight saving are handled apart. */
const FIXED_ZONES: Readonly<Record<string, number>> = {
  UTC: 0,
  GMT: 0,
  Z: 0,
  EDT: -4,
  EST: -5,
  CDT: -5,
  CST: -6,
  MDT: -6,
  MST: -7,
  PDT: -7,
  PST: -8,
  // European summer and winter time, as traders' browsers there print them.
  WET: 0,
  WEST: 1,
  BST: 1,
  CET: 1,
  CEST: 2,
  MEZ: 1,
  MESZ: 2,
  EET: 2,
  EEST: 3,
};
/** Zones named without saying whether DST applies: hours behind New York. */
const US_ZONES: Readonly<Record<string, number>> = { ET: 0, CT: 1, MT: 2, PT: 3 };

function validDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

interface Pieces {
  year?: number;
  month?: number;
  day?: number;
  minutes?: number;
  meridiem?: 'am' | 'pm';
  zone?:
    | { kind: 'fixed'; offsetMinutes: number }
    | { kind: 'us'; behindNy: number }
    | { kind: 'unknown'; name: string };
}

/** Splits free text into date, time and zone pieces; returns a reason string on anything it cannot place. */
function pieces(text: string): Pieces | string {
  const out: Pieces = {};
  const normalized = text
    // A Unicode minus (U+2212) or a dash in an offset, as some locales write "UTC−4".
    .replace(/[\u2212\u2012\u2013]/g, '-')
    // Quotes an exporter left unbalanced ("…11:46 AM EDT\"").
    .replace(/["\u201c\u201d\u201e\u00ab\u00bb]/g, ' ')
    .replace(/,/g, ' ')
    .replace(/\b([ap])\.\s?m\./gi, '$1m')
    .replace(/(\d)([ap]m)\b/gi, '$1 $2')
    .trim();
  const tokens = normalized.split(/\s+/).filter((t) => t.length > 0);
  for (const token of tokens) {
    const lower = token.toLowerCase();
    const word = wordKey(token);
    const month = MONTH_TOKENS.get(word);
    let m: RegExpExecArray | null;
    if (FILLER.has(word) || WEEKDAY_TOKENS.has(word)) continue;
    if ((m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(token))) {
      out.year = Number(m[1]);
      out.month = Number(m[2]);
      out.day = Number(m[3]);
    } else if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(token))) {
      // Numeric dates are read the US way (month first), as Cboe's US site writes them.
      out.month = Number(m[1]);
      out.day = Number(m[2]);
      out.year = Number(m[3]);
    } else if (month !== undefined) {
      out.month = month;
    } else if ((m = /^(\d{1,2})(st|nd|rd|th|\.)?$/i.exec(token)) && out.day === undefined) {
      out.day = Number(m[1]);
    } else if (/^\d{4}$/.test(token) && out.year === undefined) {
      out.year = Number(token);
    } else if ((m = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(token))) {
      const h = Number(m[1]);
      const min = Number(m[2]);
      const s = Number(m[3] ?? 0);
      if (h > 23 || min > 59 || s > 59) return `not a time of day: ${quoted(token)}`;
      out.minutes = h * 60 + min + s / 60;
    } else if (lower === 'am' || lower === 'pm') {
      out.meridiem = lower;
    } else if ((m = /^(?:UTC|GMT)?([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(token))) {
      const sign = m[1] === '-' ? -1 : 1;
      out.zone = { kind: 'fixed', offsetMinutes: sign * (Number(m[2]) * 60 + Number(m[3] ?? 0)) };
    } else if (FIXED_ZONES[token.toUpperCase()] !== undefined) {
      out.zone = { kind: 'fixed', offsetMinutes: (FIXED_ZONES[token.toUpperCase()] as number) * 60 };
    } else if (US_ZONES[token.toUpperCase()] !== undefined) {
      out.zone = { kind: 'us', behindNy: US_ZONES[token.toUpperCase()] as number };
    } else if (/^[A-Z]{2,5}$/.test(token)) {
      out.zone = { kind: 'unknown', name: token };
    } else {
      return `cannot read ${quoted(token)}`;
    }
  }
  return out;
}

/** A calendar date with no time ("Fri Aug 25 2023", "2023-08-25", "8/25/2023"). */
export function parseDateOnly(text: string): { date: IsoDate } | { error: string } {
  const p = pieces(text);
  if (typeof p === 'string') return { error: `not a date: ${quoted(text)} (${p})` };
  if (p.year === undefined || p.month === undefined || p.day === undefined)
    return { error: `not a date: ${quoted(text)}` };
  if (p.minutes !== undefined || p.zone !== undefined)
    return { error: `expected a date without a time: ${quoted(text)}` };
  if (!validDate(p.year, p.month, p.day)) return { error: `no such date: ${quoted(text)}` };
  return { date: isoDate(p.year, p.month, p.day) };
}

/** A refusal; `yearless` when the only thing missing was the year (a locale that leaves it out). */
export interface DateTimeError {
  error: string;
  yearless?: { month: number; day: number };
}

/** Days a yearless snapshot date may lie before the chain's earliest expiration (see yearBefore). */
export const YEARLESS_MAX_DAYS = 45;

/**
 * The year of a yearless snapshot date, from the chain's earliest expiration: the latest such day
 * on or before that expiration, if it lies at most YEARLESS_MAX_DAYS before it (every listed
 * chain has an expiration within weeks: weeklies, or the next monthly). Null when that does not
 * settle it (a chain of far expirations only), so the file is refused rather than dated by a guess.
 */
export function yearBefore(month: number, day: number, earliest: IsoDate): number | null {
  const end = Date.parse(`${earliest}T00:00:00Z`);
  const top = Number(earliest.slice(0, 4));
  for (let year = top; year >= top - 4; year--) {
    if (!validDate(year, month, day)) continue;
    const at = Date.UTC(year, month - 1, day);
    if (at > end) continue;
    return (end - at) / 86_400_000 <= YEARLESS_MAX_DAYS ? year : null;
  }
  return null;
}

/**
 * A date and time of day with an optional zone; New York time when the zone is missing or unknown.
 * `year` completes a text that has none (the caller settled it, see yearBefore).
 */
export function parseDateTime(text: string, options: { year?: number } = {}): ParsedInstant | DateTimeError {
  const iso =
    /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(
      text.trim(),
    );
  if (iso) {
    const [, y, mo, d, h, mi, s, frac, zone] = iso;
    const year = Number(y);
    const month = Number(mo);
    const day = Number(d);
    const minutes = Number(h) * 60 + Number(mi) + Number(s ?? 0) / 60 + Number(frac ?? 0) / 60;
    if (!validDate(year, month, day) || Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) {
      return { error: `no such date and time: ${quoted(text)}` };
    }
    if (!zone) return { epoch: nyToEpoch(isoDate(year, month, day), minutes), assumedNewYork: null };
    const offset = zone.toUpperCase() === 'Z' ? 0 : parseOffset(zone);
    return { epoch: Date.UTC(year, month - 1, day) + (minutes - offset) * 60_000, assumedNewYork: null };
  }
  const p = pieces(text);
  if (typeof p === 'string') return { error: `not a date and time: ${quoted(text)} (${p})` };
  if (p.year === undefined && options.year !== undefined) p.year = options.year;
  if (p.year === undefined && p.month !== undefined && p.day !== undefined)
    return { error: `no year in ${quoted(text)}`, yearless: { month: p.month, day: p.day } };
  if (p.year === undefined || p.month === undefined || p.day === undefined)
    return { error: `no full date in ${quoted(text)}` };
  if (!validDate(p.year, p.month, p.day)) return { error: `no such date: ${quoted(text)}` };
  if (p.minutes === undefined) return { error: `no time of day in ${quoted(text)}` };
  let minutes = p.minutes;
  if (p.meridiem) {
    const hour = Math.floor(minutes / 60);
    if (hour < 1 || hour > 12) return { error: `not a 12-hour time: ${quoted(text)}` };
    minutes = (minutes % 720) + (p.meridiem === 'pm' ? 720 : 0);
  }
  const date = isoDate(p.year, p.month, p.day);
  const zone = p.zone;
  if (!zone || zone.kind === 'unknown') {
    return {
      epoch: nyToEpoch(date, minutes),
      assumedNewYork: zone ? `unknown time zone ${quoted(zone.name)}` : 'no time zone given',
    };
  }
  if (zone.kind === 'us')
    return { epoch: nyToEpoch(date, minutes) + zone.behindNy * 3600_000, assumedNewYork: null };
  return {
    epoch: Date.UTC(p.year, p.month - 1, p.day) + (minutes - zone.offsetMinutes) * 60_000,
    assumedNewYork: null,
  };
}

function parseOffset(zone: string): number {
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(zone) as RegExpExecArray;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}
