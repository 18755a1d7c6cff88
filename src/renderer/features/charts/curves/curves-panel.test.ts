// SPY's strike curves on the real core, with the curves state and key levels the charts tab gives
// the panel: three charts on one strike window around spot, each marked with the same levels.
import { describe, expect, it, onTestFinished } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { realBridge, renderScreen } from '../../../../../test/component/harness/mount.ts';
import type { AppContext } from '../../../state/context.ts';
import { chartLevels } from '../frame/markers.ts';
import CurvesPanel from './curves-panel.svelte';
import { CurvesState } from './curves-state.svelte.ts';

/** The key levels the charts tab hands the panel: the record's, completed by the levels payload. */
async function spyLevels() {
  const bridge = realBridge();
  const structure = await bridge.invoke('ticker:view', { ticker: 'SPY', view: 'market_structure' });
  const levels = await bridge.invoke('ticker:view', { ticker: 'SPY', view: 'levels' });
  return chartLevels(
    structure.view === 'market_structure' ? structure.data?.key_levels : null,
    levels.view === 'levels' ? levels.data?.levels : null,
  );
}

async function renderCurves(): Promise<{ spot: number }> {
  const levels = await spyLevels();
  await renderScreen(CurvesPanel, ({ bridge }: AppContext) => {
    const curves = new CurvesState(bridge);
    curves.start();
    curves.show('SPY', null);
    onTestFinished(() => curves.stop());
    return { ticker: 'SPY', at: null, curves, levels };
  });
  return { spot: levels.spot as number };
}

/** The strikes a chart shows, from its slider's label ("… strike 480 to 650 shown. …"). */
function shownStrikes(testid: string): { min: number; max: number } | null {
  const label = page.getByTestId(`${testid}-plot`).element().getAttribute('aria-label') ?? '';
  const m = /strike ([\d,.]+) to ([\d,.]+) shown/.exec(label);
  return m ? { min: Number(m[1]?.replace(/,/g, '')), max: Number(m[2]?.replace(/,/g, '')) } : null;
}

describe('curves panel', () => {
  it('draws gamma, gamma by expiration and GEX by strike on ±15 % of spot, each with the levels', async () => {
    const { spot } = await renderCurves();
    for (const chart of ['gamma-chart', 'expirations-chart', 'gex-chart']) {
      await expect.element(page.getByTestId(chart)).toBeVisible();
      await expect.element(page.getByTestId(`${chart}-markers`)).toHaveTextContent('Spot');
      await expect.element(page.getByTestId(`${chart}-markers`)).toHaveTextContent('Gamma flip');
    }
    await expect.poll(() => shownStrikes('gamma-chart')).not.toBeNull();
    const wide = shownStrikes('gamma-chart') as { min: number; max: number };
    expect(wide.min).toBeCloseTo(spot * 0.85, -1);
    expect(wide.max).toBeCloseTo(spot * 1.15, -1);

    await userEvent.click(page.getByTestId('strike-window-5'));
    await expect.poll(() => shownStrikes('gex-chart')?.max).toBeLessThan(wide.max);
    const narrow = shownStrikes('gex-chart') as { min: number; max: number };
    expect(narrow.min).toBeCloseTo(spot * 0.95, -1);
    expect(narrow.max).toBeCloseTo(spot * 1.05, -1);
  });

  it('switches the gamma curve to the naive view and the exposure chart to vanna, retitling both', async () => {
    await renderCurves();
    await expect.element(page.getByTestId('gamma-chart-legend')).toHaveTextContent('Dealer gamma');
    await userEvent.click(page.getByTestId('gamma-naive'));
    await expect.element(page.getByTestId('gamma-chart-legend')).toHaveTextContent('Gamma (naive: all +)');
    await expect
      .element(page.getByTestId('gamma-chart'))
      .toHaveAttribute('aria-label', 'SPY naive gamma by strike, Combined');

    await expect.element(page.getByTestId('chart-gex')).toHaveTextContent('GEX by strike');
    await expect.element(page.getByTestId('exposure-totals')).toBeVisible();
    await userEvent.click(page.getByTestId('exposure-view-vanna'));
    await expect.element(page.getByTestId('chart-gex')).toHaveTextContent('Vanna by strike');
    await expect.element(page.getByTestId('gex-chart')).not.toBeInTheDocument();
  });
});
