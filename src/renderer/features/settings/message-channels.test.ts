// Telegram, e-mail and Pushover in Settings → Notifications, bound to the notifications being edited
// as the settings view binds them. "Send test" checks the form first, then shows the core's answer.
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { realBridge, renderScreen } from '../../../../test/component/harness/mount.ts';
import { reactive } from '../../../../test/component/harness/reactive.svelte.ts';
import MessageChannels from './message-channels.svelte';
import type { PlacedMessage } from './settings-messages.ts';

/** The channels on the core's notifications, with the form's messages kept as the view keeps them. */
async function renderChannels() {
  const { notifications } = await realBridge().invoke('settings:get');
  const props = reactive({
    notifications,
    errors: {} as Record<string, string>,
    onissues: (placed: readonly PlacedMessage[]) => {
      for (const p of placed) props.errors[p.key] = p.message;
    },
    onclear: (prefix: string) => {
      for (const key of Object.keys(props.errors))
        if (key === prefix || key.startsWith(`${prefix}.`)) delete props.errors[key];
    },
  });
  await renderScreen(MessageChannels, props);
  return props;
}

describe('message channels', () => {
  it('checks an e-mail setup before sending a test, and says what is missing where', async () => {
    const props = await renderChannels();
    await userEvent.click(page.getByTestId('channel-email-enabled'));
    await expect.element(page.getByTestId('email-host')).toBeVisible();
    expect(props.notifications.email?.enabled).toBe(true);

    await userEvent.click(page.getByTestId('channel-email-test'));
    await expect
      .element(page.getByTestId('settings-error-notifications.email.host'))
      .toHaveTextContent('SMTP server');
    await expect.element(page.getByTestId('email-host')).toHaveAttribute('aria-invalid', 'true');
    await expect.element(page.getByTestId('settings-error-notifications.email.to')).toBeVisible();
    await expect.element(page.getByTestId('channel-email-test-result')).toHaveTextContent('');
  });

  it('sends an e-mail test through the core and shows its answer under the button', async () => {
    await renderChannels();
    await userEvent.click(page.getByTestId('channel-email-enabled'));
    // An SMTP server on loopback that nothing listens on: the core's delivery is refused at once.
    await userEvent.fill(page.getByTestId('email-host'), '127.0.0.1');
    await userEvent.fill(page.getByTestId('email-port'), '9');
    await userEvent.fill(page.getByTestId('email-from'), 'gammawatch@example.com');
    await userEvent.fill(page.getByTestId('email-to'), 'desk@example.com');
    await userEvent.click(page.getByTestId('channel-email-test'));

    const result = page.getByTestId('channel-email-test-result');
    await expect.element(result, { timeout: 15_000 }).toHaveTextContent(/^E-mail test not delivered: /);
    // Editing the setup again makes that answer old: it goes.
    await userEvent.fill(page.getByTestId('email-port'), '25');
    await expect.element(result).toHaveTextContent('');
  });

  it('relays the core’s refusal of a Telegram test without a bot token', async () => {
    await renderChannels();
    await userEvent.click(page.getByTestId('channel-telegram-enabled'));
    await userEvent.fill(page.getByTestId('telegram-chat-id'), '@gammawatch_desk');
    await userEvent.click(page.getByTestId('channel-telegram-test'));
    await expect
      .element(page.getByTestId('channel-telegram-test-result'))
      .toHaveTextContent('Telegram test not delivered: no Telegram bot token saved');
  });
});
