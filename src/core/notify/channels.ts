// Store channel names (`in_app`, `desktop`, `webhook:<id>`) to channels, from the settings in
// force when the delivery runs: a webhook edited or disabled since the event was raised is
// delivered (or not) as it is configured now.
import type { AlertEvent } from '../../shared/bridge/alerts.ts';
import type { Settings } from '../settings/schema.ts';
import { desktopChannel, inAppChannel, type DesktopNotifier, type NotificationChannel } from './channel.ts';
import { webhookChannel, type WebhookOptions } from './webhook.ts';

export interface ChannelResolverDeps {
  settings: () => Settings;
  desktop: DesktopNotifier;
  emitInApp: (event: AlertEvent) => void;
  webhook?: WebhookOptions;
}

export function channelResolver(deps: ChannelResolverDeps): (name: string) => NotificationChannel | null {
  const inApp = inAppChannel(deps.emitInApp);
  const desktop = desktopChannel(deps.desktop);
  return (name) => {
    if (name === 'in_app') return inApp;
    if (name === 'desktop') return desktop;
    if (!name.startsWith('webhook:')) return null;
    const id = name.slice('webhook:'.length);
    const hook = deps.settings().notifications.webhooks.find((w) => w.id === id && w.enabled);
    return hook ? webhookChannel(hook, deps.webhook) : null;
  };
}
