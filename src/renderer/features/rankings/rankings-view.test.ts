// Rankings on the real core: the tables show what the core ranked from its polls, and saved views
// and screener presets apply their filters where the trader can see and remove them.
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { realBridge, renderScreen } from '../../../../test/component/harness/mount.ts';
import { formatLevel } from '../../../shared/figure-format.ts';
import RankingsView from './rankings-view.svelte';

/** The tickers the ranking table lists, top first. */
function rankedTickers(): string[] {
  const rows = page.getByTestId('ranking-table').element().querySelectorAll('tbody tr');
  return [...rows].map((row) => row.querySelectorAll('td')[1]?.textContent?.trim() ?? '');
}

describe('rankings', () => {
  it('ranks the polled tickers as the core does, and a saved view narrows them with a removable filter', async () => {
    const bridge = realBridge();
    const items = (await bridge.invoke('rankings:topSetups', { limit: 50 })).items;
    const all = items.map((i) => i.ticker);
    const lowIv = (await bridge.invoke('rankings:topSetups', { limit: 50, iv_rank_max: 30 })).items;
    expect(all.length).toBeGreaterThan(0);
    await renderScreen(RankingsView, { tab: 'top_setups' });
    await expect.poll(rankedTickers).toEqual(all);
    await expect.element(page.getByText(`${all.length} tickers`)).toBeVisible();
    // Prices in each ticker's unit, as the watchlist and the ticker page show them: "$663.60" for
    // a stock or an ETF, index points without "$".
    const prices = [...page.getByTestId('ranking-table').element().querySelectorAll('tbody tr')].map((row) =>
      row.querySelectorAll('td')[7]?.textContent?.trim(),
    );
    expect(prices).toEqual(items.map((i) => formatLevel(i.price, i.ticker)));
    expect(prices.some((p) => p?.startsWith('$'))).toBe(true);

    // The view saved at onboarding: IV rank at most 30.
    const views = page.getByTestId('top_setups-views').getByRole('combobox', { name: 'Saved views' });
    await userEvent.selectOptions(views, 'Low IV rank');
    const chip = page.getByTestId('chip-iv_rank_max');
    await expect.element(chip).toHaveTextContent('30');
    if (lowIv.length > 0) {
      await expect.poll(rankedTickers).toEqual(lowIv.map((i) => i.ticker));
    } else {
      await expect.element(page.getByTestId('no-rankings')).toHaveTextContent('Nothing matches');
    }

    await userEvent.click(chip);
    await expect.element(chip).not.toBeInTheDocument();
    await expect.element(page.getByText('No filters: every ranked ticker shows.')).toBeVisible();
    await expect.poll(rankedTickers).toEqual(all);
  });

  it('spells out a screener preset’s filters, marks a change to them, and resets to the preset', async () => {
    await renderScreen(RankingsView, { tab: 'screeners' });
    const preset = page.getByTestId('screener-preset');
    await expect.element(preset).toHaveTextContent(/^Preset: /);
    const chips = page
      .getByRole('group', { name: 'Active filters' })
      .getByRole('button', { name: /^Remove filter/ });
    await expect.poll(() => chips.elements().length).toBeGreaterThan(0);
    const before = chips.elements().length;

    await userEvent.click(chips.first());
    await expect.element(preset).toHaveTextContent(/^Preset with changes: /);
    await expect.poll(() => chips.elements().length).toBe(before - 1);
    await userEvent.click(page.getByRole('button', { name: 'Reset to preset' }));
    await expect.element(preset).toHaveTextContent(/^Preset: /);
    await expect.poll(() => chips.elements().length).toBe(before);
  });
});
