// Bridge methods of alert rules and the notification channels they deliver to: the rules
// themselves (checked against the running app's universe and settings), a test of a webhook with
// a sample event, and a test message through Telegram, e-mail or Pushover.
import type { BridgeHandlers } from '../../../shared/bridge/contract.ts';
import type { AlertEvent, AlertSource } from '../../../shared/bridge/alerts.ts';
import { BridgeFailure } from '../../../shared/bridge/result.ts';
import type { BridgeApp } from '../bridge-app.ts';
import { postJson } from '../../notify/webhook.ts';
import { requestFor, testMessageKey, type WebhookTarget } from '../../notify/webhook-request.ts';
import { createRule, ruleUniverse, toBridgeRule, updateRule } from '../../queries/rules.ts';
import { iso } from '../../queries/snapshot-meta.ts';

export type RuleMethods =
  'rules:list' | 'rules:create' | 'rules:update' | 'rules:delete' | 'rules:testWebhook' | 'notify:test';

export type RuleContext = Pick<
  BridgeApp,
  'store' | 'source' | 'universe' | 'settings' | 'wallNow' | 'sendTestMessage' | 'webhookKeys'
>;

/** A sample from the source in use (from the simulator: marked simulated, as its alerts are). */
const SAMPLE_EVENT = (at: string, source: AlertSource): AlertEvent => ({
  id: 0,
  ruleId: null,
  ruleName: 'Webhook test',
  ticker: 'SPY',
  kind: 'regime_change',
  severity: 'info',
  title: 'Gammawatch test notification',
  message: 'If you can read this, the webhook works.',
  transition: { from: 'range_bound', to: 'trending_low_vol' },
  asof: at,
  endpoint: 'signals',
  source,
  createdAt: at,
  read: false,
  deliveries: [],
});

export function ruleHandlers(ctx: RuleContext): Pick<BridgeHandlers, RuleMethods> {
  const { store } = ctx;
  return {
    'rules:list': async () => store.alertRules.list().map(toBridgeRule),
    'rules:create': async (input) => createRule(store.alertRules, input, ruleUniverse(ctx)),
    'rules:update': async (input) => updateRule(store.alertRules, input, ruleUniverse(ctx)),
    'rules:delete': async ({ id }) => {
      if (!store.alertRules.delete(id)) throw new BridgeFailure('not_found', `no alert rule ${id}`);
      return { id };
    },
    'notify:test': async (input) => ctx.sendTestMessage(input),
    'rules:testWebhook': async (input) => {
      let target: WebhookTarget;
      if ('webhookId' in input) {
        const hook = ctx.settings().notifications.webhooks.find((w) => w.id === input.webhookId);
        if (!hook) throw new BridgeFailure('not_found', `no webhook '${input.webhookId}' in settings`);
        target = hook;
      } else target = input;
      const sample = SAMPLE_EVENT(iso(ctx.wallNow()), {
        id: ctx.source.id,
        label: ctx.source.label,
        simulated: ctx.source.simulated,
      });
      const result = await postJson(
        {
          ...requestFor(target, sample, testMessageKey()),
          signingKey: target.id === undefined ? null : ctx.webhookKeys.get(target.id),
        },
        {
          maxAttempts: 1,
          timeoutMs: 10_000,
        },
      );
      return {
        delivered: result.delivered,
        status: result.status,
        durationMs: result.durationMs,
        error: result.error,
      };
    },
  };
}
