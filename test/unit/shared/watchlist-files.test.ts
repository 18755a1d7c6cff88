// A watchlist as TradingView's and thinkorswim's import files, and those files read back: exchange
// prefixes and "$" stripped, index spellings mapped, repeats dropped, each refusal with its reason.
import { describe, expect, it } from 'vitest';
import {
  detectWatchlistFormat,
  formatThinkorswimWatchlist,
  formatTradingViewWatchlist,
  parseWatchlistFile,
  thinkorswimSymbol,
  tradingViewSymbol,
  watchlistFileName,
} from '../../../src/shared/watchlist-files.ts';

const LIST = ['SPY', 'QQQ', 'SPX', 'NDX', 'VIX', 'AAPL', 'BRK.B'];

describe('writing a watchlist file', () => {
  it.each([
    // ticker, TradingView, thinkorswim
    ['SPY', 'AMEX:SPY', 'SPY'],
    ['QQQ', 'NASDAQ:QQQ', 'QQQ'],
    ['IWM', 'AMEX:IWM', 'IWM'],
    ['XLF', 'AMEX:XLF', 'XLF'],
    ['SPX', 'SP:SPX', '$SPX'],
    ['NDX', 'NASDAQ:NDX', '$NDX'],
    ['RUT', 'TVC:RUT', '$RUT'],
    ['VIX', 'CBOE:VIX', '$VIX'],
    ['AAPL', 'AAPL', 'AAPL'],
    ['BRK.B', 'BRK.B', 'BRK.B'],
  ])('%s: TradingView %s, thinkorswim %s', (ticker, tv, tos) => {
    expect(tradingViewSymbol(ticker)).toBe(tv);
    expect(thinkorswimSymbol(ticker)).toBe(tos);
  });

  it('TradingView: one line of comma-separated symbols', () => {
    expect(formatTradingViewWatchlist(LIST)).toBe(
      'AMEX:SPY,NASDAQ:QQQ,SP:SPX,NASDAQ:NDX,CBOE:VIX,AAPL,BRK.B\n',
    );
  });

  it('thinkorswim: one symbol a line, indexes with "$"', () => {
    expect(formatThinkorswimWatchlist(LIST)).toBe('SPY\nQQQ\n$SPX\n$NDX\n$VIX\nAAPL\nBRK.B\n');
  });

  it.each([
    ['Core', 'tradingview', 'Core-tradingview.txt'],
    ['Core', 'thinkorswim', 'Core-thinkorswim.csv'],
    ['My list / 0DTE', 'tradingview', 'My-list-0DTE-tradingview.txt'],
    ['../../etc', 'thinkorswim', 'etc-thinkorswim.csv'],
    ['σσσ', 'tradingview', 'watchlist-tradingview.txt'],
  ] as const)('%j as %s: %s', (name, format, file) => {
    expect(watchlistFileName(name, format)).toBe(file);
  });

  it.each(['tradingview', 'thinkorswim'] as const)('%s: the file reads back as the list', (format) => {
    const text =
      format === 'tradingview' ? formatTradingViewWatchlist(LIST) : formatThinkorswimWatchlist(LIST);
    expect(detectWatchlistFormat(text)).toBe(format);
    expect(parseWatchlistFile(text)).toEqual({ format, tickers: LIST, duplicates: [], refused: [] });
  });
});

describe('reading a TradingView file', () => {
  it.each([
    // case, file, tickers, duplicates, refused
    ['exchange prefixes', 'AMEX:SPY,NASDAQ:QQQ,CBOE:SPX', ['SPY', 'QQQ', 'SPX'], [], []],
    ['sections', '###Indexes,SP:SPX,NASDAQ:NDX,###ETFs,AMEX:SPY', ['SPX', 'NDX', 'SPY'], [], []],
    [
      'section lines and newlines',
      '###Core\nAMEX:SPY,\nNASDAQ:AAPL\r\n###More\r\nNYSE:JPM',
      ['SPY', 'AAPL', 'JPM'],
      [],
      [],
    ],
    ['bare symbols, spaces, lower case', ' spy , aapl ,', ['SPY', 'AAPL'], [], []],
    [
      'index spellings map to the index',
      'SP:SPX,CBOE:SPX,TVC:SPX,SPXW',
      ['SPX'],
      ['CBOE:SPX', 'TVC:SPX', 'SPXW'],
      [],
    ],
    ['an ETF is not its index', 'AMEX:SPY,SP:SPX', ['SPY', 'SPX'], [], []],
    ['TVC:VIX and CBOE:VIX', 'TVC:VIX,CBOE:VIX', ['VIX'], ['CBOE:VIX'], []],
    ['repeats', 'AMEX:SPY,SPY,NYSEARCA:SPY', ['SPY'], ['SPY', 'NYSEARCA:SPY'], []],
    [
      'futures',
      'CME_MINI:ES1!,AMEX:SPY',
      ['SPY'],
      [],
      [
        {
          symbol: 'CME_MINI:ES1!',
          reason: 'a futures contract: Gammawatch reads options on stocks, ETFs and indexes',
        },
      ],
    ],
    [
      'crypto and forex',
      'BINANCE:BTCUSDT,FX:EURUSD,NASDAQ:AAPL',
      ['AAPL'],
      [],
      [
        { symbol: 'BINANCE:BTCUSDT', reason: 'listed on BINANCE, not a US stock or ETF exchange' },
        { symbol: 'FX:EURUSD', reason: 'listed on FX, not a US stock or ETF exchange' },
      ],
    ],
    [
      'an index without options here',
      'DJ:DJI,TVC:DXY,SP:SPX',
      ['SPX'],
      [],
      [
        { symbol: 'DJ:DJI', reason: 'an index Gammawatch has no options data for' },
        { symbol: 'TVC:DXY', reason: 'an index Gammawatch has no options data for' },
      ],
    ],
    [
      'not a ticker',
      'NASDAQ:A B,NYSE:TOOLONGTICKERNAME123,AMEX:SPY',
      ['SPY'],
      [],
      [
        {
          symbol: 'NASDAQ:A B',
          reason: 'not a ticker: a ticker holds only letters, digits, ".", "-", "=" or "^"',
        },
        { symbol: 'NYSE:TOOLONGTICKERNAME123', reason: 'not a ticker: a ticker is at most 16 characters' },
      ],
    ],
    ['empty', '', [], [], []],
    ['a byte-order mark', '\uFEFFAMEX:SPY', ['SPY'], [], []],
  ])('%s', (_case, text, tickers, duplicates, refused) => {
    expect(parseWatchlistFile(text, 'tradingview')).toEqual({
      format: 'tradingview',
      tickers,
      duplicates,
      refused,
    });
  });
});

