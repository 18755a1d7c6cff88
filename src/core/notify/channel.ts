// One interface for every way an alert reaches the user. A channel answers with what happened
// instead of throwing, so a failing channel is a recorded outcome, never a stalled poller.
import type { AlertEvent } from '../../shared/bridge/alerts.ts';
import { messageOf } from '../../shared/message-of.ts';
import { outwardTitle, type OutgoingEvent } from './outgoing.ts';

export type ChannelKind = 'desktop' | 'webhook' | 'in_app' | 'telegram' | 'email' | 'pushover';

export type DeliveryOutcome =
  | { state: 'sent'; attempts: number; detail?: string }
  | { state: 'skipped'; attempts: number; reason: string }
  | { state: 'failed'; attempts: number; error: string };

export interface NotificationChannel {
  /** `desktop`, `in_app`, `webhook:<id>`, `telegram`, `email` or `pushover`. */
  readonly id: string;
  readonly kind: ChannelKind;
  /** One event, or a digest standing for several (`eventIds`). */
  deliver(event: OutgoingEvent, signal?: AbortSignal): Promise<DeliveryOutcome>;
}

/** What a desktop notification shows, independent of the platform that shows it. */
export interface DesktopNotification {
  title: string;
  body: string;
  urgency: 'low' | 'normal' | 'critical';
  /** Opaque id for click-through (the alert event id). */
  tag: string;
}

/** The platform part of the desktop channel: Electron's Notification, libnotify, or a fake. */
export interface DesktopNotifier {
  readonly name: string;
  notify(notification: DesktopNotification, signal?: AbortSignal): Promise<DeliveryOutcome>;
}

export const URGENCY: Record<AlertEvent['severity'], DesktopNotification['urgency']> = {
  info: 'low',
  warning: 'normal',
  critical: 'critical',
};

/**
 * A desktop notification is read away from the app: the title says what happened, and the body
 * also names the rule, so the user knows which of their rules spoke without opening the app.
 */
export function desktopNotification(
  event: Pick<AlertEvent, 'id' | 'title' | 'message' | 'ruleName' | 'severity' | 'source'>,
): DesktopNotification {
  const rule = event.ruleName.trim();
  // One notification standing for several rules (alerts/group-events.ts) names them all already.
  const named = rule !== '' && event.message.includes('Rules: ') && event.message.includes(rule);
  return {
    title: outwardTitle(event),
    body: rule && !named ? `${event.message}\nRule: ${rule}` : event.message,
    urgency: URGENCY[event.severity],
    tag: String(event.id),
  };
}

export function desktopChannel(notifier: DesktopNotifier): NotificationChannel {
  return {
    id: 'desktop',
    kind: 'desktop',
    deliver: (event, signal) => notifier.notify(desktopNotification(event), signal),
  };
}

/** In-app: the alert becomes a bridge event; the renderer shows it. */
export function inAppChannel(emit: (event: AlertEvent) => void): NotificationChannel {
  return {
    id: 'in_app',
    kind: 'in_app',
    async deliver(event) {
      try {
        emit(event);
        return { state: 'sent', attempts: 1 };
      } catch (error) {
        return {
          state: 'failed',
          attempts: 1,
          error: messageOf(error),
        };
      }
    },
  };
}

export function errorText(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}
