// Settings → Data source on the real core: a chain folder is tried as the core would open it, and
// what the folder cannot read is listed; a refused or failed source never replaces the one in use.
import { describe, expect, inject, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { realBridge, renderScreen } from '../../../../test/component/harness/mount.ts';
import DataSourcePanel from './data-source-panel.svelte';

async function renderPanel(onswitched = vi.fn()) {
  const { dataSource } = await realBridge().invoke('settings:get');
  await renderScreen(DataSourcePanel, { saved: dataSource, onswitched });
  await expect
    .element(page.getByTestId('source-in-use'))
    .toHaveTextContent('In use: Local simulator (seed 7) — SIMULATED DATA');
  await userEvent.click(page.getByText('Chain folder (Cboe files you download)'));
  return onswitched;
}

describe('data source panel', () => {
  it('tests a chain folder: what it holds, and the file it cannot read', async () => {
    await renderPanel();
    await userEvent.fill(page.getByRole('textbox', { name: 'Folder' }), inject('seed').chainsDir);
    await userEvent.click(page.getByRole('button', { name: 'Test connection' }));

    const result = page.getByTestId('source-test-result');
    await expect.element(result).toHaveTextContent('Connection works: 1 chain file, 1 ticker (SPY)');
    await expect
      .element(result.getByRole('listitem'))
      .toHaveTextContent(/^history\/SPY\.csv: the header has no date column \(Date\) and no close column/);
  });

  it('says why a missing folder fails, and will not switch to a source without a folder', async () => {
    const onswitched = await renderPanel();
    const folder = page.getByRole('textbox', { name: 'Folder' });
    await userEvent.fill(folder, '/nonexistent/gammawatch-chains');
    await userEvent.click(page.getByRole('button', { name: 'Test connection' }));
    await expect
      .element(page.getByTestId('source-test-result'))
      .toHaveTextContent(/^Connection failed: .*\/nonexistent\/gammawatch-chains/);

    await userEvent.clear(folder);
    await userEvent.click(page.getByRole('button', { name: 'Use this source' }));
    await expect.element(folder).toHaveAttribute('aria-invalid', 'true');
    expect(onswitched).not.toHaveBeenCalled();
    await expect
      .element(page.getByTestId('source-in-use'))
      .toHaveTextContent('In use: Local simulator (seed 7) — SIMULATED DATA');
    expect((await realBridge().invoke('settings:get')).dataSource.kind).toBe('local');
  });
});
