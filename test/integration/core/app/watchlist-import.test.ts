// `watchlist:importTickers`: the tickers read from a TradingView or thinkorswim watchlist file
// (shared/watchlist-files.ts) join a list at once, in order; those on it already stay where they
// are, and those the simulator's universe does not list are refused with why, not failing the rest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWatchlistFile } from '../../../../src/shared/watchlist-files.ts';
import { at, startWatcher, tempDataDir, type TestWatcher } from '../../../support/watcher-factory.ts';

describe('importing a watchlist file into a list', () => {
  const tmp = tempDataDir('gw-watchlist-import-');
  let w: TestWatcher;
  let id: number;

  beforeAll(async () => {
    w = await startWatcher({ dataDir: tmp.dir, start: at('2025-03-10', '11:00'), pollOnStart: false });
    id = (await w.invoke('watchlists:create', { name: 'Imported', tickers: ['SPY'] })).id;
  }, 60_000);

  afterAll(async () => {
    await w?.app.stop();
    tmp.cleanup();
  });

  it.each([
    // case, file, added, already, refused, the list after
    [
      'a TradingView file',
      '###Core,AMEX:SPY,NASDAQ:QQQ,SP:SPX,NASDAQ:ZZZZ,CBOE:SPX',
      ['QQQ', 'SPX'],
      ['SPY'],
      [{ ticker: 'ZZZZ', reason: "not in the data source's universe" }],
      ['SPY', 'QQQ', 'SPX'],
    ],
    [
      'a thinkorswim file of the same and more',
      '$SPX\nQQQ\nIWM\n$NDX\n',
      ['IWM', 'NDX'],
      ['SPX', 'QQQ'],
      [],
      ['SPY', 'QQQ', 'SPX', 'IWM', 'NDX'],
    ],
  ])('%s', async (_case, file, added, already, refused, after) => {
    const { tickers } = parseWatchlistFile(file);
    const result = await w.invoke('watchlist:importTickers', { watchlistId: id, tickers });
    expect(result).toEqual({ watchlist: { id, name: 'Imported', tickers: after }, added, already, refused });
    expect((await w.invoke('watchlists:list')).find((l) => l.id === id)?.tickers).toEqual(after);
  });

  it('an unknown list or no tickers is refused whole', async () => {
    await expect(w.invoke('watchlist:importTickers', { watchlistId: 999, tickers: ['SPY'] })).rejects.toThrow(
      /not_found/,
    );
    await expect(w.invoke('watchlist:importTickers', { watchlistId: id, tickers: [] })).rejects.toThrow(
      /invalid_input/,
    );
  });
});
