// The alert-rule editor's model: a draft of plain form values, turned into a rule input by the
// shared schema, so the editor accepts exactly what the core accepts. Errors come back keyed by
// the form field that should show them.
import { levelLabel, levelText, valueText } from '../../../shared/alert-labels.ts';
import {
  alertRuleInputSchema,
  DEFAULT_DWELL,
  DEFAULT_LEVEL_BUFFER,
  type AlertCondition,
  type AlertKind,
  type AlertRule,
  type AlertRuleInput,
  type Severity,
} from '../../../shared/alert-rules.ts';
import { formatThreshold, thresholdScale, thresholdShown } from '../../../shared/figure-format.ts';
import { labelOf } from '../ticker/field-labels.ts';

/** What each kind of rule is called in the editor. */
export const KIND_LABELS: Readonly<Record<AlertKind, string>> = {
  regime_change: 'Regime changes',
  tier_change: 'Opportunity tier changes',
  income_tier_change: 'Income tier changes',
  gamma_regime_change: 'Gamma regime changes',
  screener_enter: 'Ticker enters a screener',
  screener_exit: 'Ticker leaves a screener',
  metric_threshold: 'A metric crosses a value',
  level_cross: 'Spot crosses a price level',
  earnings_approaching: 'Earnings approach',
};

/** Kinds whose changes must hold for a minimum dwell. */
export const DWELL_KINDS: ReadonlySet<AlertKind> = new Set([
  'regime_change',
  'tier_change',
  'income_tier_change',
  'gamma_regime_change',
]);

export interface RuleDraft {
  name: string;
  enabled: boolean;
  kind: AlertKind;
  /** regime_change / gamma_regime_change: the new labels to watch for (empty: any). */
  toLabels: string[];
  /** Regime and tier rules: how long a new value must hold (see dwellSchema). */
  dwellSnapshots: string;
  dwellMinutes: string;
  tierDirection: 'any' | 'upgrade' | 'downgrade' | 'to';
  tier: string;
  incomeStrategy: '' | 'cc' | 'csp';
  screener: string;
  metric: string;
  op: 'above' | 'below';
  value: string;
  hysteresis: string;
  level: string;
  /** The price of a custom level. */
  levelPrice: string;
  crossDirection: 'up' | 'down' | 'any';
  /** Level and gamma-regime rules: spot must be this % of spot beyond the level (see levelBufferSchema). */
  bufferPct: string;
  /** Level rules: for this many snapshots in a row. */
  bufferSnapshots: string;
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
  telegram: boolean;
  email: boolean;
  pushover: boolean;
  /** Critical rules only: deliver through quiet hours; sent as false for any other severity. */
  passQuietHours: boolean;
  /** The message template; both empty: the built-in wording (no template). */
  templateTitle: string;
  templateBody: string;
}

export function emptyDraft(): RuleDraft {
  return {
    name: '',
    enabled: true,
    kind: 'regime_change',
    toLabels: [],
    dwellSnapshots: String(DEFAULT_DWELL.snapshots),
    dwellMinutes: String(DEFAULT_DWELL.minutes),
    tierDirection: 'any',
    tier: 'high',
    incomeStrategy: '',
    screener: 'momentum_breakout',
    metric: 'iv_rank',
    op: 'above',
    value: '',
    hysteresis: '0',
    level: 'gamma_flip',
    levelPrice: '',
    crossDirection: 'any',
    // A new flip or level rule starts with a buffer: a whipsaw across the level is not news.
    bufferPct: String(DEFAULT_LEVEL_BUFFER.pct),
    bufferSnapshots: String(DEFAULT_LEVEL_BUFFER.snapshots),
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
    telegram: false,
    email: false,
    pushover: false,
    passQuietHours: false,
    templateTitle: '',
    templateBody: '',
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
    telegram: rule.channels.telegram,
    email: rule.channels.email,
    pushover: rule.channels.pushover,
    passQuietHours: rule.passQuietHours,
    templateTitle: rule.template?.title ?? '',
    templateBody: rule.template?.body ?? '',
    scopeKind: rule.scope.kind,
    scopeTicker: rule.scope.kind === 'ticker' ? rule.scope.ticker : '',
    scopeWatchlistId: rule.scope.kind === 'watchlist' ? String(rule.scope.watchlistId) : '',
  };
  if ('dwell' in c) {
    draft.dwellSnapshots = String(c.dwell.snapshots);
    draft.dwellMinutes = String(c.dwell.minutes);
  }
  switch (c.kind) {
    case 'regime_change':
      draft.toLabels = [...(c.to ?? [])];
      break;
    case 'gamma_regime_change':
      draft.toLabels = [...(c.to ?? [])];
      // A rule saved without a buffer shows none (0 %), as it runs.
      draft.bufferPct = String(c.buffer?.pct ?? 0);
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
      // Typed and shown in the figure's own unit (an IV in percent), stored in the API's.
      draft.value = String(thresholdShown(c.metric, c.value));
      draft.hysteresis = String(thresholdShown(c.metric, c.hysteresis));
      break;
    case 'level_cross':
      draft.level = c.level;
      draft.levelPrice = c.price === undefined ? '' : String(c.price);
      draft.crossDirection = c.direction;
      draft.bufferPct = String(c.buffer?.pct ?? 0);
      draft.bufferSnapshots = String(c.buffer?.snapshots ?? 1);
      break;
    case 'earnings_approaching':
      draft.days = String(c.days);
      break;
  }
  return draft;
}

