// What switches the data source while the app runs: a change of settings (a new data source is
// connected first, and only then saved and swapped in; a change of schedules reschedules the
// poller) and a new secret (the source in use that reads it reconnects with it). Both run one at a
// time with every other switch (ActiveSource.serially); new settings are announced on the event
// hub (`settings:changed`).
import type { AlertRuleBody } from '../../shared/alert-rules.ts';
import type { SecretName, SecretsStatus } from '../../shared/bridge/data-source.ts';
import type { DataSource, DataSourceKind } from '../../shared/bridge/settings.ts';
import { messageOf } from '../../shared/message-of.ts';
import type { ActiveSource } from './active-source.ts';
import type { EventHub } from '../events/event-hub.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import { settingsSchema, type Settings, type SettingsPatch } from '../settings/schema.ts';
import { mergePatch } from '../settings/merge.ts';
import { SourceError } from '../source/errors.ts';
import type { DataSourceOption } from '../source/option.ts';
import type { Store } from '../store/database.ts';

/** Which source reads which secret: a new secret reconnects the source that uses it. */
const SECRET_OF_KIND: Partial<Record<DataSourceKind, SecretName>> = {
  remote: 'remoteApiKey',
  tradier: 'tradierToken',
};

export interface SourceSwitchOptions {
  store: Store<AlertRuleBody>;
  active: ActiveSource;
  events: EventHub;
  secrets: SecretStore;
  /** The data source a setting names, as the app connects to it. */
  resolve(source: DataSource): DataSourceOption;
  /** The settings in force (the stored ones with this run's overrides). */
  settings(): Settings;
  /** Reads the settings in force again once a change is saved, and returns them. */
  reload(): Settings;
  /** The app is stopping or has stopped. */
  stopped(): boolean;
  log(message: string): void;
}

export class SourceSwitch {
  readonly #o: SourceSwitchOptions;

  constructor(options: SourceSwitchOptions) {
    this.#o = options;
  }

  /**
   * Applies and saves a change. A changed data source is switched to first (resolving once it
   * serves); if it cannot start, nothing is saved and the old source keeps running.
   */
  updateSettings(patch: SettingsPatch): Promise<Settings> {
    const { store, active, events, resolve, log } = this.#o;
    return active.serially(async () => {
      if (this.#o.stopped()) throw new Error('the app has stopped');
      const before = this.#o.settings();
      // Validated whole before anything starts or is saved (a ZodError answers invalid_input).
      const proposed = settingsSchema.parse(mergePatch(store.settings.getSettings(), patch));
      const switchTo =
        patch.dataSource !== undefined &&
        JSON.stringify(proposed.dataSource) !== JSON.stringify(before.dataSource)
          ? await active.connect(resolve(proposed.dataSource))
          : null;
      try {
        store.settings.updateSettings(patch);
      } catch (error) {
        await switchTo?.close();
        throw error;
      }
      const effective = this.#o.reload();
      if (switchTo) {
        log(`data source: switched to ${switchTo.label}`);
        await active.replace(switchTo);
        active.fromSetting = true;
      } else if (JSON.stringify(before.schedules) !== JSON.stringify(effective.schedules)) {
        active.current.poller.reschedule();
      }
      events.emit('settings:changed', effective);
      return effective;
    });
  }

  /** Stores (or forgets) a secret; the source in use that reads it reconnects with it. */
  setSecret(name: SecretName, value: string | null): Promise<SecretsStatus> {
    const { active, secrets, resolve } = this.#o;
    return active.serially(async () => {
      secrets.set(name, value);
      const c = active.current;
      // The source in use reads this secret: reconnect it with the new one (the setting is unchanged).
      if (SECRET_OF_KIND[c.kind] === name && !this.#o.stopped() && active.fromSetting) {
        let next;
        try {
          next = await active.connect(resolve(this.#o.settings().dataSource));
        } catch (error) {
          const message = `Saved; ${c.label} keeps running with the previous one: ${messageOf(error)}`;
          throw error instanceof SourceError ? new SourceError(error.code, message) : error;
        }
        await active.replace(next);
      }
      return secrets.status();
    });
  }
}
