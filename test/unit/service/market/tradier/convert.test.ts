// Tradier contracts → Cboe delayed-quotes JSON rows: the OCC symbol, strike and side, the IV
// chosen, the snapshot time and price, and the file name.
import { describe, expect, it } from 'vitest';
import { nyToEpoch } from '../../../../../src/shared/market-calendar.ts';
import {
  convertOptions,
  ivOf,
  occSymbol,
  snapshotFileName,
  snapshotTime,
  symbolFor,
} from '../../../../../src/service/market/tradier/convert.ts';
import type { TradierOption, TradierQuote } from '../../../../../src/service/market/tradier/schemas.ts';

function option(extra: Partial<TradierOption> = {}): TradierOption {
  return {
    symbol: 'SPY250919C00450000',
    root_symbol: 'SPY',
    underlying: 'SPY',
    strike: 450,
    option_type: 'call',
    expiration_date: '2025-09-19',
    bid: 1.2,
    ask: 1.3,
    volume: 10,
    open_interest: 1500,
    greeks: { mid_iv: 0.2, bid_iv: 0.19, ask_iv: 0.21, smv_vol: 0.22, delta: 0.5, gamma: 0.01 },
    ...extra,
  };
}

function quote(extra: Partial<TradierQuote> = {}): TradierQuote {
  return {
    symbol: 'SPY',
    last: 661.5,
    close: null,
    prevclose: 657.41,
    bid: 661.49,
    ask: 661.51,
    trade_date: null,
    ...extra,
  };
}

describe('occSymbol', () => {
  it.each([
    ['TSLA', '2023-08-25', true, 172.5, 'TSLA230825C00172500'],
    ['SPY', '2025-09-19', false, 450, 'SPY250919P00450000'],
    ['SPXW', '2025-12-31', true, 6125, 'SPXW251231C06125000'],
    ['AAPL1', '2026-01-16', false, 2.5, 'AAPL1260116P00002500'],
    ['F', '2025-10-17', true, 12.125, 'F251017C00012125'],
  ])('%s %s %s %s → %s', (root, exp, isCall, strike, expected) => {
    expect(occSymbol(root, exp, isCall, strike)).toBe(expected);
  });
});

describe('symbolFor', () => {
  it.each([
    ['its own symbol when it agrees', option(), 'SPY250919C00450000'],
    ['a padded symbol, trimmed', option({ symbol: 'spy250919c00450000 ' }), 'SPY250919C00450000'],
    ['rebuilt when the side disagrees', option({ option_type: 'put' }), 'SPY250919P00450000'],
    ['rebuilt when the strike disagrees', option({ strike: 455 }), 'SPY250919C00455000'],
    ['rebuilt when the symbol is not OCC', option({ symbol: 'SPY 09/19/25 450 C' }), 'SPY250919C00450000'],
    [
      'rebuilt from the ticker without a root',
      option({ symbol: '?', root_symbol: null, underlying: null }),
      'XYZ250919C00450000',
    ],
    ['refused for an impossible strike', option({ symbol: '?', strike: 0 }), null],
    ['refused for a root that cannot be OCC', option({ symbol: '?', root_symbol: 'TOO-LONG-ROOT' }), null],
  ])('%s', (_name, o, expected) => {
    expect(symbolFor(o, 'XYZ')).toBe(expected);
  });
});

describe('ivOf: mid_iv first, smv_vol when mid_iv is missing or zero', () => {
  const g = { mid_iv: 0.2, bid_iv: 0.19, ask_iv: 0.21, smv_vol: 0.22, delta: 0.5, gamma: 0.01 };
  it.each([
    ['mid_iv', g, 0.2],
    ['smv_vol when mid_iv is 0', { ...g, mid_iv: 0 }, 0.22],
    ['smv_vol when mid_iv is null', { ...g, mid_iv: null }, 0.22],
    ['null when both are 0', { ...g, mid_iv: 0, smv_vol: 0 }, null],
    ['null without greeks', null, null],
  ])('%s', (_name, greeks, expected) => {
    expect(ivOf(option({ greeks }))).toBe(expected);
  });
});

