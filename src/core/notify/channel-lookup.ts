// Store channel names (`in_app`, `desktop`, `webhook:<id>`, `telegram`, `email`, `pushover`) to
// channels, from the settings and secrets in force when the delivery runs: a channel edited or
// disabled since the event was raised is delivered (or not) as it is configured now.
import type { AlertEvent } from '../../shared/bridge/alerts.ts';
import type { MessageChannel } from '../../shared/bridge/settings.ts';
import type { SecretName } from '../../shared/bridge/data-source.ts';
import type { Settings } from '../settings/schema.ts';
import { desktopChannel, inAppChannel, type DesktopNotifier, type NotificationChannel } from './channel.ts';
import { emailChannel, type EmailOptions } from './email.ts';
import { pushoverChannel } from './pushover.ts';
import { serviceOrigin } from './service-origin.ts';
import type { ServiceRequestOptions } from './service-request.ts';
import { telegramChannel } from './telegram.ts';
import { webhookChannel, type WebhookOptions } from './webhook.ts';

/** Test hooks and timeouts of the message channels. */
export interface MessageChannelOptions {
  telegram?: ServiceRequestOptions;
  pushover?: ServiceRequestOptions;
  email?: EmailOptions;
}

export interface ChannelResolverDeps {
  settings: () => Settings;
  desktop: DesktopNotifier;
  emitInApp: (event: AlertEvent) => void;
  webhook?: WebhookOptions;
  /** Secrets (bot token, SMTP password, Pushover keys), read at each delivery. */
  secret?: (name: SecretName) => string | null;
  /** A webhook's signing key (null: its requests go unsigned), read at each delivery. */
  webhookKey?: (webhookId: string) => string | null;
  /** Where the loopback test hooks are read (GAMMAWATCH_*_API_ORIGIN). */
  env?: NodeJS.ProcessEnv;
  messages?: MessageChannelOptions;
}

/** Digest minutes of a store channel name under these settings (0: each alert on its own). */
export function digestMinutesOf(settings: Settings, name: string): number {
  const n = settings.notifications;
  if (name === 'desktop') return n.desktopDigestMinutes;
  if (name === 'telegram' || name === 'email' || name === 'pushover') return n[name]?.digestMinutes ?? 0;
  if (name.startsWith('webhook:')) {
    const id = name.slice('webhook:'.length);
    return n.webhooks.find((w) => w.id === id)?.digestMinutes ?? 0;
  }
  return 0;
}

export function channelResolver(deps: ChannelResolverDeps): (name: string) => NotificationChannel | null {
  const inApp = inAppChannel(deps.emitInApp);
  const desktop = desktopChannel(deps.desktop);
  const secret = (name: SecretName): string | null => deps.secret?.(name) ?? null;
  const env = deps.env ?? process.env;
  const enabled = (name: MessageChannel): boolean => deps.settings().notifications[name]?.enabled === true;
  const telegram = telegramChannel(
    () => ({
      settings: { chatId: deps.settings().notifications.telegram?.chatId ?? '' },
      token: secret('telegramBotToken'),
      origin: serviceOrigin('telegram', env),
    }),
    deps.messages?.telegram,
  );
  const pushover = pushoverChannel(
    () => ({
      appToken: secret('pushoverAppToken'),
      userKey: secret('pushoverUserKey'),
      origin: serviceOrigin('pushover', env),
    }),
    deps.messages?.pushover,
  );
  const email = emailChannel(() => {
    const settings = deps.settings().notifications.email;
    if (!settings) throw new Error('e-mail is not set up');
    return { settings, password: secret('smtpPassword') };
  }, deps.messages?.email);
  return (name) => {
    if (name === 'in_app') return inApp;
    if (name === 'desktop') return desktop;
    if (name === 'telegram') return enabled('telegram') ? telegram : null;
    if (name === 'pushover') return enabled('pushover') ? pushover : null;
    if (name === 'email') return enabled('email') ? email : null;
    if (!name.startsWith('webhook:')) return null;
    const id = name.slice('webhook:'.length);
    const hook = deps.settings().notifications.webhooks.find((w) => w.id === id && w.enabled);
    return hook ? webhookChannel(hook, deps.webhook, () => deps.webhookKey?.(id) ?? null) : null;
  };
}
