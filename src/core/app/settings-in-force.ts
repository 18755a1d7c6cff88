// The settings in force: the stored ones with this run's overrides (a command line's) applied
// over them, read again once a change is saved.
import type { SettingsRepository } from '../store/repositories/settings.ts';
import { mergePatch } from '../settings/merge.ts';
import { settingsSchema, type Settings, type SettingsPatch } from '../settings/schema.ts';

export class SettingsInForce {
  readonly #stored: Pick<SettingsRepository, 'getSettings'>;
  readonly #overrides: SettingsPatch;
  #current: Settings;

  constructor(stored: Pick<SettingsRepository, 'getSettings'>, overrides: SettingsPatch) {
    this.#stored = stored;
    this.#overrides = overrides;
    this.#current = this.#read();
  }

  current(): Settings {
    return this.#current;
  }

  /** Reads them again (a change was saved), and returns them. */
  reload(): Settings {
    this.#current = this.#read();
    return this.#current;
  }

  #read(): Settings {
    return settingsSchema.parse(mergePatch(this.#stored.getSettings(), this.#overrides));
  }
}
