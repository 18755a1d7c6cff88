// The message channels of Settings → Notifications (Telegram, e-mail, Pushover), as the form edits
// them: what a channel starts as when the trader turns it on, the digest windows offered, the
// comma-separated recipients, and a `notify:test` answer in one sentence.
import type { TestChannelResult } from '../../../shared/bridge/alerts.ts';
import type {
  EmailSettings,
  MessageChannel,
  PushoverSettings,
  TelegramSettings,
} from '../../../shared/bridge/settings.ts';

/** What the UI calls each channel (the alert history and the rule editor use the same names). */
export const CHANNEL_NAMES: Readonly<Record<MessageChannel, string>> = {
  telegram: 'Telegram',
  email: 'E-mail',
  pushover: 'Pushover',
};

/** The digest windows offered, in minutes; 0 is "Off" (every alert on its own). */
export const DIGEST_CHOICES = [0, 5, 15, 30, 60] as const;

/** The window a "Group desktop notifications" opt-in starts with. */
export const DEFAULT_DESKTOP_DIGEST = 15;

/** "Off", "5 minutes", "1 hour"… */
export function digestLabel(minutes: number): string {
  if (minutes <= 0) return 'Off';
  if (minutes === 60) return '1 hour';
  if (minutes > 60 && minutes % 60 === 0) return `${minutes / 60} hours`;
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The choices for a select, with a saved value outside the list (set elsewhere) kept in it. */
export function digestChoices(current: number): number[] {
  const list: number[] = [...DIGEST_CHOICES];
  if (!list.includes(current)) list.push(current);
  return list.sort((a, b) => a - b);
}

/** A channel as it starts when turned on for the first time: on, no digest, the rest to fill in. */
export function newTelegram(): TelegramSettings {
  return { enabled: true, chatId: '', digestMinutes: 0 };
}

export function newEmail(): EmailSettings {
  return {
    enabled: true,
    host: '',
    port: 587,
    security: 'starttls',
    user: '',
    from: '',
    to: [],
    digestMinutes: 0,
  };
}

export function newPushover(): PushoverSettings {
  return { enabled: true, digestMinutes: 0 };
}

/** The port that usually goes with a security choice (465 for TLS, 587 for STARTTLS). */
export const USUAL_PORT: Readonly<Record<EmailSettings['security'], number>> = {
  tls: 465,
  starttls: 587,
};

/** "a@x.com, b@y.com;c@z.com" → the addresses, trimmed, empty parts dropped. */
export function splitRecipients(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

export function joinRecipients(list: readonly string[]): string {
  return list.join(', ');
}

/** A channel is offered to rules once it is set up and on. */
export function channelReady(config: { enabled: boolean } | null | undefined): boolean {
  return config?.enabled === true;
}

/** A `notify:test` answer as the settings form shows it, in one line. */
export function testResultText(channel: MessageChannel, result: TestChannelResult): string {
  const name = CHANNEL_NAMES[channel];
  const took = `${Math.round(result.durationMs)} ms`;
  if (result.delivered) {
    const detail = result.detail ?? (result.status === null ? 'accepted' : `answered ${result.status}`);
    return `Delivered in ${took}: ${detail}`;
  }
  const why = result.error ?? (result.status === null ? 'no answer' : `answered ${result.status}`);
  const status = result.status !== null && !why.includes(String(result.status)) ? ` (${result.status})` : '';
  return `${name} test not delivered: ${why}${status}`;
}
