// Bridge methods of the settings: read them, and apply a change (a new data source switches live).
import type { BridgeHandlers } from '../../../shared/bridge/contract.ts';
import type { BridgeApp } from '../bridge-app.ts';

export type SettingsMethods = 'settings:get' | 'settings:update';

export type SettingsContext = Pick<BridgeApp, 'settings' | 'updateSettings'>;

export function settingsHandlers(ctx: SettingsContext): Pick<BridgeHandlers, SettingsMethods> {
  return {
    'settings:get': async () => ctx.settings(),
    'settings:update': async (patch) => ctx.updateSettings(patch),
  };
}
