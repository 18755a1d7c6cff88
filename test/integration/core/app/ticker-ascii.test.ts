// The bridge's tickerSchema holds tickers to ASCII before it folds their case: toUpperCase maps
// some non-ASCII letters onto ASCII ones ('ſ' long s → 'S', 'ı' dotless i → 'I'), so "ſPY" was
// stored as SPY. Checked on the schema itself and through the validating boundary of a real app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../../src/core/bridge/dispatch.ts';
import { tickerSchema } from '../../../../src/shared/bridge/common.ts';
import { at, startWatcher, tempDataDir, type TestWatcher } from '../../../support/watcher-factory.ts';

const NON_ASCII = [
  ['long s', 'ſPY'],
  ['dotless i', 'ıBM'],
  ['ff ligature', 'ﬀ'],
  ['fullwidth', 'ＳＰＹ'],
  ['Kelvin sign', '\u212AO'],
] as const;

describe('tickerSchema', () => {
  it.each(NON_ASCII)('refuses a non-ASCII ticker (%s)', (_name, ticker) => {
    const parsed = tickerSchema.safeParse(ticker);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/a ticker holds only letters/);
  });

  it.each([
    [' spy ', 'SPY'],
    ['brk.b', 'BRK.B'],
    // The one ticker rule: an index's caret names the index; other carets stay.
    ['^spx', 'SPX'],
    ['^gspc', '^GSPC'],
  ])('still trims and folds the case of %j', (input, want) => {
    expect(tickerSchema.parse(input)).toBe(want);
  });
});

describe('the bridge with a non-ASCII ticker', () => {
  const tmp = tempDataDir('gw-ticker-ascii-');
  let w: TestWatcher;

  beforeAll(async () => {
    w = await startWatcher({ dataDir: tmp.dir, start: at('2025-03-10', '11:00') });
  }, 60_000);

  afterAll(async () => {
    await w.app.stop();
    tmp.cleanup();
  });

  it('refuses it with invalid_input and stores nothing', async () => {
    expect(await dispatch(w.handlers, 'watchlists:create', { name: 'Odd', tickers: ['ſPY'] })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    const list = await w.invoke('watchlists:create', { name: 'Core', tickers: ['QQQ'] });
    expect(
      await dispatch(w.handlers, 'watchlist:addTicker', { watchlistId: list.id, ticker: 'ſPY' }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const lists = await w.invoke('watchlists:list');
    expect(lists.flatMap((l) => l.tickers)).not.toContain('SPY');
  });
});
