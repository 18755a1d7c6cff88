// The rules a new user starts with: regime and opportunity-tier changes on every ticker. Scope
// `all` (there is no "every watchlist" scope), so the names say "all tickers": in practice these
// are the watchlists' tickers, the only ones polled per ticker.
import { alertRuleInputSchema, type AlertRuleInput } from '../../shared/alert-rules.ts';

export const DEFAULT_RULES: readonly AlertRuleInput[] = [
  {
    name: 'Regime changes, all tickers',
    condition: { kind: 'regime_change' },
    scope: { kind: 'all' },
    cooldownMinutes: 30,
    severity: 'warning',
  },
  {
    name: 'Opportunity tier changes, all tickers',
    condition: { kind: 'tier_change', direction: 'any' },
    scope: { kind: 'all' },
    cooldownMinutes: 30,
    severity: 'info',
  },
].map((rule) => alertRuleInputSchema.parse(rule));
