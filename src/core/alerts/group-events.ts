// One notification per ticker and change: when several rules match the same change of the same
// ticker in one evaluation (a "regime changes, all tickers" rule and a watchlist's own regime
// rule), the trader hears of it once. The alert history still keeps one event per rule (each rule's
// cooldown, its backtest and its "last fired" stay its own), but only the first event of the group
// is delivered, to the union of the group's channels, and its message names every rule; the
// others' deliveries are recorded as skipped, saying which event carried them.
import type { NewAlertEvent } from './engine.ts';
import type { DeliveryPlan } from './policy.ts';

const SEVERITY_RANK = { info: 0, warning: 1, critical: 2 } as const;

/**
 * What makes two events the same change: everything of the idempotency key but the rule, and for
 * level rules the level and its value, for threshold rules the threshold (two price rules at $600
 * and $610 crossed by one move are two changes; two flip rules crossed by it are one).
 */
export function changeKey(event: NewAlertEvent): string {
  const rest = event.idempotencyKey.replace(/^rule:\d+\|/, '');
  const level = event.details['level'];
  const value = event.details['level_value'];
  const threshold = event.details['threshold'];
  if (typeof threshold === 'number') return `${rest}|threshold|${threshold}`;
  if (typeof level !== 'string') return rest;
  return typeof value === 'number' ? `${rest}|${level}|${value}` : `${rest}|${level}`;
}

/** The plans of several events as one: per channel and target, a pending plan wins. */
function mergedPlans(events: readonly NewAlertEvent[]): DeliveryPlan[] {
  const out = new Map<string, DeliveryPlan>();
  for (const plan of events.flatMap((e) => e.deliveries)) {
    const key = `${plan.channel}|${plan.target ?? ''}`;
    const have = out.get(key);
    if (!have || (have.state === 'skipped' && plan.state === 'pending')) out.set(key, plan);
    else if (have.state === 'pending' && plan.state === 'pending' && plan.quietHours === 'passed')
      out.set(key, plan);
  }
  return [...out.values()];
}

export function groupByChange(events: readonly NewAlertEvent[]): NewAlertEvent[] {
  const groups = new Map<string, NewAlertEvent[]>();
  for (const e of events) {
    const key = changeKey(e);
    const group = groups.get(key);
    if (group) group.push(e);
    else groups.set(key, [e]);
  }
  const replaced = new Map<NewAlertEvent, NewAlertEvent>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    // The most severe rule's event carries the notification (the first of them on a tie).
    const primary = group.reduce((a, b) => (SEVERITY_RANK[b.severity] > SEVERITY_RANK[a.severity] ? b : a));
    const members = [primary, ...group.filter((e) => e !== primary)];
    const names = members.map((e) => e.ruleName);
    replaced.set(primary, {
      ...primary,
      message: `${primary.message} Rules: ${names.join('; ')}.`,
      details: { ...primary.details, rules: names, grouped_rule_ids: members.map((e) => e.ruleId) },
      deliveries: mergedPlans(members),
    });
    for (const e of group) {
      if (e === primary) continue;
      replaced.set(e, {
        ...e,
        details: { ...e.details, delivered_with_rule_id: primary.ruleId },
        deliveries: e.deliveries.map((plan) => ({
          ...plan,
          state: 'skipped',
          reason: `sent once with "${primary.ruleName}" (same change)`,
          quietHours: null,
        })),
      });
    }
  }
  return events.map((e) => replaced.get(e) ?? e);
}
