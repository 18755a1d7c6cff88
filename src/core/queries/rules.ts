// Alert rules between the store (name and enabled as columns, the rest as validated JSON) and the
// bridge (one flat object with ISO times).
import type { AlertRule as BridgeRule, AlertRuleBody, AlertRuleInput } from '../../shared/alert-rules.ts';
import { alertRuleInputSchema, alertRuleBodySchema } from '../../shared/alert-rules.ts';
import type { BridgeParsedInput } from '../../shared/bridge.ts';
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

function body(input: Omit<ReturnType<typeof alertRuleInputSchema.parse>, 'name' | 'enabled'>): AlertRuleBody {
  return alertRuleBodySchema.parse({
    condition: input.condition,
    scope: input.scope,
    cooldownMinutes: input.cooldownMinutes,
    quietHours: input.quietHours,
    snoozeUntil: input.snoozeUntil,
    severity: input.severity,
    channels: input.channels,
  });
}

/**
 * Which tickers a rule may name: the data source's universe when it lists one (the local service,
 * a folder), or null for a remote source that does not, which then answers for itself.
 */
export type RuleUniverse = () => readonly { ticker: string }[] | null;

/** The universe check of the running app: its source's list, if that source keeps one. */
export function ruleUniverse(app: {
  source: { listsUniverse: boolean };
  universe(): readonly { ticker: string }[];
}): RuleUniverse {
  return () => (app.source.listsUniverse ? app.universe() : null);
}

/** A rule scoped to a ticker the source never serves would never fire: refuse it when saved. */
function checkScope(scope: AlertRuleBody['scope'], universe: RuleUniverse | undefined): void {
  if (scope.kind !== 'ticker' || !universe) return;
  const known = universe();
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
  return toBridgeRule(repo.create({ name: parsed.name, enabled: parsed.enabled, rule: body(parsed) }));
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
  // Only a changed scope is checked: an old rule whose ticker left the universe can still be
  // snoozed, renamed or switched off.
  if (rest.scope) checkScope(merged.scope, universe);
  const patch: { name?: string; enabled?: boolean; rule: AlertRuleBody } = { rule: merged };
  if (name !== undefined) patch.name = name;
  if (enabled !== undefined) patch.enabled = enabled;
  return toBridgeRule(repo.update(input.id, patch));
}
