// The alert-rule editor's model: a draft of plain form values, turned into a rule input by the
// shared schema, so the editor accepts exactly what the core accepts. Errors come back keyed by
// the form field that should show them.
import {
  alertRuleInputSchema,
  type AlertCondition,
  type AlertKind,
  type AlertRule,
  type AlertRuleInput,
  type Severity,
} from '../../shared/alert-rules.ts';
import { humanize } from './format.ts';

export interface RuleDraft {
  name: string;
  enabled: boolean;
  kind: AlertKind;
  /** regime_change / gamma_regime_change: the new labels to watch for (empty: any). */
  toLabels: string[];
  tierDirection: 'any' | 'upgrade' | 'downgrade' | 'to';
  tier: string;
  incomeStrategy: '' | 'cc' | 'csp';
  screener: string;
  metric: string;
  op: 'above' | 'below';
  value: string;
  hysteresis: string;
  level: string;
  crossDirection: 'up' | 'down' | 'any';
  days: string;
  scopeKind: 'all' | 'watchlist' | 'ticker';
  scopeTicker: string;
  scopeWatchlistId: string;
  severity: Severity;
  cooldownMinutes: string;
  quietEnabled: boolean;
  quietStart: string;
  quietEnd: string;
  /** `YYYY-MM-DDTHH:MM` from a datetime-local input, local time; empty: not snoozed. */
  snoozeUntil: string;
  desktop: boolean;
  inApp: boolean;
  webhookIds: string[];
}

export function emptyDraft(): RuleDraft {
  return {
    name: '',
    enabled: true,
    kind: 'regime_change',
    toLabels: [],
    tierDirection: 'any',
    tier: 'high',
    incomeStrategy: '',
    screener: 'momentum_breakout',
    metric: 'iv_rank',
    op: 'above',
    value: '',
    hysteresis: '0',
    level: 'gamma_flip',
    crossDirection: 'any',
    days: '5',
    scopeKind: 'all',
    scopeTicker: '',
    scopeWatchlistId: '',
    severity: 'info',
    cooldownMinutes: '60',
    quietEnabled: false,
    quietStart: '22:00',
    quietEnd: '07:00',
    snoozeUntil: '',
    desktop: true,
    inApp: true,
    webhookIds: [],
  };
}

export function draftFromRule(rule: AlertRule): RuleDraft {
  const d = emptyDraft();
  const c = rule.condition;
  const draft: RuleDraft = {
    ...d,
    name: rule.name,
    enabled: rule.enabled,
    kind: c.kind,
    severity: rule.severity,
    cooldownMinutes: String(rule.cooldownMinutes),
    quietEnabled: rule.quietHours !== null,
    quietStart: rule.quietHours?.start ?? d.quietStart,
    quietEnd: rule.quietHours?.end ?? d.quietEnd,
    snoozeUntil: rule.snoozeUntil ? toLocalInput(rule.snoozeUntil) : '',
    desktop: rule.channels.desktop,
    inApp: rule.channels.inApp,
    webhookIds: [...rule.channels.webhookIds],
    scopeKind: rule.scope.kind,
    scopeTicker: rule.scope.kind === 'ticker' ? rule.scope.ticker : '',
    scopeWatchlistId: rule.scope.kind === 'watchlist' ? String(rule.scope.watchlistId) : '',
  };
  switch (c.kind) {
    case 'regime_change':
    case 'gamma_regime_change':
      draft.toLabels = [...(c.to ?? [])];
      break;
    case 'tier_change':
      draft.tierDirection = c.direction;
      draft.tier = c.tier ?? d.tier;
      break;
    case 'income_tier_change':
      draft.tierDirection = c.direction;
      draft.tier = c.tier ?? d.tier;
      draft.incomeStrategy = c.strategy ?? '';
      break;
    case 'screener_enter':
    case 'screener_exit':
      draft.screener = c.screener;
      break;
    case 'metric_threshold':
      draft.metric = c.metric;
      draft.op = c.op;
      draft.value = String(c.value);
      draft.hysteresis = String(c.hysteresis);
      break;
    case 'level_cross':
      draft.level = c.level;
      draft.crossDirection = c.direction;
      break;
    case 'earnings_approaching':
      draft.days = String(c.days);
      break;
  }
  return draft;
}

