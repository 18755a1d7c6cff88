// When a condition that held becomes an event, and which channels hear of it.
//
// - Scope: a rule watches one ticker, one watchlist, or everything polled.
// - Snooze (wall time): a snoozed rule is evaluated but records nothing.
// - Cooldown (market time, the snapshots' asof): after firing for a ticker, a rule stays quiet
//   for that ticker for `cooldownMinutes`. Market time makes the decision a pure function of the
//   data, so re-evaluating the same snapshots after a crash decides the same way.
// - Quiet hours (New York wall time, may wrap midnight): the event is recorded and shown in the
//   app, but outward deliveries are skipped with that reason (held), unless a critical rule is
//   marked to pass quiet hours (passed).
import type { AlertChannels, AlertRuleBody, AlertScope, QuietHours } from '../../shared/alert-rules.ts';
import { MESSAGE_CHANNELS, type MessageChannel } from '../../shared/bridge/settings.ts';
import { epochToNy } from '../../shared/market-calendar.ts';

export function inScope(
  scope: AlertScope,
  ticker: string,
  watchlistTickers: (id: number) => ReadonlySet<string>,
): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'ticker':
      return scope.ticker === ticker;
    case 'watchlist':
      return watchlistTickers(scope.watchlistId).has(ticker);
  }
}

export function isSnoozed(snoozeUntil: string | null, wallNow: number): boolean {
  if (snoozeUntil === null) return false;
  const until = Date.parse(snoozeUntil);
  return Number.isFinite(until) && until > wallNow;
}

export function inCooldown(cooldownMinutes: number, lastFiredAsof: number | null, asof: number): boolean {
  if (cooldownMinutes <= 0 || lastFiredAsof === null) return false;
  return asof - lastFiredAsof < cooldownMinutes * 60_000 && asof >= lastFiredAsof;
}

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Whether `epochMs` falls in the window, in New York time; `start > end` wraps past midnight. */
export function inQuietHours(quiet: QuietHours | null, epochMs: number): boolean {
  if (!quiet) return false;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return false;
  const now = Math.floor(epochToNy(epochMs).minutes);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

export type DeliveryChannel = 'desktop' | 'webhook' | 'in_app' | MessageChannel;

export type DeliveryPlan = {
  channel: DeliveryChannel;
  /** Webhook id for webhook deliveries. */
  target: string | null;
  /** `skipped` deliveries carry why (quiet hours, channel disabled, unknown webhook). */
  state: 'pending' | 'skipped';
  reason: string | null;
  /** held: skipped for quiet hours; passed: a critical rule delivers through them; null: not in force. */
  quietHours: 'held' | 'passed' | null;
};

export const QUIET_HOURS_REASON = 'quiet hours';

export interface ChannelSettings {
  desktop: boolean;
  inApp: boolean;
  webhooks: readonly { id: string; enabled: boolean }[];
  quietHours: QuietHours | null;
  /** Telegram, e-mail, Pushover: 'off' when set up but disabled, absent (or null) when not set up. */
  messages?: Partial<Record<MessageChannel, 'on' | 'off' | null>>;
}

const MESSAGE_LABEL: Record<MessageChannel, string> = {
  telegram: 'Telegram',
  email: 'E-mail',
  pushover: 'Pushover',
};

/**
 * One row per channel the rule names, pending or skipped with a reason. Inside quiet hours the
 * outward channels (desktop, webhooks, Telegram, e-mail, Pushover) are held, unless the rule is
 * marked to pass them and this event is critical (`severity`: the event's, which a change to or
 * from "unknown" lowers to info). In-app is never held: the app is where a held alert is read.
 */
export function planDeliveries(
  rule: Pick<AlertRuleBody, 'channels' | 'quietHours'> &
    Partial<Pick<AlertRuleBody, 'passQuietHours' | 'severity'>>,
  settings: ChannelSettings,
  wallNow: number,
  severity: AlertRuleBody['severity'] = rule.severity ?? 'info',
): DeliveryPlan[] {
  const channels: AlertChannels = rule.channels;
  const quiet = inQuietHours(rule.quietHours, wallNow) || inQuietHours(settings.quietHours, wallNow);
  const passes = quiet && rule.passQuietHours === true && severity === 'critical';
  const plans: DeliveryPlan[] = [];
  const outward = (
    channel: Exclude<DeliveryChannel, 'in_app'>,
    target: string | null,
    enabled: boolean,
    disabledReason: string,
  ) => {
    if (!enabled) plans.push({ channel, target, state: 'skipped', reason: disabledReason, quietHours: null });
    else if (quiet && !passes)
      plans.push({ channel, target, state: 'skipped', reason: QUIET_HOURS_REASON, quietHours: 'held' });
    else
      plans.push({ channel, target, state: 'pending', reason: null, quietHours: passes ? 'passed' : null });
  };
  if (channels.inApp) {
    plans.push(
      settings.inApp
        ? { channel: 'in_app', target: null, state: 'pending', reason: null, quietHours: null }
        : {
            channel: 'in_app',
            target: null,
            state: 'skipped',
            reason: 'in-app notifications are off',
            quietHours: null,
          },
    );
  }
  if (channels.desktop) outward('desktop', null, settings.desktop, 'desktop notifications are off');
  for (const id of channels.webhookIds) {
    const hook = settings.webhooks.find((w) => w.id === id);
    if (!hook)
      plans.push({
        channel: 'webhook',
        target: id,
        state: 'skipped',
        reason: `no webhook '${id}' in settings`,
        quietHours: null,
      });
    else outward('webhook', id, hook.enabled, 'webhook disabled');
  }
  for (const channel of MESSAGE_CHANNELS) {
    if (!channels[channel]) continue;
    const state = settings.messages?.[channel] ?? null;
    const label = MESSAGE_LABEL[channel];
    outward(
      channel,
      null,
      state === 'on',
      state === 'off' ? `${label} is turned off in settings` : `${label} is not set up in settings`,
    );
  }
  return plans;
}
