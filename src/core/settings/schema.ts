// The app's settings as the core stores them: the bridge's schema and defaults
// (src/shared/bridge/settings.ts), the one definition, with node-cron's check of every schedule
// added (the renderer checks their shape only). Each top-level key is a section, stored as one
// row, so that an unreadable section falls back to its defaults without taking the others.
import { validate as isValidCron } from 'node-cron';
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
  defaultSettings,
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

/** A change to settings: any subset of sections, objects partially, lists whole. */
export type SettingsPatch = { [K in SettingsSection]?: DeepPartial<Settings[K]> | undefined };

export type DeepPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;