/** The condition object for the draft's kind (not yet validated). */
function conditionOf(d: RuleDraft): Record<string, unknown> {
  const dwell = { snapshots: numberOrNaN(d.dwellSnapshots), minutes: numberOrNaN(d.dwellMinutes) };
  switch (d.kind) {
    case 'regime_change':
      return d.toLabels.length ? { kind: d.kind, dwell, to: d.toLabels } : { kind: d.kind, dwell };
    case 'gamma_regime_change': {
      const pct = numberOrNaN(d.bufferPct || '0');
      return {
        kind: d.kind,
        dwell,
        ...(d.toLabels.length ? { to: d.toLabels } : {}),
        ...(pct === 0 ? {} : { buffer: { pct } }),
      };
    }
    case 'tier_change':
      return {
        kind: d.kind,
        dwell,
        direction: d.tierDirection,
        ...(d.tierDirection === 'to' ? { tier: d.tier } : {}),
      };
    case 'income_tier_change':
      return {
        kind: d.kind,
        dwell,
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
        value: numberOrNaN(d.value) / thresholdScale(d.metric),
        hysteresis: numberOrNaN(d.hysteresis || '0') / thresholdScale(d.metric),
      };
    case 'level_cross': {
      const buffer = {
        pct: numberOrNaN(d.bufferPct || '0'),
        snapshots: numberOrNaN(d.bufferSnapshots || '1'),
      };
      // 0 % and 1 snapshot is no buffer: saved without one, as rules made before buffers are.
      const none = buffer.pct === 0 && buffer.snapshots === 1;
      return {
        kind: d.kind,
        level: d.level,
        ...(d.level === 'custom' ? { price: numberOrNaN(d.levelPrice) } : {}),
        direction: d.crossDirection,
        ...(none ? {} : { buffer }),
      };
    }
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
    channels: {
      desktop: d.desktop,
      inApp: d.inApp,
      webhookIds: d.webhookIds,
      telegram: d.telegram,
      email: d.email,
      pushover: d.pushover,
    },
    // Hidden for other severities, so never sent for them (the core refuses it there).
    passQuietHours: d.severity === 'critical' && d.passQuietHours,
    template:
      d.templateTitle.trim() === '' && d.templateBody.trim() === ''
        ? null
        : { title: d.templateTitle, body: d.templateBody },
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
      price: 'levelPrice',
    };
    if (sub === 'dwell') return path[2] === 'minutes' ? 'dwellMinutes' : 'dwellSnapshots';
    if (sub === 'buffer') return path[2] === 'snapshots' ? 'bufferSnapshots' : 'bufferPct';
    return map[sub ?? ''] ?? 'kind';
  }
  if (head === 'scope') return sub === 'watchlistId' ? 'scopeWatchlistId' : 'scopeTicker';
  if (head === 'quietHours') return 'quietHours';
  if (head === 'template') return sub === 'title' ? 'templateTitle' : 'templateBody';
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
      return (
        (c.to?.length ? `Regime changes to ${c.to.map(valueText).join(' or ')}` : 'Regime changes') +
        dwellText(c.dwell)
      );
    case 'gamma_regime_change':
      return (
        (c.to?.length
          ? `Gamma regime turns ${c.to.map((v) => valueText(v).toLowerCase()).join(' or ')}`
          : 'Gamma regime changes') +
        dwellText(c.dwell) +
        (c.buffer?.pct ? `, ${c.buffer.pct}% past the flip` : '')
      );
    case 'tier_change':
      return tierText('Opportunity tier', c.direction, c.tier) + dwellText(c.dwell);
    case 'income_tier_change':
      return (
        tierText(
          c.strategy === 'cc'
            ? 'Covered-call tier'
            : c.strategy === 'csp'
              ? 'Cash-secured-put tier'
              : 'Income tier',
          c.direction,
          c.tier,
        ) + dwellText(c.dwell)
      );
    case 'screener_enter':
      return `Enters ${valueText(c.screener)}`;
    case 'screener_exit':
      return `Leaves ${valueText(c.screener)}`;
    case 'metric_threshold':
      return `${labelOf(c.metric)} crosses ${c.op} ${formatThreshold(c.metric, c.value)}${c.hysteresis ? ` (±${formatThreshold(c.metric, c.hysteresis)})` : ''}`;
    case 'level_cross': {
      const level = c.level === 'custom' ? levelText(c.level, c.price) : levelText(c.level);
      const way = c.direction === 'up' ? ' going up' : c.direction === 'down' ? ' going down' : '';
      const buffer = c.buffer
        ? `, ${[c.buffer.pct ? `${c.buffer.pct}% past it` : '', c.buffer.snapshots > 1 ? `${c.buffer.snapshots} snapshots` : ''].filter(Boolean).join(' / ')}`
        : '';
      return `Spot crosses ${c.level === 'custom' ? '' : 'the '}${level}${way}${buffer}`;
    }
    case 'earnings_approaching':
      return `Earnings within ${c.days} day${c.days === 1 ? '' : 's'}`;
  }
}

