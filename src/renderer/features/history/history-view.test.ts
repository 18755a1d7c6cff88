// History on the real core: SPY's stored snapshots, two of them picked as A and B and compared,
// always older → newer. The picks go through the address, as in the app: a small router here
// hands the new address to the view as its props, as app.svelte's does.
import { describe, expect, it, onTestFinished } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { realBridge, renderScreen } from '../../../../test/component/harness/mount.ts';
import { reactive } from '../../../../test/component/harness/reactive.svelte.ts';
import { parseRoute } from '../../lib/routes.ts';
import HistoryView from './history-view.svelte';

async function renderHistory() {
  const props = reactive({
    ticker: 'SPY' as string | null,
    a: null as string | null,
    b: null as string | null,
  });
  const follow = () => {
    const route = parseRoute(location.hash);
    if (route.name === 'history') Object.assign(props, { ticker: route.ticker, a: route.a, b: route.b });
  };
  window.addEventListener('hashchange', follow);
  onTestFinished(() => {
    window.removeEventListener('hashchange', follow);
    history.replaceState(null, '', location.pathname + location.search);
  });
  await renderScreen(HistoryView, props);
}

/** The time a timeline entry shows. */
const entryTime = (i: number): string =>
  page.getByTestId(`timeline-entry-${i}`).element().querySelector('.when .num')?.textContent?.trim() ?? '';

describe('history', () => {
  it('lists SPY’s stored snapshots and compares two, older → newer, with the fields that changed', async () => {
    const { entries } = await realBridge().invoke('ticker:timeline', {
      ticker: 'SPY',
      endpoints: ['market_structure'],
      limit: 500,
    });
    expect(entries.length).toBeGreaterThan(1);
    await renderHistory();
    await expect.poll(() => page.getByTestId('timeline').element().children.length).toBe(entries.length);
    await expect.element(page.getByTestId('compare-hint')).toBeVisible();

    // The newer one first as A: the compare still reads older → newer, and keeps the letters.
    await userEvent.click(page.getByTestId('pick-a-0'));
    await expect.element(page.getByTestId('pick-a-0')).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(page.getByTestId('pick-b-1'));
    expect(entryTime(1)).toMatch(/\d ET$/);
    await expect.element(page.getByTestId('compare-older')).toHaveTextContent(`Older (B) ${entryTime(1)}`);
    await expect.element(page.getByTestId('compare-newer')).toHaveTextContent(`Newer (A) ${entryTime(0)}`);

    const [newer, older] = [entries[0]?.asof as string, entries[1]?.asof as string];
    const diff = await realBridge().invoke('snapshots:diff', {
      ticker: 'SPY',
      endpoint: 'market_structure',
      a: older,
      b: newer,
    });
    const n = diff.changes.length;
    await expect
      .element(page.getByTestId('change-count'))
      .toHaveTextContent(`${n} field${n === 1 ? '' : 's'} changed`);
  });

  it('asks for a ticker first, and unpicks a snapshot picked twice', async () => {
    await renderHistory();
    await userEvent.selectOptions(page.getByTestId('history-ticker'), '');
    await expect.element(page.getByTestId('history-empty')).toHaveTextContent('Pick a ticker to look back');
    await userEvent.selectOptions(page.getByTestId('history-ticker'), 'QQQ');
    await expect.element(page.getByTestId('timeline-entry-0')).toBeVisible();
    await userEvent.click(page.getByTestId('pick-a-0'));
    await expect.element(page.getByTestId('pick-a-0')).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(page.getByTestId('pick-a-0'));
    await expect.element(page.getByTestId('pick-a-0')).toHaveAttribute('aria-pressed', 'false');
    await expect.element(page.getByTestId('compare-hint')).toBeVisible();
  });
});
