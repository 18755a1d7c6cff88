// Tradier's market-data answers, checked with zod and normalised, quirks included:
// - a list of one comes as the bare object, not an array (`quote: {...}`, `date: "2025-09-19"`);
// - "no data" comes as JSON null (`{"options": null}`), and from some endpoints as the string
//   "null" (`{"history": "null"}`), so both read as an empty list;
// - `greeks` is null (or absent) for some expirations, outside hours and without `greeks=true`;
// - figures are JSON numbers, but a numeric string is accepted too (the XML-to-JSON conversion
//   behind the API has been seen to quote them); anything else is refused.
// Timestamps: quote `trade_date` is epoch milliseconds; clock `timestamp` is epoch seconds.
import { z } from 'zod';
import { TradierError } from './errors.ts';

/** Tradier's two spellings of "nothing here": JSON null and the string "null". */
function isNone(v: unknown): boolean {
  return v === null || v === undefined || v === 'null';
}

/**
 * Optional data: null, absent or "null" read as null. Written with preprocess rather than a union
 * so that an error inside the data keeps its full path (`options.option[3].strike`).
 */
function maybe<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (isNone(v) ? null : v), schema.nullable());
}

/**
 * The top-level key of an answer: it may say "no data" (null or "null") but must be there, so
 * that an error body such as `{"fault": ...}` is not read as an empty list.
 */
function present<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === 'null' ? null : v), schema.nullable());
}

/** A list that Tradier collapses to its only element (or to nothing) when it has one (or none). */
function oneOrMany<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => (isNone(v) ? [] : Array.isArray(v) ? v : [v]), z.array(item));
}

const NUMERIC_TEXT = /^\s*-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
/** A finite number, or a string holding one. */
const num = z.preprocess(
  (v) => (typeof v === 'string' && NUMERIC_TEXT.test(v) ? Number(v) : v),
  z.number().finite(),
);
/** A figure that may be missing (null, absent or "null"). */
const figure = maybe(num);

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a YYYY-MM-DD date');

const quoteSchema = z.looseObject({
  symbol: z.string().min(1),
  description: z.string().nullish(),
  type: z.string().nullish(),
  last: figure,
  close: figure,
  prevclose: figure,
  bid: figure,
  ask: figure,
  /** Epoch milliseconds of the last trade. */
  trade_date: figure,
});
export type TradierQuote = z.output<typeof quoteSchema>;

const quotesResponse = z.object({
  quotes: present(
    z.looseObject({
      quote: oneOrMany(quoteSchema),
      unmatched_symbols: maybe(z.looseObject({ symbol: oneOrMany(z.string()) })),
    }),
  ),
});
export interface TradierQuotes {
  quotes: TradierQuote[];
  unmatched: string[];
}

const expirationsResponse = z.object({
  expirations: present(z.looseObject({ date: oneOrMany(isoDate) })),
});

const greeksSchema = z.looseObject({
  mid_iv: figure,
  bid_iv: figure,
  ask_iv: figure,
  smv_vol: figure,
  delta: figure,
  gamma: figure,
});

const optionSchema = z.looseObject({
  symbol: z.string().min(1),
  root_symbol: z.string().nullish(),
  underlying: z.string().nullish(),
  strike: num,
  option_type: z.enum(['call', 'put']),
  expiration_date: isoDate,
  bid: figure,
  ask: figure,
  volume: figure,
  open_interest: figure,
  greeks: maybe(greeksSchema),
});
export type TradierOption = z.output<typeof optionSchema>;

const chainResponse = z.object({
  options: present(z.looseObject({ option: oneOrMany(optionSchema) })),
});

const daySchema = z.looseObject({
  date: isoDate,
  open: figure,
  high: figure,
  low: figure,
  /** Null on a day without a close (recorded: `"close": null`); such a day is left out. */
  close: figure,
  volume: figure,
});
export type TradierDay = z.output<typeof daySchema>;

const historyResponse = z.object({
  history: present(z.looseObject({ day: oneOrMany(daySchema) })),
});

const clockSchema = z.looseObject({
  date: isoDate,
  description: z.string(),
  /** premarket, open, postmarket or closed (kept as text so a new state is not an error). */
  state: z.string().min(1),
  /** Epoch seconds. */
  timestamp: num,
  next_change: z.string().nullish(),
  next_state: z.string().nullish(),
});
export type TradierClock = z.output<typeof clockSchema>;
const clockResponse = z.object({ clock: clockSchema });

/** `options.option[3].strike` from a zod issue path. */
function jsonPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : `${out ? '.' : ''}${String(key)}`;
  return out || '(root)';
}

function check<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new TradierError(
    'bad_response',
    `Tradier sent an unexpected answer to ${what}: ${jsonPath(issue?.path ?? [])}: ${issue?.message ?? 'invalid'}`,
  );
}

export function readQuotes(body: unknown): TradierQuotes {
  const { quotes } = check(quotesResponse, body, 'the quotes request');
  return quotes === null
    ? { quotes: [], unmatched: [] }
    : { quotes: quotes.quote, unmatched: quotes.unmatched_symbols?.symbol ?? [] };
}

export function readExpirations(body: unknown): string[] {
  const { expirations } = check(expirationsResponse, body, 'the expirations request');
  return expirations === null ? [] : [...new Set(expirations.date)].sort();
}

export function readChain(body: unknown): TradierOption[] {
  const { options } = check(chainResponse, body, 'the option chain request');
  return options === null ? [] : options.option;
}

export function readHistory(body: unknown): TradierDay[] {
  const { history } = check(historyResponse, body, 'the history request');
  return history === null ? [] : history.day;
}

export function readClock(body: unknown): TradierClock {
  return check(clockResponse, body, 'the market clock request').clock;
}
