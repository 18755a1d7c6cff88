// Settings → Data on the real core: the database's size, its free space, what thinning would free
// now and the last run, as storage:status says them; and the thinning fields, checked where they
// are typed and saved to the core.
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { realBridge, renderScreen } from '../../../../test/component/harness/mount.ts';
import type { Settings } from '../../../shared/bridge/settings.ts';
import SettingsView from './settings-view.svelte';
import StoragePanel from './storage-panel.svelte';

const BYTES = /\d+(\.\d)? (B|KB|MB|GB)/;
let before: Settings | null = null;

afterEach(async () => {
  if (before) await realBridge().invoke('settings:update', { retention: before.retention });
  before = null;
});

describe('storage in Settings', () => {
  it('shows the database’s size, free space, what thinning would free and the last run', async () => {
    const settings = await realBridge().invoke('settings:get');
    const status = await realBridge().invoke('storage:status');
    expect(status.fileBytes).toBeGreaterThan(0);
    expect(status.givesSpaceBack).toBe(true); // the test core's database is new
    await renderScreen(StoragePanel, { settings });
    await expect.element(page.getByTestId('storage-size')).toHaveTextContent(BYTES);
    await expect.element(page.getByTestId('storage-free')).toHaveTextContent(/pages\)/);
    await expect
      .element(page.getByTestId('storage-would-free'))
      .toHaveTextContent(
        /^(Nothing: every snapshot is kept as the settings say|(At least )?[\d,]+ snapshots? \()/,
      );
    await expect
      .element(page.getByTestId('storage-last-run'))
      .toHaveTextContent(/Not yet: thinning runs daily|removed/);
    await userEvent.click(page.getByTestId('storage-refresh'));
    await expect.element(page.getByTestId('storage-size')).toHaveTextContent(BYTES);
  });

  it('refuses thinning that ends before it starts, next to its field, and saves a sound one', async () => {
    before = await realBridge().invoke('settings:get');
    await renderScreen(SettingsView, { section: null });
    const full = page.getByTestId('retention-full-days');
    const quarter = page.getByTestId('retention-quarter-hour-days');
    await expect.element(full).toHaveValue(before.retention.fullDays);

    await userEvent.fill(full, '60');
    await userEvent.fill(quarter, '30');
    await userEvent.click(page.getByTestId('save-retention'));
    const error = page.getByTestId('settings-error-retention.quarterHourDays');
    await expect
      .element(error)
      .toHaveTextContent(
        'Then one per 15 minutes until must be at least as many days as every snapshot is kept',
      );
    await expect.element(quarter).toHaveAttribute('aria-invalid', 'true');
    expect((await realBridge().invoke('settings:get')).retention).toEqual(before.retention);

    await userEvent.fill(quarter, '90');
    await userEvent.click(page.getByTestId('save-retention'));
    await expect
      .poll(async () => (await realBridge().invoke('settings:get')).retention)
      .toEqual({ fullDays: 60, quarterHourDays: 90 });
    await expect.element(error).not.toBeInTheDocument();
    await expect.element(page.getByTestId('storage-panel')).toBeVisible();
  });
});
