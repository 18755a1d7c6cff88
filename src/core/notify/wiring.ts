// The notification wiring: which channels the settings turn on, the dispatcher that delivers each
// alert event to them (the desktop, webhooks, the app's own `alert:new`), and the retry of failed
// deliveries once a minute while the app runs.
import type { AlertRuleBody } from '../../shared/alert-rules.ts';
import type { ChannelSettings } from '../alerts/policy.ts';
import type { EventHub } from '../events/event-hub.ts';
import type { SecretName } from '../../shared/bridge/data-source.ts';
import { outgoingFromStore } from './outgoing-event.ts';
import type { DesktopNotifier } from './channel.ts';
import { channelResolver, digestMinutesOf, type MessageChannelOptions } from './channel-lookup.ts';
import { NotificationDispatcher } from './dispatcher.ts';
import { libnotifyNotifier } from './libnotify.ts';
import type { WebhookOptions } from './webhook.ts';
import { loadBridgeEvent } from '../queries/alerts.ts';
import type { Settings } from '../settings/schema.ts';
import type { Timers } from '../lib/timers.ts';
import type { Store } from '../store/database.ts';

export interface NotificationsOptions {
  store: Store<AlertRuleBody>;
  events: EventHub;
  settings(): Settings;
  /** Electron's notifier; libnotify by default (which skips with a reason where it cannot run). */
  desktopNotifier?: DesktopNotifier;
  webhook?: WebhookOptions;
  /** The stored secrets (bot token, SMTP password, Pushover keys). */
  secret(name: SecretName): string | null;
  /** A webhook's signing key, or null. */
  webhookKey?(webhookId: string): string | null;
  env: NodeJS.ProcessEnv;
  /** Digest windows run on these. */
  timers: Timers;
  /** Timeouts of Telegram, e-mail and Pushover; tests add the stand-in's certificate. */
  messages?: MessageChannelOptions;
  log(message: string): void;
}

/** A message channel for delivery planning: on, set up but off, or not set up (null). */
const messageState = (channel: { enabled: boolean } | null): 'on' | 'off' | null =>
  channel === null ? null : channel.enabled ? 'on' : 'off';

/** The channels the settings turn on (in-app always). */
export function channelsOf(s: Settings): ChannelSettings {
  return {
    desktop: s.notifications.desktop,
    inApp: true,
    webhooks: s.notifications.webhooks,
    quietHours: s.quietHours.enabled ? { start: s.quietHours.start, end: s.quietHours.end } : null,
    messages: {
      telegram: messageState(s.notifications.telegram),
      email: messageState(s.notifications.email),
      pushover: messageState(s.notifications.pushover),
    },
  };
}

const RETRY_EVERY_MS = 60_000;

export class Notifications {
  readonly dispatcher: NotificationDispatcher;
  readonly #settings: () => Settings;
  #stopRetries: (() => void) | null = null;

  constructor(o: NotificationsOptions) {
    this.#settings = o.settings;
    this.dispatcher = new NotificationDispatcher({
      deliveries: o.store.deliveries,
      loadEvent: (id) => loadBridgeEvent({ events: o.store.alertEvents, deliveries: o.store.deliveries }, id),
      channel: channelResolver({
        settings: o.settings,
        desktop: o.desktopNotifier ?? libnotifyNotifier(),
        emitInApp: (event) => o.events.emit('alert:new', event),
        ...(o.webhook ? { webhook: o.webhook } : {}),
        secret: o.secret,
        ...(o.webhookKey ? { webhookKey: o.webhookKey } : {}),
        env: o.env,
        ...(o.messages ? { messages: o.messages } : {}),
      }),
      outgoing: outgoingFromStore(o.store),
      digestMinutes: (channel) => digestMinutesOf(o.settings(), channel),
      timers: o.timers,
      log: o.log,
    });
  }

  channels(): ChannelSettings {
    return channelsOf(this.#settings());
  }

  /** Retries what is due now, then every minute. */
  startRetries(): void {
    if (this.#stopRetries) return;
    this.dispatcher.retryDue();
    const retry = setInterval(() => this.dispatcher.retryDue(), RETRY_EVERY_MS);
    retry.unref?.();
    this.#stopRetries = () => clearInterval(retry);
  }

  stopRetries(): void {
    this.#stopRetries?.();
    this.#stopRetries = null;
  }
}
