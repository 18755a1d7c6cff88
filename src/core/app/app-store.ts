// The app's database as createApp opens it: alert rules checked with their schema, the wall clock
// and the secret redactor for what it stores, and on a first run (a new database) the default
// alert rules.
import { alertRuleBodySchema, type AlertRuleBody } from '../../shared/alert-rules.ts';
import { DEFAULT_RULES } from '../alerts/default-rules.ts';
import { openDatabase, type Store } from '../store/database.ts';

export interface AppStoreOptions {
  now(): number;
  /** Text the store keeps (a poll's errors) without any stored secret. */
  redactText(text: string): string;
}

/** Opens `file`; a new database gets the default rules (closed again if that fails). */
export function openAppStore(file: string, options: AppStoreOptions): Store<AlertRuleBody> {
  const store = openDatabase<AlertRuleBody>(file, {
    ruleSchema: alertRuleBodySchema,
    now: options.now,
    redactText: options.redactText,
  });
  try {
    if (store.migration.from === 0)
      for (const rule of DEFAULT_RULES)
        store.alertRules.create({ name: rule.name, rule: alertRuleBodySchema.parse(rule) });
  } catch (error) {
    store.close();
    throw error;
  }
  return store;
}
