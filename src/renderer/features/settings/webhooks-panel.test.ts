// A webhook's options in Settings → Notifications, on the real core: its signing key, made by the
// core, shown in full once with a Copy button and afterwards only as a hint; its headers, checked
// where they are typed and kept by the core once the notifications are saved; its body template,
// previewed with example values and refused where it would not make JSON.
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { realBridge, renderScreen } from '../../../../test/component/harness/mount.ts';
import type { Settings } from '../../../shared/bridge/settings.ts';
import SettingsView from './settings-view.svelte';

let before: Settings | null = null;

afterEach(async () => {
  // What a test saved is put back, so the other screens see the seeded settings.
  if (before) await realBridge().invoke('settings:update', { notifications: before.notifications });
  before = null;
});

/** Settings with one webhook `id` added (not saved yet) and its options open. */
async function withWebhook(id: string): Promise<void> {
  before = await realBridge().invoke('settings:get');
  await renderScreen(SettingsView, { section: null });
  await userEvent.fill(page.getByTestId('webhook-id'), id);
  await userEvent.fill(page.getByTestId('webhook-url'), `http://127.0.0.1:9/${id}`);
  await userEvent.click(page.getByTestId('webhook-add'));
  const toggle = page.getByTestId(`webhook-options-toggle-${id}`);
  await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(toggle);
  await expect.element(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect.element(page.getByTestId(`webhook-options-${id}`)).toBeVisible();
}

async function saved(id: string) {
  const settings = await realBridge().invoke('settings:get');
  return settings.notifications.webhooks.find((w) => w.id === id);
}

describe('a webhook’s options', () => {
  it('signing: the key is shown once to copy, then only its last four characters', async () => {
    await withWebhook('signed');
    const state = page.getByTestId('webhook-key-state-signed');
    await expect.element(state).toHaveTextContent('Not signed');
    await userEvent.click(page.getByTestId('webhook-key-generate-signed'));

    const shown = page.getByTestId('webhook-key-signed');
    await expect.element(shown).toBeVisible();
    const key = (shown.element() as HTMLInputElement).value;
    expect(key).toMatch(/^gwhsec_[A-Za-z0-9_-]{43}$/);
    await expect.element(state).toHaveTextContent(`Signing key stored …${key.slice(-4)}`);
    await expect.element(page.getByTestId('webhook-signed-signed')).toHaveTextContent('Signed');
    expect((await realBridge().invoke('webhooks:signingKeys'))['signed']).toEqual({
      set: true,
      hint: `…${key.slice(-4)}`,
    });
    await userEvent.click(page.getByTestId('webhook-key-copy-signed'));
    await expect.element(page.getByText(/Signing key copied|Could not copy/)).toBeVisible();

    // Closed and opened again: the key is gone from the page, its hint stays.
    const toggle = page.getByTestId('webhook-options-toggle-signed');
    await userEvent.click(toggle);
    await userEvent.click(toggle);
    await expect.element(shown).not.toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain(key);
    await expect
      .element(page.getByTestId('webhook-key-generate-signed'))
      .toHaveTextContent('Replace signing key');

    await userEvent.click(page.getByTestId('webhook-key-forget-signed'));
    await expect.element(state).toHaveTextContent('Not signed');
    expect(await realBridge().invoke('webhooks:signingKeys')).not.toHaveProperty('signed');
  });

  it('body template: previewed as typed, refused where it would not make JSON, kept once valid', async () => {
    await withWebhook('bot');
    const field = page.getByTestId('webhook-template-bot');
    await userEvent.fill(field, '{"ticker": "{{ticker}}", "price": {{price}, "sim": {{simulated}}}');
    const error = page.getByTestId('settings-error-notifications.webhooks.0.bodyTemplate');
    await expect.element(error).toHaveTextContent('not valid JSON once filled');
    await expect.element(field).toHaveAttribute('aria-invalid', 'true');
    await expect.element(page.getByTestId('webhook-template-preview-bot')).not.toBeInTheDocument();
    await userEvent.click(page.getByTestId('save-notifications'));
    await expect.element(error).toBeVisible();
    expect(await saved('bot')).toBeUndefined();

    const template =
      '{"ticker": "{{ticker}}", "price": {{price}}, "sim": {{simulated}}, "text": "{{message}}"}';
    await userEvent.fill(field, template);
    await expect.element(error).not.toBeInTheDocument();
    const preview = page.getByTestId('webhook-template-preview-bot');
    await expect.element(preview).toHaveTextContent('"ticker": "SPY", "price": 601, "sim": true');
    expect(JSON.parse(preview.element().textContent ?? '')).toMatchObject({ ticker: 'SPY', sim: true });
    await userEvent.click(page.getByTestId('save-notifications'));
    await expect.element(page.getByTestId('toast-success')).toHaveTextContent('Settings saved');
    expect((await saved('bot'))?.bodyTemplate).toBe(template);

    // Emptied: the app's JSON again.
    await userEvent.clear(field);
    await userEvent.click(page.getByTestId('save-notifications'));
    await expect.poll(async () => (await saved('bot'))?.bodyTemplate).toBeNull();
  });

  it('headers: one the app sets itself is refused next to it, good ones are kept', async () => {
    await withWebhook('routed');
    await userEvent.click(page.getByTestId('webhook-header-add-routed'));
    await userEvent.fill(page.getByTestId('webhook-header-name-routed-0'), 'Content-Type');
    await userEvent.fill(page.getByTestId('webhook-header-value-routed-0'), 'text/plain');
    await userEvent.click(page.getByTestId('save-notifications'));
    const error = page.getByTestId('settings-error-notifications.webhooks.0.headers.0');
    await expect
      .element(error)
      .toHaveTextContent('Webhook 1 header 1: Gammawatch sets this header itself: choose another name');
    await expect
      .element(page.getByTestId('webhook-header-name-routed-0'))
      .toHaveAttribute('aria-invalid', 'true');
    expect(await saved('routed')).toBeUndefined();

    await userEvent.fill(page.getByTestId('webhook-header-name-routed-0'), 'Authorization');
    await userEvent.fill(page.getByTestId('webhook-header-value-routed-0'), 'Bearer abc-0123456789');
    await userEvent.click(page.getByTestId('webhook-header-add-routed'));
    await userEvent.fill(page.getByTestId('webhook-header-name-routed-1'), 'X-Desk');
    await userEvent.fill(page.getByTestId('webhook-header-value-routed-1'), 'options');
    await userEvent.click(page.getByTestId('save-notifications'));
    await expect.element(page.getByTestId('toast-success')).toHaveTextContent('Settings saved');
    await expect.element(error).not.toBeInTheDocument();
    expect((await saved('routed'))?.headers).toEqual([
      { name: 'Authorization', value: 'Bearer abc-0123456789' },
      { name: 'X-Desk', value: 'options' },
    ]);

    // Removing one and saving again keeps the other.
    await userEvent.click(page.getByRole('button', { name: 'Remove header 1 of webhook routed' }));
    await userEvent.click(page.getByTestId('save-notifications'));
    await expect
      .poll(async () => (await saved('routed'))?.headers)
      .toEqual([{ name: 'X-Desk', value: 'options' }]);
  });
});
