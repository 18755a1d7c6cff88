// The app's settings: one zod schema, one set of defaults that work with no setup at all (the
// local simulated market, every screener on, desktop notifications on, no webhooks). Each
// top-level key is a section, stored as one row, so that an unreadable section falls back to its
// defaults without taking the others with it.
import { validate as isValidCron } from 'node-cron';
import { z } from 'zod';

export const screenerNames = [
  'momentum_breakout',
  'capitulation_reversal',
  'range_premium_seller',
  'trend_pullback',
  'highvol_breakdown',
] as const;
export type ScreenerName = (typeof screenerNames)[number];

/** The poller's scheduled jobs. */
export const scheduleJobs = [
  'signals',
  'market_structure',
  'screeners',
  'top_setups',
  'income',
  'curves',
  'series',
] as const;
export type ScheduleJob = (typeof scheduleJobs)[number];

export const cronSchema = z
  .string()
  .trim()
  .refine((expression) => isValidCron(expression), {
    message: 'not a valid cron expression (node-cron syntax)',
  });

const httpUrl = z.url({ protocol: /^https?$/, message: 'an http:// or https:// address' });

export const localSourceSchema = z.strictObject({
  kind: z.literal('local'),
  /** Seed of the market simulator: the same seed gives the same market. */
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
  /** real: simulated time follows the wall clock; fast: it runs ahead, for demos and tests. */
  clock: z.enum(['real', 'fast']),
  /** A folder of imported chain files (Cboe quotedata.csv or delayed-quotes JSON) to serve instead of the simulator. */
  chainsDir: z.string().min(1).optional(),
});

export const remoteSourceSchema = z.strictObject({
  kind: z.literal('remote'),
  /** Ends in the version segment, e.g. https://api.example.com/api/v2; a trailing slash is dropped. */
  baseUrl: httpUrl.transform((url) => url.replace(/\/+$/, '')),
  /**
   * A reference to the API key, not the key: the key lives in the OS keychain (Electron's
   * safeStorage) or the environment, under this name.
   */
  apiKeyRef: z.string().min(1).max(200).optional(),
  /** Send X-Svc-Demo: 1 (the demo symbols need no key). */
  demo: z.boolean(),
});

export const dataSourceSchema = z.discriminatedUnion('kind', [localSourceSchema, remoteSourceSchema]);

/** Cron expressions (node-cron, 5 or 6 fields) per job, read in New York time by the poller. */
export const schedulesSchema = z.strictObject(
  Object.fromEntries(scheduleJobs.map((job) => [job, cronSchema])) as Record<ScheduleJob, typeof cronSchema>,
);

export const webhookPresets = ['generic', 'discord', 'slack', 'ntfy'] as const;

export const webhookSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'a webhook id is up to 40 lower-case letters, digits, - or _'),
  url: httpUrl,
  preset: z.enum(webhookPresets),
  enabled: z.boolean(),
});

export const notificationsSchema = z.strictObject({
  desktop: z.boolean(),
  webhooks: z
    .array(webhookSchema)
    .max(20)
    .refine((hooks) => new Set(hooks.map((h) => h.id)).size === hooks.length, {
      message: 'webhook ids must be unique',
    }),
});

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time is HH:MM, 00:00 to 23:59');

/** Notifications are held (kept in-app, not sent) from start to end, local time; end before start spans midnight. */
export const quietHoursSchema = z.strictObject({
  enabled: z.boolean(),
  start: clockTime,
  end: clockTime,
});

export const settingsSchema = z.strictObject({
  dataSource: dataSourceSchema,
  schedules: schedulesSchema,
  screeners: z.strictObject({
    enabled: z
      .array(z.enum(screenerNames))
      .refine((names) => new Set(names).size === names.length, { message: 'each screener at most once' }),
  }),
  polling: z.strictObject({
    /** Keep polling when the market is closed (data changes little then). */
    outsideMarketHours: z.boolean(),
  }),
  notifications: notificationsSchema,
  quietHours: quietHoursSchema,
  theme: z.enum(['light', 'dark', 'system']),
  /** Snapshots older than this are deleted (daily chart points are kept). */
  retentionDays: z.number().int().min(1).max(3650),
  /** Where the database and exports live; null means the platform's app-data folder. */
  dataFolder: z.string().min(1).nullable(),
});

export type Settings = z.output<typeof settingsSchema>;
export type SettingsSection = keyof Settings;
export type DataSource = Settings['dataSource'];
export type Webhook = z.output<typeof webhookSchema>;

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
  screeners: { enabled: [...screenerNames] },
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
