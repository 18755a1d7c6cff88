// Tradier's answers normalised: a list of one as a bare object, "no data" as null or "null",
// greeks null or absent, numbers as numeric strings; anything else refused with its path.
import { describe, expect, it } from 'vitest';
import { TradierError } from '../../../../../src/service/market/tradier/errors.ts';
import {
  readChain,
  readClock,
  readExpirations,
  readHistory,
  readQuotes,
} from '../../../../../src/service/market/tradier/schemas.ts';

const option = (extra: Record<string, unknown> = {}) => ({
  symbol: 'SPY250919C00450000',
  description: 'SPY Sep 19 2025 $450.00 Call',
  type: 'option',
  strike: 450,
  option_type: 'call',
  expiration_date: '2025-09-19',
  root_symbol: 'SPY',
  underlying: 'SPY',
  bid: 1.2,
  ask: 1.3,
  volume: 10,
  open_interest: 1500,
  greeks: { delta: 0.5, gamma: 0.01, mid_iv: 0.2, bid_iv: 0.19, ask_iv: 0.21, smv_vol: 0.2 },
  ...extra,
});

function bad(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(TradierError);
    expect((error as TradierError).kind).toBe('bad_response');
    return (error as Error).message;
  }
  throw new Error('expected a bad_response error');
}

describe('readExpirations', () => {
  it.each([
    ['an array', { expirations: { date: ['2025-09-26', '2025-09-19'] } }, ['2025-09-19', '2025-09-26']],
    ['one date as a bare string', { expirations: { date: '2025-09-19' } }, ['2025-09-19']],
    ['null', { expirations: null }, []],
    ['the string "null"', { expirations: 'null' }, []],
    ['an empty object', { expirations: {} }, []],
    ['duplicates', { expirations: { date: ['2025-09-19', '2025-09-19'] } }, ['2025-09-19']],
  ])('%s', (_name, body, expected) => {
    expect(readExpirations(body)).toEqual(expected);
  });

  it('refuses a date that is not YYYY-MM-DD, naming where', () => {
    expect(bad(() => readExpirations({ expirations: { date: ['2025-09-19', '09/26/2025'] } }))).toBe(
      'Tradier sent an unexpected answer to the expirations request: expirations.date[1]: expected a YYYY-MM-DD date',
    );
  });
});

describe('readChain', () => {
  it.each([
    [
      'an array',
      { options: { option: [option(), option({ option_type: 'put', symbol: 'SPY250919P00450000' })] } },
      2,
    ],
    ['one option as a bare object', { options: { option: option() } }, 1],
    ['null', { options: null }, 0],
    ['the string "null"', { options: 'null' }, 0],
  ])('%s', (_name, body, count) => {
    expect(readChain(body)).toHaveLength(count);
  });

  it.each([
    ['greeks null', { greeks: null }, null],
    ['greeks "null"', { greeks: 'null' }, null],
    ['greeks absent (greeks=false)', { greeks: undefined }, null],
  ])('%s reads as no greeks', (_name, extra, expected) => {
    expect(readChain({ options: { option: option(extra) } })[0]?.greeks).toBe(expected);
  });

  it.each([
    [
      'numbers',
      { strike: 450, bid: 1.2, open_interest: 1500 },
      { strike: 450, bid: 1.2, open_interest: 1500 },
    ],
    [
      'numeric strings',
      { strike: '450.0', bid: '1.20', open_interest: '1500' },
      { strike: 450, bid: 1.2, open_interest: 1500 },
    ],
    ['nulls', { bid: null, open_interest: null }, { bid: null, open_interest: null }],
    ['absent figures', { bid: undefined, volume: undefined }, { bid: null, volume: null }],
  ])('figures as %s', (_name, extra, expected) => {
    expect(readChain({ options: { option: option(extra) } })[0]).toMatchObject(expected);
  });

  it.each([
    ['a strike that is not a number', { strike: 'n/a' }, /options\.option\[0\]\.strike/],
    ['an unknown option type', { option_type: 'straddle' }, /options\.option\[0\]\.option_type/],
    ['a missing expiration', { expiration_date: undefined }, /options\.option\[0\]\.expiration_date/],
    ['a greek that is text', { greeks: { mid_iv: 'high' } }, /options\.option\[0\]\.greeks\.mid_iv/],
  ])('refuses %s with its path', (_name, extra, pattern) => {
    expect(bad(() => readChain({ options: { option: [option(extra)] } }))).toMatch(pattern);
  });

  it('refuses a body without the options key', () => {
    expect(bad(() => readChain({ fault: 'x' }))).toMatch(/the option chain request: options:/);
  });
});

describe('readQuotes', () => {
  const quote = {
    symbol: 'SPY',
    last: 661.5,
    close: null,
    prevclose: 657.41,
    bid: 661.49,
    ask: 661.51,
    trade_date: 1757707200000,
  };
  it.each([
    ['one quote as an object', { quotes: { quote } }, ['SPY'], []],
    ['an array', { quotes: { quote: [quote, { ...quote, symbol: 'QQQ' }] } }, ['SPY', 'QQQ'], []],
    ['unmatched only', { quotes: { unmatched_symbols: { symbol: 'NOPE' } } }, [], ['NOPE']],
    ['both', { quotes: { quote, unmatched_symbols: { symbol: ['X1', 'X2'] } } }, ['SPY'], ['X1', 'X2']],
    ['null', { quotes: null }, [], []],
  ])('%s', (_name, body, symbols, unmatched) => {
    const q = readQuotes(body);
    expect(q.quotes.map((x) => x.symbol)).toEqual(symbols);
    expect(q.unmatched).toEqual(unmatched);
  });
});

describe('readHistory', () => {
  const day = { date: '2025-09-12', open: 1, high: 2, low: 0.5, close: 1.5, volume: 100 };
  it.each([
    ['one day as an object', { history: { day } }, 1],
    ['an array', { history: { day: [day, { ...day, date: '2025-09-11' }] } }, 2],
    ['null', { history: null }, 0],
    ['the string "null"', { history: 'null' }, 0],
  ])('%s', (_name, body, count) => {
    expect(readHistory(body)).toHaveLength(count);
  });
  it('reads a day without a close (null) as such, so one bad day does not lose the others', () => {
    const days = readHistory({
      history: {
        day: [
          { ...day, close: null },
          { ...day, date: '2025-09-11' },
        ],
      },
    });
    expect(days.map((d) => d.close)).toEqual([null, 1.5]);
  });
  it.each([
    ['a close in exponent notation', 1.5e2, 150],
    ['a close as a string in exponent notation', '1.2E-4', 0.00012],
  ])('reads %s', (_name, close, expected) => {
    expect(readHistory({ history: { day: { ...day, close } } })[0]?.close).toBe(expected);
  });
  it('refuses a close that is not a figure', () => {
    expect(bad(() => readHistory({ history: { day: { ...day, close: 'n/a' } } }))).toMatch(
      /history\.day\[0\]\.close/,
    );
  });
});

describe('readClock', () => {
  it('reads the documented example', () => {
    expect(
      readClock({
        clock: {
          date: '2019-05-06',
          description: 'Market is open from 09:30 to 16:00',
          state: 'open',
          timestamp: 1557156988,
          next_change: '16:00',
          next_state: 'postmarket',
        },
      }),
    ).toMatchObject({ state: 'open', timestamp: 1557156988 });
  });
});
