// The desktop channel of the core, on Electron's native Notification. A click brings the window up
// on the ticker as it was at the alert's snapshot.
import { Notification } from 'electron';
import type { DesktopNotification, DesktopNotifier, DeliveryOutcome } from '../src/core/index.ts';

export function electronNotifier(onClick: (tag: string) => void): DesktopNotifier {
  return {
    name: 'electron',
    async notify(n: DesktopNotification): Promise<DeliveryOutcome> {
      if (!Notification.isSupported())
        return { state: 'skipped', attempts: 0, reason: 'notifications are not supported on this desktop' };
      const notification = new Notification({
        title: n.title,
        body: n.body,
        urgency: n.urgency,
        silent: n.urgency === 'low',
      });
      notification.on('click', () => onClick(n.tag));
      notification.show();
      return { state: 'sent', attempts: 1 };
    },
  };
}
