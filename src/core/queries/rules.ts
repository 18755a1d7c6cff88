// Alert rules between the store (name and enabled as columns, the rest as validated JSON) and the
// bridge (one flat object with ISO times).
import type { AlertRule as BridgeRule, AlertRuleBody, AlertRuleInput } from '../../shared/alert-rules.ts';
import { alertRuleInputSchema, alertRuleBodySchema } from '../../shared/alert-rules.ts';
import type { BridgeParsedInput } from '../../shared/bridge/contract.ts';
import { BridgeFailure } from '../../shared/bridge/result.ts';
import type { AlertRule, AlertRuleRepository } from '../store/repositories/alert-rules.ts';
import { iso } from './snapshot-meta.ts';

export function toBridgeRule(r: AlertRule<AlertRuleBody>): BridgeRule {
  return {
    id: r.id,
    name: r.name,
    enabled: r.enabled,
    ...r.rule,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

type RuleBodyFields = Omit<ReturnType<typeof alertRuleInputSchema.parse>, 'name' | 'enabled'>;

/** A patch's field may arrive as undefined (spread over the stored rule); the body schema decides. */
function body(input: { [K in keyof RuleBodyFields]: RuleBodyFields[K] | undefined }): AlertRuleBody {
  return alertRuleBodySchema.parse({
    condition: input.condition,
    scope: input.scope,
    cooldownMinutes: input.cooldownMinutes,
    quietHours: input.quietHours,
    snoozeUntil: input.snoozeUntil,
    severity: input.severity,
    channels: input.channels,
    passQuietHours: input.passQuietHours,
    template: input.template,
  });
}

/**
 * Passing quiet hours is for critical rules only: checked on the whole rule as it would be saved
 * (a patch that lowers the severity of a rule marked to pass is refused as well).
 */
function checkQuietHoursPass(rule: AlertRuleBody): void {
  if (!rule.passQuietHours || rule.severity === 'critical') return;
  throw new BridgeFailure(
    'invalid_input',
    `Only a critical rule may pass quiet hours; this one is ${rule.severity}. Make it critical, or turn off "Deliver during quiet hours".`,
    [{ path: 'passQuietHours', message: 'only a critical rule may pass quiet hours' }],
  );
}

/**
 * What a rule's scope may name: the tickers of the data source's universe when it lists one (the
 * local service, a folder), or null for a remote source that does not, which then answers for
 * itself; and the watchlists that exist.
 */
export interface RuleUniverse {
  tickers(): readonly { ticker: string }[] | null;
  hasWatchlist(id: number): boolean;
  /** The webhook ids set up in settings; absent: not checked (callers without settings). */
  webhookIds?(): readonly string[];
}

/** The universe check of the running app: its source's list, if that source keeps one, and its store's watchlists. */
export function ruleUniverse(app: {
  source: { listsUniverse: boolean };
  universe(): readonly { ticker: string }[];
  store: { watchlists: { get(id: number): unknown } };
  settings?(): { notifications: { webhooks: readonly { id: string }[] } };
}): RuleUniverse {
  const universe: RuleUniverse = {
    tickers: () => (app.source.listsUniverse ? app.universe() : null),
    hasWatchlist: (id) => app.store.watchlists.get(id) !== undefined,
  };
  const settings = app.settings?.bind(app);
  if (settings) universe.webhookIds = () => settings().notifications.webhooks.map((w) => w.id);
  return universe;
}

/** An id as an error message may quote it: a crafted one can be 100,000 characters. */
function quoted(id: string): string {
  return JSON.stringify(id.length > 48 ? `${id.slice(0, 48)}…` : id);
}

/**
 * A rule that names a webhook settings do not have would never deliver there, silently: refuse it
 * when saved, as an unknown watchlist is. `kept` are ids the rule already had (an update): a
 * webhook deleted since does not block other edits of the rule.
 */
function checkWebhooks(
  channels: AlertRuleBody['channels'],
  universe: RuleUniverse | undefined,
  kept: readonly string[] = [],
): void {
  if (!universe?.webhookIds) return;
  const known = new Set(universe.webhookIds());
  const unknown = channels.webhookIds.filter((id) => !known.has(id) && !kept.includes(id));
  if (unknown.length === 0) return;
  const names = unknown.slice(0, 3).map(quoted).join(', ');
  throw new BridgeFailure(
    'invalid_input',
    `There is no webhook ${names} in Settings, so this rule would never deliver there. Add it under Settings → Notifications, or choose a configured webhook.`,
    unknown.slice(0, 3).map((id) => ({
      path: `channels.webhookIds.${channels.webhookIds.indexOf(id)}`,
      message: `no webhook ${quoted(id)}`,
    })),
  );
}

/** A rule scoped to a ticker the source never serves, or to a watchlist that does not exist, would never fire: refuse it when saved. */
function checkScope(scope: AlertRuleBody['scope'], universe: RuleUniverse | undefined): void {
  if (!universe) return;
  if (scope.kind === 'watchlist') {
    if (universe.hasWatchlist(scope.watchlistId)) return;
    throw new BridgeFailure(
      'invalid_input',
      `There is no watchlist ${scope.watchlistId}, so this rule would never fire. Choose an existing watchlist, a ticker or every ticker.`,
      [{ path: 'scope.watchlistId', message: `no watchlist ${scope.watchlistId}` }],
    );
  }
  if (scope.kind !== 'ticker') return;
  const known = universe.tickers();
  if (known === null || known.some((u) => u.ticker === scope.ticker)) return;
  throw new BridgeFailure(
    'invalid_input',
    `${scope.ticker} is not a ticker the data source covers, so this rule would never fire. Choose a listed ticker, a watchlist or every ticker.`,
    [{ path: 'scope.ticker', message: `${scope.ticker} is not in the universe` }],
  );
}

export function createRule(
  repo: AlertRuleRepository<AlertRuleBody>,
  input: AlertRuleInput,
  universe?: RuleUniverse,
): BridgeRule {
  const parsed = alertRuleInputSchema.parse(input);
  checkScope(parsed.scope, universe);
  const rule = body(parsed);
  checkWebhooks(rule.channels, universe);
  checkQuietHoursPass(rule);
  return toBridgeRule(repo.create({ name: parsed.name, enabled: parsed.enabled, rule }));
}

export function updateRule(
  repo: AlertRuleRepository<AlertRuleBody>,
  input: BridgeParsedInput<'rules:update'>,
  universe?: RuleUniverse,
): BridgeRule {
  const current = repo.get(input.id);
  if (!current) throw new BridgeFailure('not_found', `no alert rule ${input.id}`);
  const { name, enabled, ...rest } = input.patch;
  const merged = body({ ...current.rule, ...rest });
  // Only a changed scope is checked: an old rule whose ticker left the universe (or whose
  // watchlist was deleted) can still be snoozed, renamed or switched off.
  if (rest.scope) checkScope(merged.scope, universe);
  if (rest.channels) checkWebhooks(merged.channels, universe, current.rule.channels.webhookIds);
  checkQuietHoursPass(merged);
  const patch: { name?: string; enabled?: boolean; rule: AlertRuleBody } = { rule: merged };
  if (name !== undefined) patch.name = name;
  if (enabled !== undefined) patch.enabled = enabled;
  return toBridgeRule(repo.update(input.id, patch));
}