/** The dwell, briefly: "held 2 snapshots / 15 min"; nothing when it is off. */
export function dwellText(dwell: { snapshots: number; minutes: number }): string {
  if (dwell.snapshots <= 1 && dwell.minutes <= 0) return '';
  const parts = [`${dwell.snapshots} snapshot${dwell.snapshots === 1 ? '' : 's'}`];
  if (dwell.minutes > 0) parts.push(`${dwell.minutes} min`);
  return `, held ${parts.join(' / ')}`;
}

/** A level as the editor lists it. */
export function levelOptionLabel(level: Parameters<typeof levelLabel>[0]): string {
  return level === 'custom' ? 'Custom price…' : levelLabel(level);
}

/**
 * "Snoozed until 14:30" in local time, with the date when it is not today ("Snoozed until
 * Mar 12, 09:00"); null when not snoozed (none, past, or unreadable).
 */
export function snoozeText(snoozeUntil: string | null, now: Date = new Date()): string | null {
  if (!snoozeUntil) return null;
  const until = new Date(snoozeUntil);
  if (!Number.isFinite(until.getTime()) || until.getTime() <= now.getTime()) return null;
  const time = until.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });
  const sameDay = until.toDateString() === now.toDateString();
  if (sameDay) return `Snoozed until ${time}`;
  const date = until.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(until.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
  return `Snoozed until ${date}, ${time}`;
}

function tierText(what: string, direction: string, tier: string | undefined): string {
  if (direction === 'to') return `${what} becomes ${tier ? valueText(tier).toLowerCase() : '?'}`;
  if (direction === 'any') return `${what} changes`;
  return `${what} ${direction}s`;
}

/**
 * What a draft's buffer does, in one sentence under its fields: "Fires only when spot is 0.25 %
 * beyond the gamma flip for 2 snapshots in a row; crossing back must clear the same band." Null
 * for kinds without a buffer; unreadable numbers say so instead of guessing.
 */
export function bufferSentence(d: RuleDraft): string | null {
  if (d.kind !== 'level_cross' && d.kind !== 'gamma_regime_change') return null;
  const pct = Number(d.bufferPct.trim() === '' ? '0' : d.bufferPct);
  if (!Number.isFinite(pct) || pct < 0) return 'Enter the buffer as a percentage of spot, e.g. 0.25.';
  if (d.kind === 'gamma_regime_change') {
    if (pct === 0)
      return 'No buffer: the regime counts on every snapshot, however close spot is to the flip.';
    const n = Number(d.dwellSnapshots);
    const minutes = Number(d.dwellMinutes);
    const held =
      Number.isInteger(n) && n > 1
        ? ` for ${n} snapshots in a row${Number.isFinite(minutes) && minutes > 0 ? ` (and ${minutes} min)` : ''}`
        : '';
    return `Fires only when spot is ${pct}% beyond the flip${held}; snapshots closer to the flip do not count either way, so a whipsaw across it fires nothing.`;
  }
  const snapshots = Number(d.bufferSnapshots.trim() === '' ? '1' : d.bufferSnapshots);
  if (!Number.isInteger(snapshots) || snapshots < 1)
    return 'Enter the snapshots as a whole number, 1 or more.';
  const level =
    d.level === 'custom'
      ? d.levelPrice.trim() || 'the price'
      : `the ${levelText(d.level as Parameters<typeof levelText>[0])}`;
  if (pct === 0 && snapshots === 1) return `No buffer: fires as soon as spot changes sides of ${level}.`;
  const beyond = pct > 0 ? `${pct}% beyond ${level}` : `beyond ${level}`;
  const held = snapshots > 1 ? ` for ${snapshots} snapshots in a row` : '';
  return `Fires only when spot is ${beyond}${held}; crossing back must clear the same band.`;
}