describe('reading a thinkorswim file', () => {
  it.each([
    // case, file, tickers, duplicates, refused
    ['one symbol a line', 'SPY\nQQQ\nAAPL\n', ['SPY', 'QQQ', 'AAPL'], [], []],
    ['indexes with "$"', '$SPX\r\n$NDX\r\n$VIX.X\r\n$RUT', ['SPX', 'NDX', 'VIX', 'RUT'], [], []],
    ['the index and its ETF both kept', '$SPX\nSPY', ['SPX', 'SPY'], [], []],
    [
      'an export with a title, a header row and more columns',
      `Watchlist 'Tech' as of 11/29/26 12:00:00\n\nSymbol,Last,Net Chng\nAAPL,230.10,+1.2\n"MSFT",480,-0.5\n`,
      ['AAPL', 'MSFT'],
      [],
      [],
    ],
    ['repeats', 'SPY\nspy\n$SPX\nSPX\n', ['SPY', 'SPX'], ['spy', 'SPX'], []],
    [
      'futures',
      '/ES\n/ESZ26:XCME\nSPY',
      ['SPY'],
      [],
      [
        { symbol: '/ES', reason: 'a futures contract: Gammawatch reads options on stocks, ETFs and indexes' },
        {
          symbol: '/ESZ26:XCME',
          reason: 'a futures contract: Gammawatch reads options on stocks, ETFs and indexes',
        },
      ],
    ],
    [
      'an index without options here',
      '$DJI\n$COMPX\nQQQ',
      ['QQQ'],
      [],
      [
        { symbol: '$DJI', reason: 'an index Gammawatch has no options data for' },
        { symbol: '$COMPX', reason: 'an index Gammawatch has no options data for' },
      ],
    ],
    [
      'not a ticker',
      'SPY\nBAD_ONE\nQQQ',
      ['SPY', 'QQQ'],
      [],
      [
        {
          symbol: 'BAD_ONE',
          reason: 'not a ticker: a ticker holds only letters, digits, ".", "-", "=" or "^"',
        },
      ],
    ],
    ['comments and blank lines', '# mine\n\nSPY\n   \n', ['SPY'], [], []],
  ])('%s', (_case, text, tickers, duplicates, refused) => {
    expect(parseWatchlistFile(text, 'thinkorswim')).toEqual({
      format: 'thinkorswim',
      tickers,
      duplicates,
      refused,
    });
  });

  it('a long entry is shown cut, and hidden characters as "?"', () => {
    const read = parseWatchlistFile(`${'X'.repeat(100)}\nA\u0000B\n`, 'thinkorswim');
    expect(read.refused.map((r) => r.symbol)).toEqual([`${'X'.repeat(39)}…`, 'A?B']);
  });
});

describe('which platform wrote a file', () => {
  it.each([
    ['AMEX:SPY,NASDAQ:QQQ', 'tradingview'],
    ['###Core\nSPY', 'tradingview'],
    ['SPY,QQQ,IWM', 'tradingview'],
    ['NASDAQ:AAPL\nNYSE:JPM', 'tradingview'],
    ['SPY\nQQQ', 'thinkorswim'],
    ['$SPX', 'thinkorswim'],
    ['Symbol,Last\nAAPL,1\nMSFT,2', 'thinkorswim'],
    ['SPY', 'thinkorswim'],
    ['', 'thinkorswim'],
  ] as const)('%j: %s', (text, format) => {
    expect(detectWatchlistFormat(text)).toBe(format);
  });
});
