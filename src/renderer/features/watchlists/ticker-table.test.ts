// The watchlist table on the seeded list "Core", its rows as the real core serves them, wired to
// the watchlists state as the watchlists view wires it.
import { describe, expect, inject, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { core } from '../../../../test/component/harness/commands.ts';
import { realBridge, renderScreen } from '../../../../test/component/harness/mount.ts';
import type { AppContext } from '../../state/context.ts';
import TickerTable from './ticker-table.svelte';
import type { SortKey } from './ticker-table-model.ts';

/** The table with the watchlists view's props, kept live (getters) as the view's template keeps them. */
async function renderCoreList() {
  const mounted = await renderScreen(TickerTable, ({ app, watchlists, toasts }: AppContext) => ({
    get rows() {
      return watchlists.visibleRows;
    },
    get fresh() {
      return watchlists.fresh;
    },
    get sort() {
      return watchlists.sort;
    },
    get canReorder() {
      return watchlists.canReorder;
    },
    get now() {
      return app.now;
    },
    get sourceLabel() {
      return app.info?.dataSource.label ?? null;
    },
    onsort: (key: SortKey) => watchlists.setSort(key),
    onmove: (ticker: string, to: number) => toasts.run(() => watchlists.moveTicker(ticker, to)),
    onremove: (ticker: string) => void toasts.run(() => watchlists.removeTicker(ticker)),
  }));
  await mounted.watchlists.load();
  return mounted;
}

/** The tickers in the order the table shows them. */
function shownOrder(): string[] {
  const rows = page.getByTestId('ticker-table').element().querySelectorAll('tbody tr');
  return [...rows].map((row) => row.getAttribute('data-testid')?.replace(/^row-/, '') ?? '');
}

describe('ticker table', () => {
  it('lists the watchlist’s tickers with their prices, and sorts by price both ways', async () => {
    const { tickers } = inject('seed');
    const { rows } = await realBridge().invoke('tickers:latest', { watchlistId: 1 });
    await renderCoreList();
    await expect.poll(shownOrder).toEqual(tickers);
    const spy = rows.find((r) => r.ticker === 'SPY');
    const price = `$${spy?.price?.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    await expect.element(page.getByTestId('row-SPY')).toHaveTextContent(price);

    const byPrice = [...rows].sort((a, b) => (a.price ?? 0) - (b.price ?? 0)).map((r) => r.ticker);
    const sortedBy = () => page.getByTestId('sort-price').element().closest('th')?.getAttribute('aria-sort');
    await expect.poll(sortedBy).toBe('none');
    // A figure sorts high to low first, as a trader scanning for the largest looks at it.
    await userEvent.click(page.getByTestId('sort-price'));
    await expect.poll(sortedBy).toBe('descending');
    await expect.element(page.getByTestId('sort-price')).toHaveTextContent('▼');
    expect(shownOrder()).toEqual([...byPrice].reverse());
    await userEvent.click(page.getByTestId('sort-price'));
    await expect.poll(sortedBy).toBe('ascending');
    await expect.element(page.getByTestId('sort-price')).toHaveTextContent('▲');
    expect(shownOrder()).toEqual(byPrice);
    // A third click gives the list its own order back.
    await userEvent.click(page.getByTestId('sort-price'));
    await expect.poll(sortedBy).toBe('none');
    expect(shownOrder()).toEqual(tickers);
  });

  it('marks rows older than their schedule as stale, until the next poll lands', async () => {
    const { tickers } = inject('seed');
    // Forty market minutes without a poll: every stored row is past its half-hour.
    await core.marketMinutesPass(40);
    await renderCoreList();
    for (const ticker of tickers) {
      await expect
        .element(page.getByTestId(`stale-${ticker}`))
        .toHaveAttribute('title', 'Older than its schedule allows');
    }
    // The next poll's snapshots arrive over the event stream; the rows reload by themselves.
    await core.pollRun();
    for (const ticker of tickers) {
      await expect.element(page.getByTestId(`stale-${ticker}`)).not.toBeInTheDocument();
    }
    await expect.element(page.getByTestId('row-SPY')).toHaveTextContent('just now');
  });

  it('moves a row with the keyboard, says where it went, and the list keeps the order', async () => {
    const { tickers } = inject('seed');
    await renderCoreList();
    await expect.poll(shownOrder).toEqual(tickers);
    const second = tickers[1] as string;
    (page.getByTestId(`reorder-${second}`).element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowUp}');
    await expect
      .element(page.getByText(`${second} moved to position 1 of ${tickers.length}`))
      .toBeInTheDocument();
    expect(shownOrder().slice(0, 2)).toEqual([second, tickers[0]]);
    const [core1] = await realBridge().invoke('watchlists:list');
    expect(core1?.tickers.slice(0, 2)).toEqual([second, tickers[0]]);

    // And back, so the seeded order holds for the other screens.
    await userEvent.keyboard('{ArrowDown}');
    await expect
      .element(page.getByText(`${second} moved to position 2 of ${tickers.length}`))
      .toBeInTheDocument();
    expect((await realBridge().invoke('watchlists:list'))[0]?.tickers).toEqual(tickers);
  });
});
