// Tradier contracts → Cboe delayed-quotes JSON rows: the OCC symbol, strike and side, the IV
// chosen, the snapshot time and price, and the file name.
import { describe, expect, it } from 'vitest';
import { nyToEpoch } from '../../../../../src/shared/market-calendar.ts';
import {
  convertOptions,
  ivChoice,
  ivFallbackNotes,
  ivOf,
  occSymbol,
  snapshotTime,
  symbolFor,
} from '../../../../../src/service/market/tradier/convert.ts';
import { snapshotFileName } from '../../../../../src/service/market/net/snapshot-files.ts';
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

describe('ivChoice: mid_iv with both sides, smv_vol when a side is 0, the stated fallbacks after', () => {
  const g = { mid_iv: 0.2, bid_iv: 0.19, ask_iv: 0.21, smv_vol: 0.22, delta: 0.5, gamma: 0.01 };
  // Recorded (Tradier sandbox, PLTR, 2024-06-28): a two-sided quote whose bid is below intrinsic
  // value, so no bid IV, and Tradier's mid_iv equal to the ask IV.
  const pltr = { mid_iv: 1.131, bid_iv: 0, ask_iv: 1.131, smv_vol: 0.622, delta: 0.98, gamma: 0.02 };
  it.each([
    ['both sides: mid_iv', g, { iv: 0.2, source: 'mid' }],
    ['both sides, mid_iv 0: the mean of the sides', { ...g, mid_iv: 0 }, { iv: 0.2, source: 'mid' }],
    ['both sides, mid_iv null: the mean of the sides', { ...g, mid_iv: null }, { iv: 0.2, source: 'mid' }],
    ['PLTR240712C00017500: bid IV 0 → smv_vol, not mid_iv', pltr, { iv: 0.622, source: 'smv_bid_zero' }],
    ['bid IV null → smv_vol', { ...g, bid_iv: null, mid_iv: 0.21 }, { iv: 0.22, source: 'smv_bid_zero' }],
    ['ask IV 0 → smv_vol', { ...g, ask_iv: 0, mid_iv: 0.19 }, { iv: 0.22, source: 'smv_ask_zero' }],
    ['bid IV 0, no smv_vol → the ask IV', { ...pltr, smv_vol: 0 }, { iv: 1.131, source: 'one_side' }],
    [
      'ask IV 0, smv_vol null → the bid IV',
      { ...g, ask_iv: 0, smv_vol: null },
      { iv: 0.19, source: 'one_side' },
    ],
    [
      'no quote (both sides 0) → smv_vol',
      { ...g, bid_iv: 0, ask_iv: 0, mid_iv: 0 },
      { iv: 0.22, source: 'smv_no_side' },
    ],
    [
      'no sides given, no smv_vol → mid_iv',
      { ...g, bid_iv: null, ask_iv: null, smv_vol: null },
      { iv: 0.2, source: 'mid_only' },
    ],
    ['nothing above 0', { ...g, bid_iv: 0, ask_iv: 0, mid_iv: 0, smv_vol: 0 }, null],
    [
      'a negative or infinite figure is no IV',
      { ...g, bid_iv: -0.1, ask_iv: Infinity, mid_iv: 0, smv_vol: 0 },
      null,
    ],
    ['no greeks', null, null],
  ])('%s', (_name, greeks, expected) => {
    const o = option({ greeks });
    expect(ivChoice(o)).toEqual(expected);
    expect(ivOf(o)).toBe(expected?.iv ?? null);
  });
});

describe('ivFallbackNotes', () => {
  it.each([
    ['no fallback, no note', {}, []],
    ['mid is not a fallback', { mid: 40 }, []],
    [
      'one note per fallback, in a fixed order',
      { smv_no_side: 3, smv_bid_zero: 12, one_side: 1 },
      [
        '12 contracts: bid IV 0, used smv_vol (ORATS smoothed IV), not mid_iv (= ask IV)',
        "1 contract: one side IV 0 and no smv_vol, used the other side's IV",
        '3 contracts: no bid or ask IV, used smv_vol (ORATS smoothed IV)',
      ],
    ],
  ])('%s', (_name, fallbacks, notes) => {
    expect(ivFallbackNotes(fallbacks)).toEqual(notes);
  });
});

describe('convertOptions', () => {
  it('counts each IV fallback it takes', () => {
    const bidZero = { mid_iv: 1.131, bid_iv: 0, ask_iv: 1.131, smv_vol: 0.622, delta: 1, gamma: 0 };
    const out = convertOptions(
      [
        option(),
        option({ greeks: bidZero }),
        option({ greeks: bidZero }),
        option({ greeks: { ...bidZero, ask_iv: 0 } }),
      ],
      'SPY',
    );
    expect(out.options.map((o) => o.iv)).toEqual([0.2, 0.622, 0.622, 0.622]);
    expect(out.fallbacks).toEqual({ smv_bid_zero: 2, smv_no_side: 1 });
  });

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
    expect(out.fallbacks).toEqual({});
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
    expect(snapshotFileName(ticker, asof, 'tradier')).toBe(name);
  });
});
