// Alert rules and the alert history. New alerts arrive as events and appear at once.
import type { AlertRule, AlertRuleInput, AlertRulePatch } from '../../../shared/alert-rules.ts';
import type { AlertEvent, AlertsPage, AlertsQuery } from '../../../shared/bridge/alerts.ts';
import type { BridgeClient } from '../../lib/bridge-client.ts';
import { Resource } from '../../state/resource.svelte.ts';

export type AlertFilter = Pick<AlertsQuery, 'ticker' | 'kind' | 'severity' | 'unreadOnly'>;

export class AlertsState {
  readonly rules = new Resource<AlertRule[]>();
  readonly page = new Resource<AlertsPage>();
  #filter = $state<AlertFilter>({});
  readonly #bridge: BridgeClient;
  readonly #stops: (() => void)[] = [];
  readonly #onNew: (event: AlertEvent) => void;

  constructor(bridge: BridgeClient, onNew: (event: AlertEvent) => void = () => undefined) {
    this.#bridge = bridge;
    this.#onNew = onNew;
  }

  get filter(): AlertFilter {
    return this.#filter;
  }

  start(): void {
    this.#stops.push(
      this.#bridge.on('alert:new', (event) => {
        this.#onNew(event);
        const page = this.page.value;
        if (page && matches(event, this.#filter)) {
          this.page.set({
            items: [event, ...page.items].slice(0, 200),
            total: page.total + 1,
            unread: page.unread + 1,
          });
        }
      }),
    );
  }

  stop(): void {
    for (const stop of this.#stops.splice(0)) stop();
  }

  loadRules(): Promise<void> {
    return this.rules.load(() => this.#bridge.invoke('rules:list'));
  }

  loadHistory(): Promise<void> {
    return this.page.load(() => this.#bridge.invoke('alerts:list', { ...this.#filter, limit: 200 }));
  }

  setFilter(patch: AlertFilter): Promise<void> {
    this.#filter = { ...this.#filter, ...patch };
    return this.loadHistory();
  }

  async createRule(input: AlertRuleInput): Promise<AlertRule> {
    const rule = await this.#bridge.invoke('rules:create', input);
    this.rules.set([...(this.rules.value ?? []), rule]);
    return rule;
  }

  async updateRule(id: number, patch: AlertRulePatch['patch']): Promise<AlertRule> {
    const rule = await this.#bridge.invoke('rules:update', { id, patch });
    this.rules.set((this.rules.value ?? []).map((r) => (r.id === id ? rule : r)));
    return rule;
  }

  async deleteRule(id: number): Promise<void> {
    await this.#bridge.invoke('rules:delete', { id });
    this.rules.set((this.rules.value ?? []).filter((r) => r.id !== id));
  }

  testWebhook(webhookId: string) {
    return this.#bridge.invoke('rules:testWebhook', { webhookId });
  }

  async markRead(ids: number[] | 'all'): Promise<number> {
    const { updated } = await this.#bridge.invoke('alerts:markRead', ids === 'all' ? { all: true } : { ids });
    const page = this.page.value;
    if (page) {
      const items = page.items.map((a) => (ids === 'all' || ids.includes(a.id) ? { ...a, read: true } : a));
      this.page.set({ ...page, items, unread: Math.max(0, page.unread - updated) });
    }
    return updated;
  }
}

function matches(event: AlertEvent, filter: AlertFilter): boolean {
  return (
    (!filter.ticker || event.ticker === filter.ticker) &&
    (!filter.kind || event.kind === filter.kind) &&
    (!filter.severity || event.severity === filter.severity)
  );
}
