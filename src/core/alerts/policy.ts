// When a condition that held becomes an event, and which channels hear of it.
//
// - Scope: a rule watches one ticker, one watchlist, or everything polled.
// - Snooze (wall time): a snoozed rule is evaluated but records nothing.
// - Cooldown (market time, the snapshots' asof): after firing for a ticker, a rule stays quiet
//   for that ticker for `cooldownMinutes`. Market time makes the decision a pure function of the
//   data, so re-evaluating the same snapshots after a crash decides the same way.
// - Quiet hours (New York wall time, may wrap midnight): the event is recorded and shown in the
//   app, but desktop and webhook deliveries are skipped with that reason.
import type { AlertChannels, AlertRuleBody, AlertScope, QuietHours } from '../../shared/alert-rules.ts';
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

export type DeliveryPlan = {
  channel: 'desktop' | 'webhook' | 'in_app';
  /** Webhook id for webhook deliveries. */
  target: string | null;
  /** `skipped` deliveries carry why (quiet hours, channel disabled, unknown webhook). */
  state: 'pending' | 'skipped';
  reason: string | null;
};

export interface ChannelSettings {
  desktop: boolean;
  inApp: boolean;
  webhooks: readonly { id: string; enabled: boolean }[];
  quietHours: QuietHours | null;
}

/** One row per channel the rule names, pending or skipped with a reason. */
export function planDeliveries(
  rule: Pick<AlertRuleBody, 'channels' | 'quietHours'>,
  settings: ChannelSettings,
  wallNow: number,
): DeliveryPlan[] {
  const channels: AlertChannels = rule.channels;
  const quiet = inQuietHours(rule.quietHours, wallNow) || inQuietHours(settings.quietHours, wallNow);
  const plans: DeliveryPlan[] = [];
  const outward = (
    channel: 'desktop' | 'webhook',
    target: string | null,
    enabled: boolean,
    disabledReason: string,
  ) => {
    if (!enabled) plans.push({ channel, target, state: 'skipped', reason: disabledReason });
    else if (quiet) plans.push({ channel, target, state: 'skipped', reason: 'quiet hours' });
    else plans.push({ channel, target, state: 'pending', reason: null });
  };
  if (channels.inApp) {
    plans.push(
      settings.inApp
        ? { channel: 'in_app', target: null, state: 'pending', reason: null }
        : { channel: 'in_app', target: null, state: 'skipped', reason: 'in-app notifications are off' },
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
      });
    else outward('webhook', id, hook.enabled, 'webhook disabled');
  }
  return plans;
}
