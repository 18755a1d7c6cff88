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

export function createRule(repo: AlertRuleRepository<AlertRuleBody>, input: AlertRuleInput): BridgeRule {
  const parsed = alertRuleInputSchema.parse(input);
  return toBridgeRule(repo.create({ name: parsed.name, enabled: parsed.enabled, rule: body(parsed) }));
}

export function updateRule(
  repo: AlertRuleRepository<AlertRuleBody>,
  input: BridgeParsedInput<'rules:update'>,
): BridgeRule {
  const current = repo.get(input.id);
  if (!current) throw new BridgeFailure('not_found', `no alert rule ${input.id}`);
  const { name, enabled, ...rest } = input.patch;
  const merged = body({ ...current.rule, ...rest });
  const patch: { name?: string; enabled?: boolean; rule: AlertRuleBody } = { rule: merged };
  if (name !== undefined) patch.name = name;
  if (enabled !== undefined) patch.enabled = enabled;
  return toBridgeRule(repo.update(input.id, patch));
}
