// What the fake bridge says about deliveries, shaped as the core's: one delivery per channel a rule
// chose (held by quiet hours unless a critical rule passes them, grouped when the channel has a
// digest window), and `notify:test` answers that need the channel's secrets, as the core's do.
import type { AlertRule } from '../../src/shared/alert-rules.ts';
import type { Delivery, TestChannelInput, TestChannelResult } from '../../src/shared/bridge/alerts.ts';
import type { SecretName } from '../../src/shared/bridge/data-source.ts';
import type { Settings } from '../../src/shared/bridge/settings.ts';

const nyClock = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Whether HH:MM in New York falls in [start, end), a window that may wrap past midnight. */
export function inQuietWindow(nowMs: number, window: { start: string; end: string }): boolean {
  const now = nyClock.format(nowMs);
  return window.start <= window.end
    ? now >= window.start && now < window.end
    : now >= window.start || now < window.end;
}

function delivery(
  channel: Delivery['channel'],
  target: string | null,
  quiet: Delivery['quietHours'],
  digestMinutes: number,
  nowMs: number,
): Delivery {
  const held = quiet === 'held';
  const digest = !held && digestMinutes > 0;
  return {
    channel,
    target,
    state: held ? 'skipped' : digest ? 'pending' : 'sent',
    attempts: held || digest ? 0 : 1,
    lastError: null,
    quietHours: quiet,
    digestUntil: digest ? new Date(nowMs + digestMinutes * 60_000).toISOString() : null,
  };
}

/** The deliveries of a new alert of `rule` at `nowMs`. */
export function fakeDeliveries(rule: AlertRule, settings: Settings, nowMs: number): Delivery[] {
  const windows = [rule.quietHours, settings.quietHours.enabled ? settings.quietHours : null];
  const quietNow = windows.some((w) => w !== null && inQuietWindow(nowMs, w));
  const quiet: Delivery['quietHours'] = !quietNow
    ? null
    : rule.severity === 'critical' && rule.passQuietHours
      ? 'passed'
      : 'held';
  const n = settings.notifications;
  const out: Delivery[] = [];
  if (rule.channels.inApp)
    out.push({ ...delivery('in_app', null, null, 0, nowMs), state: 'sent', attempts: 1 });
  if (rule.channels.desktop && n.desktop)
    out.push(delivery('desktop', null, quiet, n.desktopDigestMinutes, nowMs));
  for (const id of rule.channels.webhookIds) {
    const hook = n.webhooks.find((w) => w.id === id && w.enabled);
    if (hook) out.push(delivery('webhook', id, quiet, hook.digestMinutes, nowMs));
  }
  for (const channel of ['telegram', 'email', 'pushover'] as const) {
    const config = n[channel];
    if (rule.channels[channel] && config?.enabled)
      out.push(delivery(channel, null, quiet, config.digestMinutes, nowMs));
  }
  return out;
}

const NEEDS: Record<TestChannelInput['channel'], readonly SecretName[]> = {
  telegram: ['telegramBotToken'],
  email: [],
  pushover: ['pushoverAppToken', 'pushoverUserKey'],
};

const SECRET_WORDS: Record<SecretName, string> = {
  remoteApiKey: 'API key',
  tradierToken: 'Tradier token',
  telegramBotToken: 'bot token',
  smtpPassword: 'SMTP password',
  pushoverAppToken: 'application token',
  pushoverUserKey: 'user key',
};

/** A `notify:test` answer: delivered when the channel is set up and its secrets are stored. */
export function fakeChannelTest(
  input: TestChannelInput,
  settings: Settings,
  hasSecret: (name: SecretName) => boolean,
): TestChannelResult {
  const config = input.config ?? settings.notifications[input.channel];
  const fail = (error: string): TestChannelResult => ({
    delivered: false,
    detail: null,
    status: null,
    durationMs: 3,
    error,
  });
  if (!config) return fail('Not set up: fill in the channel and save, or send the test from the form');
  const missing = NEEDS[input.channel].find((name) => !hasSecret(name));
  if (missing) return fail(`No ${SECRET_WORDS[missing]} stored`);
  switch (input.channel) {
    case 'telegram':
      return {
        delivered: true,
        detail: `Telegram accepted message 1 for chat ${input.config?.chatId ?? settings.notifications.telegram?.chatId}`,
        status: 200,
        durationMs: 42,
        error: null,
      };
    case 'email': {
      const to = input.config?.to ?? settings.notifications.email?.to ?? [];
      return {
        delivered: true,
        detail: `The SMTP server accepted the message for ${to.join(', ')}`,
        status: 250,
        durationMs: 57,
        error: null,
      };
    }
    case 'pushover':
      return {
        delivered: true,
        detail: 'Pushover accepted the message',
        status: 200,
        durationMs: 38,
        error: null,
      };
  }
}
