// An event as the outward channels send it: in the rule's own words when the rule has a template
// (an empty title or body keeps the built-in one), filled from the event and the ticker's signals
// snapshot stored at or before the event; and the digest that stands for several events.
import type { AlertEvent } from '../../shared/bridge/alerts.ts';
import { valueText } from '../../shared/alert-labels.ts';
import {
  renderTemplateText,
  type MessageTemplate,
  type TemplateValues,
} from '../../shared/alert-template.ts';
import { epochToNy } from '../../shared/market-calendar.ts';
import { number, text } from '../lib/payload-fields.ts';
import { isSimulated, SIMULATED_MARK, type OutgoingEvent } from './outgoing.ts';

const SEVERITY_TEXT: Record<AlertEvent['severity'], string> = {
  info: 'Info',
  warning: 'Warning',
  critical: 'Critical',
};
const SEVERITY_RANK: Record<AlertEvent['severity'], number> = { info: 0, warning: 1, critical: 2 };

/** "2026-05-12 14:32 ET": New York wall time, as the schedules and quiet hours read it. */
export function nyTimeText(epochMs: number): string {
  const { date, minutes } = epochToNy(epochMs);
  const whole = Math.floor(minutes);
  const hh = String(Math.floor(whole / 60)).padStart(2, '0');
  const mm = String(whole % 60).padStart(2, '0');
  return `${date} ${hh}:${mm} ET`;
}

/** "14:32": the time of a digest line. */
function nyClock(epochMs: number): string {
  return nyTimeText(epochMs).slice(11, 16);
}

const price = (v: number | null): string | null => (v === null ? null : v.toFixed(2));

/** The placeholders' values for an event; `signals` is the ticker's signals payload (or null). */
export function templateValues(event: AlertEvent, signals: unknown): TemplateValues {
  const regime = text(signals, 'regime_label');
  const tier = text(signals, 'opportunity_tier');
  return {
    ticker: event.ticker,
    title: event.title,
    price: price(number(signals, 'price')),
    flip: price(number(signals, 'gex_flip')),
    regime: regime === null ? null : valueText(regime),
    tier: tier === null ? null : valueText(tier),
    severity: SEVERITY_TEXT[event.severity],
    time: nyTimeText(Date.parse(event.asof)),
  };
}

/** The event with its title and text from the template (a blank part keeps the built-in one). */
export function templatedEvent(
  event: AlertEvent,
  template: MessageTemplate | null,
  values: TemplateValues,
): AlertEvent {
  if (!template) return event;
  const title = template.title.trim() ? renderTemplateText(template.title, values).trim() : '';
  const body = template.body.trim() ? renderTemplateText(template.body, values).trim() : '';
  return { ...event, title: title || event.title, message: body || event.message };
}

/**
 * One message for a digest window's events: the count, then one line per event, newest first;
 * the highest severity of them; the newest event's id and time (its idempotency key), and every
 * event's id for the footer and headers. A line from the simulator is marked as such, and so is
 * the digest when any of its events is (its title counts them when not all are).
 */
export function digestEvent(events: readonly OutgoingEvent[]): OutgoingEvent {
  const sorted = [...events].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id);
  const newest = sorted[0];
  if (!newest) throw new Error('a digest needs at least one event');
  const severity = sorted.reduce<AlertEvent['severity']>(
    (top, e) => (SEVERITY_RANK[e.severity] > SEVERITY_RANK[top] ? e.severity : top),
    'info',
  );
  const count = `${sorted.length} alert${sorted.length === 1 ? '' : 's'}`;
  const lines = sorted.map((e) => {
    const ticker = e.ticker && !e.title.includes(e.ticker) ? `${e.ticker} ` : '';
    const mark = isSimulated(e) && !e.title.startsWith(SIMULATED_MARK) ? `${SIMULATED_MARK} ` : '';
    return `${nyClock(Date.parse(e.createdAt))} ${mark}${ticker}${e.title}`;
  });
  const simulated = sorted.filter(isSimulated).length;
  const some = simulated > 0 && simulated < sorted.length ? ` (${simulated} simulated)` : '';
  return {
    ...newest,
    severity,
    source: { ...newest.source, simulated: simulated > 0 },
    title: `Gammawatch: ${count}${some}`,
    message: [count, ...lines].join('\n'),
    eventIds: sorted.map((e) => e.id),
  };
}
