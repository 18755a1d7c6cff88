// Bridge methods of the data source: its problems, a test of another source without switching,
// and the secrets (API key, Tradier token) sources read; and the webhooks' signing keys, which the
// app makes itself.
import type { BridgeHandlers } from '../../../shared/bridge/contract.ts';
import type { BridgeApp } from '../bridge-app.ts';

export type SourceMethods =
  | 'source:problems'
  | 'source:test'
  | 'secrets:status'
  | 'secrets:set'
  | 'webhooks:signingKeys'
  | 'webhooks:signingKey';

export type SourceContext = Pick<
  BridgeApp,
  'sourceProblems' | 'testSource' | 'secretsStatus' | 'setSecret' | 'webhookKeys'
>;

export function sourceHandlers(ctx: SourceContext): Pick<BridgeHandlers, SourceMethods> {
  return {
    'source:problems': async () => ctx.sourceProblems(),
    'source:test': async (source) => ctx.testSource(source),
    'secrets:status': async () => ctx.secretsStatus(),
    'secrets:set': async ({ name, value }) => ctx.setSecret(name, value),
    'webhooks:signingKeys': async () => ctx.webhookKeys.status(),
    'webhooks:signingKey': async ({ webhookId, action }) => {
      let key: string | null = null;
      if (action === 'generate') key = ctx.webhookKeys.generate(webhookId);
      else ctx.webhookKeys.forget(webhookId);
      return { webhookId, key, keys: ctx.webhookKeys.status() };
    },
  };
}
