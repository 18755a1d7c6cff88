// What every outward message is built from: an alert event (its title and text already in the
// rule's own words, see outgoing-event.ts), or a digest standing for several events. Each message
// names the events it carries, so a receiver (or the trader) can tell a retry from a new alert:
// a text footer for Telegram and Pushover, the Message-ID and X-Gammawatch-Event for e-mail.
import type { AlertEvent } from '../../shared/bridge/alerts.ts';

/** An event as sent; a digest lists every event it stands for in `eventIds`, newest first. */
export type OutgoingEvent = AlertEvent & { readonly eventIds?: readonly number[] };

export function eventIdsOf(event: OutgoingEvent): readonly number[] {
  return event.eventIds && event.eventIds.length > 0 ? event.eventIds : [event.id];
}

/** "Gammawatch event 42" / "Gammawatch events 44, 43, 42": the line that makes a retry recognisable. */
export function eventFooter(event: OutgoingEvent): string {
  const ids = eventIdsOf(event);
  return `Gammawatch event${ids.length === 1 ? '' : 's'} ${ids.join(', ')}`;
}

/** `<gammawatch-<id>-<created ms>@gammawatch>`: the same on every retry of one event's message. */
export function messageIdOf(event: Pick<AlertEvent, 'id' | 'createdAt'>): string {
  const created = Date.parse(event.createdAt);
  return Number.isFinite(created)
    ? `<gammawatch-${event.id}-${created}@gammawatch>`
    : `<gammawatch-${event.id}@gammawatch>`;
}

/** The text of a message: the event's text, then the footer. */
export function messageText(event: OutgoingEvent): string {
  const body = event.message.trim();
  return body ? `${body}\n\n${eventFooter(event)}` : eventFooter(event);
}

/** `text` cut to `max` characters (a service refuses longer ones), with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
