// What every outward message is built from: an alert event (its title and text already in the
// rule's own words, see outgoing-event.ts), or a digest standing for several events. Each message
// names the events it carries, so a receiver (or the trader) can tell a retry from a new alert:
// a text footer for Telegram and Pushover, the Message-ID and X-Gammawatch-Event for e-mail.
// The simulator's figures come under real tickers and look like market prices: a message raised
// from them says so in its title ("[Simulated] SPY …") and, where it has a text, in a line of it,
// from the source recorded with the event (a retry after a switch of source still says so).
import type { TemplateValues } from '../../shared/alert-template.ts';
import type { AlertEvent } from '../../shared/bridge/alerts.ts';
import type { AlertFacts } from './alert-facts.ts';

/**
 * An event as sent; a digest lists every event it stands for in `eventIds`, newest first. `facts`:
 * its figures as fields, `values`: its template placeholders' values (outgoing-event.ts reads both
 * from the store; absent: none known).
 */
export type OutgoingEvent = AlertEvent & {
  readonly eventIds?: readonly number[];
  readonly facts?: AlertFacts;
  readonly values?: TemplateValues;
};

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

/** The word that marks a message built from the simulator's figures, at the start of its title. */
export const SIMULATED_MARK = '[Simulated]';

/** The line a message's text carries when its figures are the simulator's. */
export const SIMULATED_NOTE = "Simulated data (Gammawatch's built-in market simulator), not market prices.";

/** Whether the event was raised from the simulator's figures (a digest: any of its events). */
export function isSimulated(event: Pick<AlertEvent, 'source'>): boolean {
  return event.source.simulated;
}

/** The title as it leaves the app: "[Simulated] SPY spot rose above the gamma flip" from the simulator. */
export function outwardTitle(event: Pick<AlertEvent, 'source' | 'title'>): string {
  return isSimulated(event) && !event.title.startsWith(SIMULATED_MARK)
    ? `${SIMULATED_MARK} ${event.title}`
    : event.title;
}

/** The text of a message: the event's text, the simulated note where it applies, then the footer. */
export function messageText(event: OutgoingEvent): string {
  const parts = [event.message.trim(), isSimulated(event) ? SIMULATED_NOTE : '', eventFooter(event)];
  return parts.filter((p) => p !== '').join('\n\n');
}

/** `text` cut to `max` characters (a service refuses longer ones), with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