describe('convertOptions', () => {
  it('keeps bid, ask, IV, open interest and volume, cleaning what the importer would refuse', () => {
    const out = convertOptions(
      [
        option(),
        option({
          symbol: 'SPY250919P00450000',
          option_type: 'put',
          bid: -1,
          ask: null,
          greeks: null,
          open_interest: null,
        }),
        option({ symbol: '?', strike: -5 }),
      ],
      'SPY',
    );
    expect(out.options).toEqual([
      { option: 'SPY250919C00450000', bid: 1.2, ask: 1.3, iv: 0.2, open_interest: 1500, volume: 10 },
      { option: 'SPY250919P00450000', bid: null, ask: null, iv: null, open_interest: null, volume: 10 },
    ]);
    expect(out.withoutIv).toBe(1);
    expect(out.skipped).toBe(1);
  });
});

describe('snapshotTime', () => {
  const fetchedAt = nyToEpoch('2025-09-12', 15 * 60); // Friday 15:00 ET, market open
  it.each([
    [
      'the last trade during the session',
      quote({ trade_date: fetchedAt - 15 * 60_000 }),
      fetchedAt - 15 * 60_000,
      661.5,
    ],
    ['the fetch time without a trade time', quote(), fetchedAt, 661.5],
    [
      'the fetch time for a trade time in the future',
      quote({ trade_date: fetchedAt + 3600_000 }),
      fetchedAt,
      661.5,
    ],
    [
      'the close for an after-hours trade, priced at the regular close',
      quote({ trade_date: nyToEpoch('2025-09-12', 19 * 60 + 59), close: 657.41 }),
      nyToEpoch('2025-09-12', 16 * 60),
      657.41,
    ],
    [
      'the previous close for a pre-market trade',
      quote({ trade_date: nyToEpoch('2025-09-12', 8 * 60), prevclose: 650 }),
      nyToEpoch('2025-09-11', 16 * 60),
      650,
    ],
  ])('%s', (_name, q, asof, spot) => {
    const at =
      _name.includes('after-hours') || _name.includes('pre-market') ? fetchedAt + 9 * 3600_000 : fetchedAt;
    expect(snapshotTime(q, at)).toEqual({ asof, spot });
  });

  it('a Sunday snapshot stays on Sunday (no session to move it into)', () => {
    const sunday = nyToEpoch('2023-08-20', 22 * 60 + 38);
    expect(snapshotTime(quote({ trade_date: sunday, last: 218.8 }), sunday + 60_000)).toEqual({
      asof: sunday,
      spot: 218.8,
    });
  });

  it.each([
    ['the last trade', quote({ last: 1 }), 1],
    ['the close without a last', quote({ last: null, close: 2 }), 2],
    ['the previous close', quote({ last: null, close: null, prevclose: 3 }), 3],
    ['the midpoint', quote({ last: null, close: null, prevclose: null, bid: 4, ask: 5 }), 4.5],
    ['nothing', quote({ last: null, close: null, prevclose: null, bid: null, ask: null }), null],
  ])('spot: %s', (_name, q, spot) => {
    expect(snapshotTime(q, fetchedAt).spot).toBe(spot);
  });
});

describe('snapshotFileName', () => {
  it.each([
    ['SPY', Date.parse('2025-09-12T20:00:00.000Z'), 'SPY_2025-09-12T20-00-00Z.tradier.json'],
    ['BRK.B', Date.parse('2025-09-12T19:59:59.999Z'), 'BRK.B_2025-09-12T19-59-59Z.tradier.json'],
  ])('%s', (ticker, asof, name) => {
    expect(snapshotFileName(ticker, asof)).toBe(name);
  });
});