/** The condition object for the draft's kind (not yet validated). */
function conditionOf(d: RuleDraft): Record<string, unknown> {
  switch (d.kind) {
    case 'regime_change':
    case 'gamma_regime_change':
      return d.toLabels.length ? { kind: d.kind, to: d.toLabels } : { kind: d.kind };
    case 'tier_change':
      return {
        kind: d.kind,
        direction: d.tierDirection,
        ...(d.tierDirection === 'to' ? { tier: d.tier } : {}),
      };
    case 'income_tier_change':
      return {
        kind: d.kind,
        direction: d.tierDirection,
        ...(d.tierDirection === 'to' ? { tier: d.tier } : {}),
        ...(d.incomeStrategy ? { strategy: d.incomeStrategy } : {}),
      };
    case 'screener_enter':
    case 'screener_exit':
      return { kind: d.kind, screener: d.screener };
    case 'metric_threshold':
      return {
        kind: d.kind,
        metric: d.metric,
        op: d.op,
        value: numberOrNaN(d.value),
        hysteresis: numberOrNaN(d.hysteresis || '0'),
      };
    case 'level_cross':
      return { kind: d.kind, level: d.level, direction: d.crossDirection };
    case 'earnings_approaching':
      return { kind: d.kind, days: numberOrNaN(d.days) };
  }
}

export type DraftResult = { ok: true; value: AlertRuleInput } | { ok: false; errors: Record<string, string> };

/** Validates the draft with the shared rule schema; error keys name the form fields. */
export function draftToInput(d: RuleDraft): DraftResult {
  const scope =
    d.scopeKind === 'ticker'
      ? { kind: 'ticker', ticker: d.scopeTicker }
      : d.scopeKind === 'watchlist'
        ? { kind: 'watchlist', watchlistId: Number(d.scopeWatchlistId) }
        : { kind: 'all' };
  const candidate = {
    name: d.name,
    enabled: d.enabled,
    condition: conditionOf(d),
    scope,
    cooldownMinutes: numberOrNaN(d.cooldownMinutes),
    quietHours: d.quietEnabled ? { start: d.quietStart, end: d.quietEnd } : null,
    snoozeUntil: d.snoozeUntil ? fromLocalInput(d.snoozeUntil) : null,
    severity: d.severity,
    channels: { desktop: d.desktop, inApp: d.inApp, webhookIds: d.webhookIds },
  };
  const parsed = alertRuleInputSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = fieldFor(issue.path.map(String));
    errors[field] ??= issue.message.startsWith('Invalid input: expected number, received NaN')
      ? 'enter a number'
      : issue.message;
  }
  return { ok: false, errors };
}

/** Which form field shows an issue at a schema path. */
function fieldFor(path: string[]): string {
  const [head, sub] = path;
  if (head === 'condition') {
    const map: Record<string, string> = {
      value: 'value',
      hysteresis: 'hysteresis',
      days: 'days',
      tier: 'tier',
      metric: 'metric',
    };
    return map[sub ?? ''] ?? 'kind';
  }
  if (head === 'scope') return sub === 'watchlistId' ? 'scopeWatchlistId' : 'scopeTicker';
  if (head === 'quietHours') return 'quietHours';
  return head ?? 'form';
}

function numberOrNaN(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** ISO instant → the local `YYYY-MM-DDTHH:MM` a datetime-local input shows. */
export function toLocalInput(iso: string): string {
  const t = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}T${pad(t.getHours())}:${pad(t.getMinutes())}`;
}

/** A datetime-local value (local time) → ISO instant; invalid text stays invalid for the schema. */
export function fromLocalInput(value: string): string {
  const t = new Date(value);
  return Number.isFinite(t.getTime()) ? t.toISOString() : value;
}

/** One line describing what a rule watches, for the rule list. */
export function describeCondition(c: AlertCondition): string {
  switch (c.kind) {
    case 'regime_change':
      return c.to?.length ? `Regime changes to ${c.to.map(humanize).join(' or ')}` : 'Regime label changes';
    case 'gamma_regime_change':
      return c.to?.length ? `Gamma regime turns ${c.to.join(' or ')}` : 'Gamma regime changes';
    case 'tier_change':
      return tierText('Opportunity tier', c.direction, c.tier);
    case 'income_tier_change':
      return tierText(
        `${c.strategy ? c.strategy.toUpperCase() + ' income' : 'Income'} tier`,
        c.direction,
        c.tier,
      );
    case 'screener_enter':
      return `Enters ${humanize(c.screener)}`;
    case 'screener_exit':
      return `Leaves ${humanize(c.screener)}`;
    case 'metric_threshold':
      return `${c.metric} crosses ${c.op} ${c.value}${c.hysteresis ? ` (±${c.hysteresis})` : ''}`;
    case 'level_cross':
      return `Price crosses ${humanize(c.level).replace('sigma', 'σ')}${c.direction === 'any' ? '' : ` going ${c.direction}`}`;
    case 'earnings_approaching':
      return `Earnings within ${c.days} day${c.days === 1 ? '' : 's'}`;
  }
}

function tierText(what: string, direction: string, tier: string | undefined): string {
  if (direction === 'to') return `${what} becomes ${tier ?? '?'}`;
  if (direction === 'any') return `${what} changes`;
  return `${what} ${direction}s`;
}
