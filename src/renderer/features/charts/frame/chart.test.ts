// The one chart the curve, volume, term, skew, series and backtest panels draw with, fed SPY's
// stored gamma curve and key levels from the real core, as the curves panel feeds it.
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { realBridge, renderScreen } from '../../../../../test/component/harness/mount.ts';
import { gammaCurveSpec } from '../chart-catalog.ts';
import { gammaColumns } from '../curves/curve-data.ts';
import Chart from './chart.svelte';
import type { Marker, XRange } from './chart-spec.ts';
import { chartLevels, markersFromLevels, withoutMoreLevels } from './markers.ts';

interface GammaChart {
  points: { strike: number; gamma: number }[];
  price: number;
  markers: Marker[];
}

/** SPY's stored gamma curve and its levels, as the curves panel reads them from the core. */
async function storedGammaChart(): Promise<GammaChart> {
  const bridge = realBridge();
  const curve = await bridge.invoke('ticker:curve', { ticker: 'SPY', kind: 'gamma', exp: 'combined' });
  if (curve.kind !== 'gamma' || !curve.data?.price) throw new Error('no stored gamma curve for SPY');
  const structure = await bridge.invoke('ticker:view', { ticker: 'SPY', view: 'market_structure' });
  const levels = await bridge.invoke('ticker:view', { ticker: 'SPY', view: 'levels' });
  const keyLevels = structure.view === 'market_structure' ? structure.data?.key_levels : null;
  const list = levels.view === 'levels' ? levels.data?.levels : null;
  // The more levels are off unless asked for, as on the curves panel.
  const shown = withoutMoreLevels(chartLevels(keyLevels, list));
  return {
    points: curve.data.points,
    price: curve.data.price,
    markers: markersFromLevels(shown, { spot: curve.data.price }),
  };
}

/** Mounts the chart on the stored curve; `window` narrows the strikes shown. */
async function renderGammaChart(chart: GammaChart, window: XRange | null = null): Promise<void> {
  await renderScreen(Chart, {
    spec: gammaCurveSpec(false),
    data: gammaColumns(chart.points),
    label: 'SPY gamma by strike',
    testid: 'chart-gamma',
    markers: chart.markers,
    ticker: 'SPY',
    window,
  });
}

/** "$1,234.50" → 1234.5 */
const dollars = (text: string): number => Number(text.replace(/[$,]/g, '').replace('−', '-'));
const usd = (value: number): string =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A strike as the axis and tooltip read it: 1,180 */
const strike = (value: number | undefined): string => (value ?? NaN).toLocaleString('en-US');

describe('chart', () => {
  it('draws the gamma curve on a canvas and lists every level low to high, in dollars', async () => {
    const chart = await storedGammaChart();
    await renderGammaChart(chart);
    const figure = page.getByTestId('chart-gamma');
    await expect.element(figure).toHaveAttribute('data-points', String(chart.points.length));
    expect(figure.element().querySelector('canvas')?.width).toBeGreaterThan(0);
    await expect.element(page.getByTestId('chart-gamma-legend')).toHaveTextContent('Dealer gamma');
    await expect.element(page.getByTestId('chart-gamma-unit')).toHaveTextContent('y: Shares per $1');

    const list = page.getByTestId('chart-gamma-markers');
    await expect.element(list).toHaveTextContent(/^Levels/);
    const entries = [...list.element().querySelectorAll('.level')].map((e) => e.textContent?.trim() ?? '');
    expect(entries).toHaveLength(chart.markers.length);
    expect(entries).toContain(`Spot ${usd(chart.price)}`);
    for (const name of ['Gamma flip', 'Call wall', 'Put wall', 'Max pain', '+1σ 1D', '−1σ 1W']) {
      expect(
        entries.some((e) => e.startsWith(name)),
        name,
      ).toBe(true);
    }
    const prices = entries.map((e) => dollars(e.slice(e.lastIndexOf(' ') + 1)));
    expect(prices.every((p) => Number.isFinite(p))).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('walks the strikes from the keyboard, reading each point’s strike and gamma', async () => {
    const chart = await storedGammaChart();
    await renderGammaChart(chart);
    const plot = page.getByTestId('chart-gamma-plot');
    await expect.element(plot).toHaveAttribute('aria-valuetext', 'No point selected');
    (plot.element() as HTMLElement).focus();

    await userEvent.keyboard('{Home}');
    const tip = page.getByTestId('chart-gamma-tip');
    await expect.element(tip).toHaveTextContent(`Strike ${strike(chart.points[0]?.strike)}`);
    await expect.element(tip).toHaveTextContent('Dealer gamma');
    await expect.element(plot).toHaveAttribute('aria-valuenow', '0');
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(plot).toHaveAttribute('aria-valuenow', '1');
    await expect
      .element(plot)
      .toHaveAttribute(
        'aria-valuetext',
        expect.stringMatching(new RegExp(`^Strike ${strike(chart.points[1]?.strike)}: Dealer gamma`)),
      );
    await userEvent.keyboard('{End}');
    await expect.element(tip).toHaveTextContent(`Strike ${strike(chart.points.at(-1)?.strike)}`);
    await userEvent.keyboard('{Escape}');
    await expect.element(tip).not.toBeInTheDocument();
  });

  it('dims the levels outside the strike window and hides a series from its legend key', async () => {
    const chart = await storedGammaChart();
    const low = Math.round(chart.price * 0.99);
    const high = Math.round(chart.price * 1.01);
    await renderGammaChart(chart, { min: low, max: high });
    const plot = page.getByTestId('chart-gamma-plot');
    await expect
      .element(plot)
      .toHaveAttribute('aria-label', expect.stringContaining(`strike ${low} to ${high} shown`));
    const list = page.getByTestId('chart-gamma-markers').element();
    const outside = chart.markers.filter((m) => m.value < low || m.value > high);
    expect(outside.length).toBeGreaterThan(0);
    const dimmed = [...list.querySelectorAll('.level[title="Outside the strikes shown"]')];
    expect(dimmed.map((e) => e.textContent?.trim().split(' $')[0]).sort()).toEqual(
      outside.map((m) => m.label).sort(),
    );

    const key = page.getByTestId('chart-gamma-toggle-gamma');
    await expect.element(key).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(key);
    await expect.element(key).toHaveAttribute('aria-pressed', 'false');
  });
});
