// A delivery of an alert as the alert history shows it: the channel by name, what happened to it,
// and the two things quiet hours and digests add ("Held (quiet hours)", "In digest until 14:45").
import type { Delivery } from '../../../shared/bridge/alerts.ts';

export const DELIVERY_CHANNEL_NAMES: Readonly<Record<Delivery['channel'], string>> = {
  desktop: 'Desktop',
  webhook: 'Webhook',
  in_app: 'In app',
  telegram: 'Telegram',
  email: 'E-mail',
  pushover: 'Pushover',
};

const STATE_TEXT: Readonly<Record<Delivery['state'], string>> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Skipped',
};

/** HH:MM in New York time, as every other time of the alert history. */
const hhmm = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "Telegram", "Webhook discord", "In app". */
export function deliveryName(d: Pick<Delivery, 'channel' | 'target'>): string {
  const name = DELIVERY_CHANNEL_NAMES[d.channel];
  return d.channel === 'webhook' && d.target ? `${name} ${d.target}` : name;
}

/**
 * What a delivery's chip adds after the channel name: quiet hours first (a held alert is why
 * nothing arrived), then the digest; null when neither applies.
 */
export function deliveryNote(d: Pick<Delivery, 'quietHours' | 'digestUntil'>): string | null {
  if (d.quietHours === 'held') return 'Held (quiet hours)';
  const notes: string[] = [];
  if (d.quietHours === 'passed') notes.push('Passed quiet hours');
  if (d.digestUntil) {
    const t = Date.parse(d.digestUntil);
    if (Number.isFinite(t)) notes.push(`In digest until ${hhmm.format(t)} ET`);
  }
  return notes.length > 0 ? notes.join(' · ') : null;
}

/** The chip's tooltip: every detail, the error included. */
export function deliveryTitle(d: Delivery): string {
  const parts = [`${deliveryName(d)}: ${STATE_TEXT[d.state]}`];
  if (d.attempts > 1) parts.push(`${d.attempts} attempts`);
  const note = deliveryNote(d);
  if (note) parts.push(note);
  if (d.lastError) parts.push(d.lastError);
  return parts.join(' — ');
}
