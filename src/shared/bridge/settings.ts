// The user's settings as the bridge carries them. Secrets stay main-side: an API key is referenced
// by name, never sent to the renderer.
import { z } from 'zod';
import { screenerPresetSchema } from '../api/index.ts';
import { clockTimeSchema } from './common.ts';

export const THEMES = ['system', 'light', 'dark'] as const;
export const themeSchema = z.enum(THEMES);
export type Theme = z.infer<typeof themeSchema>;

export const CLOCK_MODES = ['real', 'fast'] as const;
export const clockModeSchema = z.enum(CLOCK_MODES);
export type ClockMode = z.infer<typeof clockModeSchema>;

export const dataSourceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('local'),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1),
    clock: clockModeSchema,
    /** A folder of imported chain files, served instead of the simulator. */
    chainsDir: z.string().min(1).optional(),
  }),
  z.object({
    kind: z.literal('remote'),
    baseUrl: z.url({ protocol: /^https?$/ }),
    /** Names where the API key is kept main-side (keychain, environment); the key never crosses the bridge. */
    apiKeyRef: z.string().min(1).max(200).optional(),
    demo: z.boolean(),
  }),
]);
export type DataSource = z.infer<typeof dataSourceSchema>;

/** Polling jobs, each on its own cron schedule. */
export const POLL_JOBS = [
  'signals',
  'market_structure',
  'screeners',
  'top_setups',
  'income',
  'curves',
  'series',
] as const;
export const pollJobSchema = z.enum(POLL_JOBS);
export type PollJob = z.infer<typeof pollJobSchema>;

/**
 * Five or six space-separated cron fields. The shape only: the main side validates the expression
 * with node-cron, which the renderer cannot load.
 */
export const cronSchema = z
  .string()
  .trim()
  .regex(/^\S+(\s+\S+){4,5}$/, 'expected a cron expression of 5 or 6 fields, e.g. */5 * * * *');

export const schedulesSchema = z.object(
  Object.fromEntries(POLL_JOBS.map((job) => [job, cronSchema])) as Record<PollJob, typeof cronSchema>,
);
export type Schedules = z.infer<typeof schedulesSchema>;

export const WEBHOOK_PRESETS = ['generic', 'discord', 'slack', 'ntfy'] as const;
export const webhookSchema = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'a webhook id is up to 40 lower-case letters, digits, - or _'),
  url: z.url({ protocol: /^https?$/ }),
  preset: z.enum(WEBHOOK_PRESETS),
  enabled: z.boolean(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/**
 * The user's settings, section by section, in the same shape the core stores them
 * (src/core/settings/schema.ts), so the core passes them through unchanged. Cron expressions are
 * checked for shape here and for meaning main-side.
 */
export const settingsSchema = z.object({
  dataSource: dataSourceSchema,
  schedules: schedulesSchema,
  screeners: z.object({ enabled: z.array(screenerPresetSchema) }),
  polling: z.object({
    /** Keep polling while the market is closed. */
    outsideMarketHours: z.boolean(),
  }),
  notifications: z.object({ desktop: z.boolean(), webhooks: z.array(webhookSchema).max(20) }),
  /** Desktop and webhook deliveries are held in this daily window; end before start spans midnight. */
  quietHours: z.object({ enabled: z.boolean(), start: clockTimeSchema, end: clockTimeSchema }),
  theme: themeSchema,
  retentionDays: z.number().int().min(1).max(3650),
  /** Where the database and exports live; null means the platform's app-data folder. */
  dataFolder: z.string().min(1).nullable(),
});
export type Settings = z.infer<typeof settingsSchema>;

/** `settings:update`: any sections, each given whole. */
export const settingsPatchSchema = settingsSchema
  .partial()
  .refine((p) => Object.keys(p).length > 0, 'nothing to update');
export type SettingsPatch = z.input<typeof settingsPatchSchema>;
