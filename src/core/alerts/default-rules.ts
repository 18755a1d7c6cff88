// The rules a new user starts with: regime and opportunity-tier changes on what they watch. Only
// watchlist tickers are polled per ticker, so scope `all` means "my watchlists" without tying the
// rules to one list's id.
import { alertRuleInputSchema, type AlertRuleInput } from '../../shared/alert-rules.ts';

export const DEFAULT_RULES: readonly AlertRuleInput[] = [
  {
    name: 'Regime changes on my watchlists',
    condition: { kind: 'regime_change' },
    scope: { kind: 'all' },
    cooldownMinutes: 30,
    severity: 'warning',
  },
  {
    name: 'Opportunity tier changes on my watchlists',
    condition: { kind: 'tier_change', direction: 'any' },
    scope: { kind: 'all' },
    cooldownMinutes: 30,
    severity: 'info',
  },
].map((rule) => alertRuleInputSchema.parse(rule));
