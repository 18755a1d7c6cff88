// The notification wiring: which channels the settings turn on, the dispatcher that delivers each
// alert event to them (the desktop, webhooks, the app's own `alert:new`), and the retry of failed
// deliveries once a minute while the app runs.
import type { AlertRuleBody } from '../shared/alert-rules.ts';
import type { ChannelSettings } from './alerts/policy.ts';
import type { EventHub } from './bridge/events.ts';
import type { DesktopNotifier } from './notify/channel.ts';
import { channelResolver } from './notify/channels.ts';
import { NotificationDispatcher } from './notify/dispatcher.ts';
import { libnotifyNotifier } from './notify/libnotify.ts';
import type { WebhookOptions } from './notify/webhook.ts';
import { loadBridgeEvent } from './queries/alerts.ts';
import type { Settings } from './settings/schema.ts';
import type { Store } from './store/database.ts';

export interface NotificationsOptions {
  store: Store<AlertRuleBody>;
  events: EventHub;
  settings(): Settings;
  /** Electron's notifier; libnotify by default (which skips with a reason where it cannot run). */
  desktopNotifier?: DesktopNotifier;
  webhook?: WebhookOptions;
  log(message: string): void;
}

/** The channels the settings turn on (in-app always). */
export function channelsOf(s: Settings): ChannelSettings {
  return {
    desktop: s.notifications.desktop,
    inApp: true,
    webhooks: s.notifications.webhooks,
    quietHours: s.quietHours.enabled ? { start: s.quietHours.start, end: s.quietHours.end } : null,
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
      }),
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
