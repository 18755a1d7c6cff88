// The ticker page on the real core: the header reads the stored market-structure record (spot,
// flip and the distance between them), a pinned time says it is not live, and old data says so
// in the header line.
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { core } from '../../../../test/component/harness/commands.ts';
import { realBridge, renderScreen } from '../../../../test/component/harness/mount.ts';
import TickerView from './ticker-view.svelte';

const usd = (value: number): string =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** SPY's stored market-structure record, live or at a stored time. */
async function spyLevels(at?: string) {
  const view = await realBridge().invoke('ticker:view', { ticker: 'SPY', view: 'market_structure', at });
  if (view.view !== 'market_structure' || !view.data) throw new Error('no stored record for SPY');
  return view.data.key_levels;
}

describe('ticker view', () => {
  it('heads the page with the stored spot, the gamma flip and which side of spot it lies', async () => {
    const { spot, gamma_flip: flip } = await spyLevels();
    await renderScreen(TickerView, { ticker: 'SPY', tab: 'overview', at: null });
    await expect.element(page.getByTestId('ticker-title')).toHaveTextContent('SPY');
    await expect.element(page.getByTestId('ticker-price')).toHaveTextContent(usd(spot as number));
    await expect.element(page.getByTestId('ticker-flip-price')).toHaveTextContent(usd(flip as number));
    const side = (flip as number) > (spot as number) ? 'above' : 'below';
    const flipText = page.getByTestId('ticker-flip');
    await expect.element(flipText).toHaveTextContent(new RegExp(`\\([−+]?\\d+\\.\\d\\d% ${side} spot\\)`));
    const shown = Number(
      page.getByTestId('ticker-flip-distance').element().textContent?.replace(/[−+%]/g, ''),
    );
    expect(shown).toBeCloseTo(Math.abs(((flip as number) / (spot as number) - 1) * 100), 1);
    for (const tab of ['Market structure', 'Signals', 'Levels', 'Curves']) {
      await expect.element(page.getByRole('tab', { name: tab })).toBeVisible();
    }
  });

  it('pinned to a stored time, shows that snapshot and says it is not live', async () => {
    const timeline = await realBridge().invoke('ticker:timeline', {
      ticker: 'SPY',
      endpoints: ['market_structure'],
      limit: 500,
    });
    const oldest = timeline.entries.at(-1)?.asof ?? timeline.entries[0]?.asof;
    if (!oldest) throw new Error('no stored snapshots for SPY');
    const { spot } = await spyLevels(oldest);
    await renderScreen(TickerView, { ticker: 'SPY', tab: 'overview', at: oldest });

    const banner = page.getByTestId('pinned-banner');
    await expect.element(banner).toHaveTextContent(/^Showing the stored snapshot at .+ ET, not live data\./);
    await expect.element(page.getByTestId('back-to-live')).toHaveAttribute('href', '#/ticker/SPY/overview');
    await expect.element(page.getByTestId('ticker-price')).toHaveTextContent(usd(spot as number));
  });

  it('says in the header line when the live data is older than its schedule allows, until the next poll', async () => {
    await core.marketMinutesPass(40);
    await renderScreen(TickerView, { ticker: 'SPY', tab: 'overview', at: null });
    const stale = page.getByTestId('ticker-stale');
    await expect.element(stale).toHaveTextContent(/^Stale · last .+ ET$/);
    expect(stale.element().getAttribute('title')).toMatch(/^This data is older than its schedule allows/);
    // In the header, so the tabs below do not move when it comes and goes.
    const header = page.getByTestId('ticker-title').element().closest('header');
    expect(header?.contains(stale.element())).toBe(true);
    const tabsTop = page.getByRole('tab', { name: 'Signals' }).element().getBoundingClientRect().top;
    await core.pollRun();
    await expect.element(stale).not.toBeInTheDocument();
    expect(page.getByRole('tab', { name: 'Signals' }).element().getBoundingClientRect().top).toBe(tabsTop);
  });
});
