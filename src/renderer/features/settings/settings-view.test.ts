// Settings on the real core: what a trader types is checked where it is typed, what only the core
// can check comes back next to its field, and a save is all or nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { realBridge, renderScreen } from '../../../../test/component/harness/mount.ts';
import type { Settings } from '../../../shared/bridge/settings.ts';
import SettingsView from './settings-view.svelte';

let before: Settings | null = null;

afterEach(async () => {
  // What a test saved is put back, so the other screens see the seeded settings.
  if (before) {
    const { schedules, notifications, exports } = before;
    await realBridge().invoke('settings:update', { schedules, notifications, exports });
  }
  before = null;
});

async function renderSettings(): Promise<void> {
  before = await realBridge().invoke('settings:get');
  await renderScreen(SettingsView, { section: null });
  await expect.element(page.getByTestId('webhook-url')).toBeVisible();
}

describe('settings', () => {
  it('turns the CSV byte-order mark on and off in the core, and says where the log file is', async () => {
    await renderSettings();
    const bom = page.getByTestId('csv-bom');
    await expect.element(bom).not.toBeChecked();
    await userEvent.click(bom);
    await expect.poll(async () => (await realBridge().invoke('settings:get')).exports.csvBom).toBe(true);
    await userEvent.click(bom);
    await expect.poll(async () => (await realBridge().invoke('settings:get')).exports.csvBom).toBe(false);
    // The test core runs without --verbose: no log file, and how to get one.
    expect((await realBridge().invoke('app:info')).logFile).toBeNull();
    await expect.element(page.getByTestId('log-file')).toHaveTextContent('No log file: start with --verbose');
  });

  it('refuses a webhook address that is not one, or that carries a password, before it enters the table', async () => {
    await renderSettings();
    await userEvent.fill(page.getByTestId('webhook-id'), 'ops');
    await userEvent.fill(page.getByTestId('webhook-url'), 'not a url');
    await userEvent.click(page.getByTestId('webhook-add'));
    const urlError = page.getByTestId('settings-error-newHook.url');
    await expect.element(urlError).toHaveTextContent('must start with https:// or http:// and name a host');
    await expect.element(page.getByTestId('webhook-url')).toHaveAttribute('aria-invalid', 'true');

    // Typing again clears the message; an address with a password in it is refused too.
    await userEvent.fill(page.getByTestId('webhook-url'), 'https://me:secret@hooks.example.com/alerts');
    await expect.element(urlError).not.toBeInTheDocument();
    await userEvent.click(page.getByTestId('webhook-add'));
    await expect.element(urlError).toHaveTextContent('Webhook URL cannot hold user:password@');
    // Nothing entered the table, and nothing is unsaved.
    await expect.element(page.getByTestId('settings-test-webhook-ops')).not.toBeInTheDocument();
    await expect.element(page.getByTestId('unsaved-notifications')).not.toBeInTheDocument();
  });

  it('shows the core’s refusal of a schedule next to its field, and stores nothing', async () => {
    await renderSettings();
    // Five fields, as the form checks; minute 61 only the core's cron parser refuses.
    await userEvent.fill(page.getByTestId('schedule-signals'), '61 * * * *');
    await expect.element(page.getByTestId('unsaved-schedules')).toHaveTextContent('Unsaved changes');
    await userEvent.click(page.getByTestId('save-schedules'));

    const error = page.getByTestId('settings-error-schedules.signals');
    await expect.element(error).toHaveTextContent('Signals');
    await expect.element(page.getByTestId('schedule-signals')).toHaveAttribute('aria-invalid', 'true');
    await expect.element(page.getByTestId('unsaved-schedules')).toBeVisible();
    expect((await realBridge().invoke('settings:get')).schedules).toEqual(before?.schedules);
  });

  it('adds a webhook and saves the notifications: told so, and the core keeps it', async () => {
    await renderSettings();
    await userEvent.fill(page.getByTestId('webhook-id'), 'desk');
    await userEvent.fill(page.getByTestId('webhook-url'), 'http://127.0.0.1:9/desk');
    await userEvent.click(page.getByTestId('webhook-add'));
    await expect.element(page.getByTestId('settings-test-webhook-desk')).toBeVisible();
    await expect.element(page.getByTestId('unsaved-notifications')).toBeVisible();

    await userEvent.click(page.getByTestId('save-notifications'));
    await expect.element(page.getByTestId('toast-success')).toHaveTextContent('Settings saved');
    await expect.element(page.getByTestId('unsaved-notifications')).not.toBeInTheDocument();
    const saved = await realBridge().invoke('settings:get');
    expect(saved.notifications.webhooks).toContainEqual(
      expect.objectContaining({
        id: 'desk',
        url: 'http://127.0.0.1:9/desk',
        preset: 'generic',
        enabled: true,
      }),
    );
  });
});
