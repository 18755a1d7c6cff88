// The watchlist's export for TradingView and thinkorswim and the import of their files, on the
// real core: a list of its own (the seeded "Core" stays as the other screens' tests expect it),
// exported in both formats, then files of both platforms imported into it, with what was refused
// and why on screen.
import { describe, expect, it, onTestFinished } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { realBridge, renderScreen } from '../../../../test/component/harness/mount.ts';
import type { ExportFile } from '../../../shared/bridge/common.ts';
import type { AppContext } from '../../state/context.ts';
import WatchlistFiles from './watchlist-files.svelte';

const EMPTY = { id: 0, name: '', tickers: [] };

/** The component on a new list of `tickers`, wired as the watchlists view wires it. */
async function renderOnNewList(tickers: string[]) {
  const bridge = realBridge();
  const list = await bridge.invoke('watchlists:create', {
    name: `Files ${crypto.randomUUID().slice(0, 8)}`,
    tickers,
  });
  onTestFinished(async () => {
    await bridge.invoke('watchlists:delete', { id: list.id });
  });
  const saved: ExportFile[] = [];
  const mounted = await renderScreen(WatchlistFiles, ({ watchlists }: AppContext) => ({
    get list() {
      return watchlists.selected ?? EMPTY;
    },
    onimport: (t: string[]) => watchlists.importTickers(t),
    save: (file: ExportFile) => saved.push(file),
  }));
  mounted.watchlists.select(list.id);
  await mounted.watchlists.load();
  await expect.poll(() => mounted.watchlists.selected?.id).toBe(list.id);
  return { ...mounted, list, saved };
}

async function upload(name: string, content: string): Promise<void> {
  await userEvent.upload(
    page.getByTestId('import-watchlist'),
    new File([content], name, { type: 'text/plain' }),
  );
}

describe('watchlist files', () => {
  it.each([
    // button, file name suffix, content
    ['export-tradingview', '-tradingview.txt', 'AMEX:SPY,SP:SPX,NASDAQ:QQQ\n'],
    ['export-thinkorswim', '-thinkorswim.csv', 'SPY\n$SPX\nQQQ\n'],
  ])('%s saves the list as that platform imports it', async (button, suffix, content) => {
    const { list, saved } = await renderOnNewList(['SPY', 'SPX', 'QQQ']);
    await userEvent.click(page.getByTestId(button));
    await expect.poll(() => saved.length).toBe(1);
    expect(saved[0]?.name).toBe(`${list.name.replace(/ /g, '-')}${suffix}`);
    expect(saved[0]?.content).toBe(content);
  });

  it('imports a TradingView file: prefixes and sections read, each refusal shown with its reason', async () => {
    const { list, watchlists } = await renderOnNewList(['SPY']);
    await upload(
      'tv.txt',
      '###Mine,AMEX:SPY,NASDAQ:QQQ,SP:SPX,CBOE:SPX,BINANCE:BTCUSDT,CME_MINI:ES1!,NASDAQ:ZZZZ',
    );
    const report = page.getByTestId('import-report');
    await expect.element(report).toHaveTextContent('read as a TradingView watchlist');
    await expect.element(page.getByTestId('import-added')).toHaveTextContent('added 2: QQQ, SPX');
    await expect
      .element(page.getByTestId('import-already'))
      .toHaveTextContent(`Already on ${list.name}: SPY.`);
    await expect.element(page.getByTestId('import-duplicates')).toHaveTextContent('CBOE:SPX');
    const refused = page.getByTestId('import-refused').element().querySelectorAll('li');
    expect([...refused].map((li) => li.textContent)).toEqual([
      'BINANCE:BTCUSDT: listed on BINANCE, not a US stock or ETF exchange',
      'CME_MINI:ES1!: a futures contract: Gammawatch reads options on stocks, ETFs and indexes',
      "ZZZZ: not in the data source's universe",
    ]);
    expect(watchlists.selected?.tickers).toEqual(['SPY', 'QQQ', 'SPX']);
    // The list as the core keeps it.
    const stored = (await realBridge().invoke('watchlists:list')).find((l) => l.id === list.id);
    expect(stored?.tickers).toEqual(['SPY', 'QQQ', 'SPX']);

    await userEvent.click(page.getByTestId('import-dismiss'));
    await expect.element(report).not.toBeInTheDocument();
  });

  it('imports a thinkorswim file, and says so when nothing in it could be added', async () => {
    const { watchlists } = await renderOnNewList([]);
    await upload('tos.csv', '$NDX\nIWM\n/ES\n$DJI\n');
    await expect
      .element(page.getByTestId('import-report'))
      .toHaveTextContent('read as a thinkorswim watchlist');
    await expect.element(page.getByTestId('import-added')).toHaveTextContent('added 2: NDX, IWM');
    await expect
      .element(page.getByTestId('import-refused'))
      .toHaveTextContent('$DJI: an index Gammawatch has no options data for');
    expect(watchlists.selected?.tickers).toEqual(['NDX', 'IWM']);

    await upload('junk.txt', 'BINANCE:BTCUSDT');
    await expect.element(page.getByTestId('import-added')).toHaveTextContent('nothing added');
    await expect
      .element(page.getByTestId('import-refused'))
      .toHaveTextContent('BINANCE:BTCUSDT: listed on BINANCE');
    expect(watchlists.selected?.tickers).toEqual(['NDX', 'IWM']);
  });
});
