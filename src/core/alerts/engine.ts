// Every enabled rule against one new snapshot: conditions, then scope, snooze and cooldown, then
// the delivery plan. Pure apart from the reads in `AlertContext`, which the caller backs with the
// store inside the same transaction that writes the snapshot, so events written for an earlier
// snapshot of the batch are already visible to the cooldown of a later one.
import type { AlertKind, AlertRuleBody, Severity } from '../../shared/alert-rules.ts';
import type { SnapshotEndpoint } from '../../shared/bridge/tickers.ts';
import { evaluateCondition, sourceOf, type AlertSnapshot, type ThresholdMemory } from './conditions.ts';
import {
  inCooldown,
  inScope,
  isSnoozed,
  planDeliveries,
  type ChannelSettings,
  type DeliveryPlan,
} from './policy.ts';
import { groupByChange } from './group-events.ts';
import {
  applyScreenerSnapshot,
  memoryMembership,
  type MembershipChange,
  type MembershipStore,
} from './screener-membership.ts';

export interface ActiveRule {
  id: number;
  name: string;
  enabled: boolean;
  body: AlertRuleBody;
}

export interface AlertContext {
  rules: readonly ActiveRule[];
  watchlistTickers(id: number): ReadonlySet<string>;
  /** asof (epoch ms) of the rule's latest event for the ticker, or null. */
  lastFiredAsof(ruleId: number, ticker: string): number | null;
  /** For threshold hysteresis: a stored value of the metric in (after, until] passes `test`. */
  sawValue(
    ticker: string,
    metric: string,
    after: number | null,
    until: number,
    test: (v: number) => boolean,
  ): boolean;
  /**
   * Stored snapshots of `curr`'s series (endpoint, ticker, params) before it, oldest first, for
   * the dwell of regime and tier rules. Absent (tests, a backtest without history): only the
   * previous and the new snapshot are known, so a dwell over one snapshot cannot confirm.
   */
  history?(curr: AlertSnapshot): readonly AlertSnapshot[];
  /**
   * The remembered screener membership (live: SQLite, per data source). Absent: one in memory for
   * the life of this context object (a backtest replays a series through one context).
   */
  membership?: MembershipStore;
  channels: ChannelSettings;
  wallNow: number;
}

/**
 * A rule's severity, except that a change to or from `unknown` (no data, not a market event) is
 * only ever info: "gamma regime positive → unknown" is not an emergency.
 */
export function severityOf(
  ruleSeverity: Severity,
  transition: { from: string | null; to: string | null },
): Severity {
  return transition.from === 'unknown' || transition.to === 'unknown' ? 'info' : ruleSeverity;
}

export interface NewAlertEvent {
  ruleId: number;
  ruleName: string;
  ticker: string;
  kind: AlertKind;
  severity: Severity;
  title: string;
  message: string;
  transition: { from: string | null; to: string | null };
  asof: number;
  endpoint: SnapshotEndpoint;
  /** Rule, ticker, transition and asof: re-polls, retries and restarts cannot write it twice. */
  idempotencyKey: string;
  details: Record<string, unknown>;
  deliveries: DeliveryPlan[];
}

export function idempotencyKey(parts: {
  ruleId: number;
  ticker: string;
  kind: string;
  discriminator: string;
  from: string | null;
  to: string | null;
  asof: number;
}): string {
  const { ruleId, ticker, kind, discriminator, from, to, asof } = parts;
  return `rule:${ruleId}|${ticker}|${kind}|${discriminator}|${from ?? ''}->${to ?? ''}|${new Date(asof).toISOString()}`;
}

/** Whether any enabled rule reads snapshots of this endpoint (skips the work otherwise). */
export function rulesWatch(rules: readonly ActiveRule[], endpoint: SnapshotEndpoint): boolean {
  return rules.some((r) => r.enabled && sourceOf(r.body.condition).endpoint === endpoint);
}

