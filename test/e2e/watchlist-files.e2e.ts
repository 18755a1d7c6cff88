// A watchlist exported for TradingView and thinkorswim and the files imported back, as a trader
// moves a list between the platforms: each download is named after the list and holds its
// symbols as that platform writes them, and importing it into an empty list gives the same list.
import { readFileSync } from 'node:fs';
import { expect, snap, test } from './fixtures.ts';

test.use({ appLabel: 'watchlist-files' });

test('watchlists: export for TradingView and thinkorswim, then import both back', async ({ gw, app }) => {
  test.setTimeout(180_000);
  const source = await app.call<{ id: number }>('watchlists:create', {
    name: 'Desk',
    tickers: ['SPY', 'SPX', 'QQQ'],
  });
  const target = await app.call<{ id: number }>('watchlists:create', { name: 'Copy' });
  await gw.goto(`${app.origin}/#/watchlists/${source.id}`);
  await gw.reload();
  await expect(gw.getByTestId('row-count')).toHaveText('3 tickers');

  const files: Record<string, string> = {};
  for (const [button, name, content] of [
    ['export-tradingview', 'Desk-tradingview.txt', 'AMEX:SPY,SP:SPX,NASDAQ:QQQ\n'],
    ['export-thinkorswim', 'Desk-thinkorswim.csv', 'SPY\n$SPX\nQQQ\n'],
  ] as const) {
    const download = gw.waitForEvent('download');
    await gw.getByTestId(button).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(name);
    const path = await file.path();
    expect(readFileSync(path, 'utf8')).toBe(content);
    files[button] = path;
  }

  await gw.goto(`${app.origin}/#/watchlists/${target.id}`);
  await expect(gw.getByTestId('empty-watchlist')).toBeVisible();
  await gw.getByTestId('import-watchlist').setInputFiles(files['export-tradingview'] as string);
  await expect(gw.getByTestId('import-report')).toContainText('read as a TradingView watchlist');
  await expect(gw.getByTestId('import-added')).toHaveText('added 3: SPY, SPX, QQQ');
  await expect(gw.getByTestId('row-count')).toHaveText('3 tickers');
  await snap(gw, 'watchlist-files-imported');

  await gw.getByTestId('import-watchlist').setInputFiles(files['export-thinkorswim'] as string);
  await expect(gw.getByTestId('import-report')).toContainText('read as a thinkorswim watchlist');
  await expect(gw.getByTestId('import-added')).toHaveText('nothing added');
  await expect(gw.getByTestId('import-already')).toHaveText('Already on Copy: SPY, SPX, QQQ.');
  const lists = await app.call<{ id: number; tickers: string[] }[]>('watchlists:list');
  expect(lists.find((l) => l.id === target.id)?.tickers).toEqual(['SPY', 'SPX', 'QQQ']);
});
