// The app's settings as the core stores them: the bridge's schema (src/shared/bridge/settings.ts),
// the one definition, with node-cron's check of every schedule added (the renderer checks their
// shape only), and one set of defaults that work with no setup at all (the local simulated market,
// every screener on, desktop notifications on, no webhooks). Each top-level key is a section, stored
// as one row, so that an unreadable section falls back to its defaults without taking the others.
import { validate as isValidCron } from 'node-cron';
import { SCREENER_PRESETS } from '../../shared/api/index.ts';
import {
  POLL_JOBS,
  cronSchema as cronShapeSchema,
  schedulesSchema as scheduleShapesSchema,
  settingsSchema as bridgeSettingsSchema,
  type PollJob,
  type Settings,
} from '../../shared/bridge/settings.ts';

export {
  dataSourceSchema,
  notificationsSchema,
  quietHoursSchema,
  type DataSource,
  type Settings,
  type Webhook,
} from '../../shared/bridge/settings.ts';

/** A cron expression node-cron accepts (5 or 6 fields), on top of the bridge's shape check. */
export const cronSchema = cronShapeSchema.refine((expression) => isValidCron(expression), {
  message: 'not a valid cron expression (node-cron syntax)',
});

export const schedulesSchema = scheduleShapesSchema.extend(
  Object.fromEntries(POLL_JOBS.map((job) => [job, cronSchema])) as Record<PollJob, typeof cronSchema>,
);

export const settingsSchema = bridgeSettingsSchema.extend({ schedules: schedulesSchema });

export type SettingsSection = keyof Settings;

export const settingsSections = Object.keys(settingsSchema.shape) as SettingsSection[];

export const defaultSettings: Settings = {
  dataSource: { kind: 'local', seed: 42, clock: 'real' },
  schedules: {
    signals: '*/5 * * * *',
    market_structure: '*/15 * * * *',
    screeners: '*/15 * * * *',
    top_setups: '*/15 * * * *',
    income: '0 * * * *',
    curves: '*/30 * * * *',
    series: '30 16 * * 1-5',
  },
  screeners: { enabled: [...SCREENER_PRESETS] },
  polling: { outsideMarketHours: false },
  notifications: { desktop: true, webhooks: [] },
  quietHours: { enabled: false, start: '22:00', end: '07:00' },
  theme: 'system',
  retentionDays: 365,
  dataFolder: null,
};

/** A change to settings: any subset of sections, objects partially, lists whole. */
export type SettingsPatch = { [K in SettingsSection]?: DeepPartial<Settings[K]> };

export type DeepPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;
