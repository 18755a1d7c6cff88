// The one set of default settings (src/shared/bridge/settings.ts): valid under the bridge's schema,
// re-exported unchanged by the core, and the base of the fake bridge's settings.
import { describe, expect, it } from 'vitest';
import { SCREENER_PRESETS } from '../../../../src/shared/api/index.ts';
import { POLL_JOBS, defaultSettings, settingsSchema } from '../../../../src/shared/bridge/settings.ts';
import { defaultFakeSettings } from '../../../support/fake-bridge.ts';

describe('default settings', () => {
  it('parse under the bridge schema unchanged', () => {
    expect(settingsSchema.parse(defaultSettings)).toEqual(defaultSettings);
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
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('the fake bridge starts from them, with the fast clock, and a copy it may change', () => {
    const fake = defaultFakeSettings();
    expect(fake).toEqual({
      ...defaultSettings,
      dataSource: { ...defaultSettings.dataSource, clock: 'fast' },
    });
    fake.schedules.signals = '*/1 * * * *';
    fake.screeners.enabled.pop();
    expect(defaultSettings.schedules.signals).toBe('*/5 * * * *');
    expect(defaultSettings.screeners.enabled).toEqual([...SCREENER_PRESETS]);
  });
});
