// The one set of default settings (src/shared/bridge/settings.ts): valid under the bridge's schema,
// re-exported unchanged by the core, and what the app starts from.
import { describe, expect, it } from 'vitest';
import { SCREENER_PRESETS } from '../../../../src/shared/api/index.ts';
import { defaultSettings as coreDefaults } from '../../../../src/core/settings/schema.ts';
import { POLL_JOBS, defaultSettings, settingsSchema } from '../../../../src/shared/bridge/settings.ts';

describe('default settings', () => {
  it('parse under the bridge schema unchanged', () => {
    expect(settingsSchema.parse(defaultSettings)).toEqual(defaultSettings);
  });

  it('are the very object the core starts from', () => {
    expect(coreDefaults).toBe(defaultSettings);
  });

  it.each([
    ['a schedule for every poll job', Object.keys(defaultSettings.schedules).sort(), [...POLL_JOBS].sort()],
    ['every screener on', defaultSettings.screeners.enabled, [...SCREENER_PRESETS]],
    [
      'the local simulator, real-time clock',
      defaultSettings.dataSource,
      { kind: 'local', seed: 42, clock: 'real' },
    ],
    ['no webhooks', defaultSettings.notifications.webhooks, []],
    [
      'every snapshot for 30 days, one per 15 minutes until 180, a year in all',
      [defaultSettings.retention, defaultSettings.retentionDays],
      [{ fullDays: 30, quarterHourDays: 180 }, 365],
    ],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});