/** Membership for contexts that bring none, one per context object. */
const memoryMemberships = new WeakMap<AlertContext, MembershipStore>();

function membershipOf(ctx: AlertContext): MembershipStore {
  if (ctx.membership) return ctx.membership;
  let found = memoryMemberships.get(ctx);
  if (!found) {
    found = memoryMembership();
    memoryMemberships.set(ctx, found);
  }
  return found;
}

/**
 * The membership change a screener snapshot makes, applied once per snapshot (whether or not a
 * rule fires, so the memory follows the screener, not the rules); undefined for other snapshots.
 */
function screenerChangeOf(
  ctx: AlertContext,
  prev: AlertSnapshot | null,
  curr: AlertSnapshot,
): MembershipChange | null | undefined {
  const name = curr.params['name'];
  if (curr.endpoint !== 'screener' || !name) return undefined;
  const watched = ctx.rules.some(
    (r) =>
      r.enabled &&
      (r.body.condition.kind === 'screener_enter' || r.body.condition.kind === 'screener_exit') &&
      r.body.condition.screener === name,
  );
  if (!watched) return undefined;
  const earlier = (ctx.history?.(curr) ?? []).filter((s) => s.asof < curr.asof);
  if (prev && !earlier.some((s) => s.asof === prev.asof)) earlier.push(prev);
  earlier.sort((a, b) => a.asof - b.asof);
  return applyScreenerSnapshot(membershipOf(ctx), name, earlier, curr);
}

export function evaluateSnapshot(
  ctx: AlertContext,
  prev: AlertSnapshot | null,
  curr: AlertSnapshot,
): NewAlertEvent[] {
  const out: NewAlertEvent[] = [];
  const screenerChange = screenerChangeOf(ctx, prev, curr);
  // Firings of this very snapshot count for the cooldown of the ones after them.
  const firedNow = new Set<string>();
  for (const rule of ctx.rules) {
    if (!rule.enabled) continue;
    const { condition } = rule.body;
    if (sourceOf(condition).endpoint !== curr.endpoint) continue;
    const memory: ThresholdMemory = {
      lastFiredAsof: (ticker) => ctx.lastFiredAsof(rule.id, ticker),
      sawValue: (ticker, after, until, test) =>
        condition.kind === 'metric_threshold'
          ? ctx.sawValue(ticker, condition.metric, after, until, test)
          : false,
      history: () => ctx.history?.(curr) ?? [],
      ...(screenerChange === undefined ? {} : { screenerChange: () => screenerChange }),
    };
    for (const firing of evaluateCondition(condition, prev, curr, memory)) {
      if (!inScope(rule.body.scope, firing.ticker, ctx.watchlistTickers)) continue;
      if (isSnoozed(rule.body.snoozeUntil, ctx.wallNow)) continue;
      const mark = `${rule.id}|${firing.ticker}`;
      const last = firedNow.has(mark) ? curr.asof : ctx.lastFiredAsof(rule.id, firing.ticker);
      if (inCooldown(rule.body.cooldownMinutes, last, curr.asof)) continue;
      firedNow.add(mark);
      out.push({
        ruleId: rule.id,
        ruleName: rule.name,
        ticker: firing.ticker,
        kind: condition.kind,
        severity: severityOf(rule.body.severity, firing),
        title: firing.title,
        message: firing.message,
        transition: { from: firing.from, to: firing.to },
        asof: curr.asof,
        endpoint: curr.endpoint,
        idempotencyKey: idempotencyKey({
          ruleId: rule.id,
          ticker: firing.ticker,
          kind: condition.kind,
          discriminator: firing.discriminator,
          from: firing.from,
          to: firing.to,
          asof: curr.asof,
        }),
        details: firing.details,
        deliveries: planDeliveries(
          rule.body,
          ctx.channels,
          ctx.wallNow,
          severityOf(rule.body.severity, firing),
        ),
      });
    }
  }
  return groupByChange(out);
}
