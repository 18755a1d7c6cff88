// Alert events (what fired) and their deliveries. Rules themselves are in ../alert-rules.ts.
import { z } from 'zod';
import { ALERT_KINDS, severitySchema } from '../alert-rules.ts';
import { idSchema, isoTimeSchema, tickerSchema } from './common.ts';
import {
  emailSettingsSchema,
  pushoverSettingsSchema,
  telegramSettingsSchema,
  webhookPresetSchema,
  webhookSchema,
  webhookUrlSchema,
} from './settings.ts';
import { snapshotEndpointSchema } from './tickers.ts';

export const DELIVERY_CHANNELS = ['desktop', 'webhook', 'in_app', 'telegram', 'email', 'pushover'] as const;
export const DELIVERY_STATES = ['pending', 'sent', 'failed', 'skipped'] as const;

export const deliverySchema = z.object({
  channel: z.enum(DELIVERY_CHANNELS),
  /** The webhook id for webhook deliveries. */
  target: z.string().nullable(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int().min(0),
  lastError: z.string().nullable(),
  /**
   * held: quiet hours kept it back (state skipped); passed: a critical rule marked to pass quiet
   * hours delivered it inside them; null: quiet hours did not apply.
   */
  quietHours: z.enum(['held', 'passed']).nullable().default(null),
  /** Grouped into a digest that goes out at this time (null: sent on its own). */
  digestUntil: isoTimeSchema.nullable().default(null),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const alertKindSchema = z.enum(ALERT_KINDS);

/**
 * The data source whose snapshot raised an event, as it was then: a message built from it says
 * "Simulated" when that source was the simulator, whatever source is in use when it is delivered.
 */
export const alertSourceSchema = z.object({
  /** The source's identity, e.g. `simulator:42:real`, `folder:/home/me/chains`, `remote:https://…`. */
  id: z.string(),
  /** For people, e.g. "Local simulator (seed 42)", "Chain folder (/home/me/chains)". */
  label: z.string(),
  /** The figures are the market simulator's, not market prices. */
  simulated: z.boolean(),
});
export type AlertSource = z.infer<typeof alertSourceSchema>;

export const alertEventSchema = z.object({
  id: idSchema,
  ruleId: idSchema.nullable(),
  /** The rule's name when it fired (the rule may since be renamed or deleted). */
  ruleName: z.string(),
  ticker: z.string().nullable(),
  kind: alertKindSchema,
  severity: severitySchema,
  /** One line for the notification title, e.g. "SPY gamma regime: positive → negative". */
  title: z.string(),
  message: z.string(),
  transition: z.object({ from: z.string().nullable(), to: z.string().nullable() }).nullable(),
  /** The snapshot that triggered it: open the ticker at this instant to see what was seen. */
  asof: isoTimeSchema,
  endpoint: snapshotEndpointSchema.nullable(),
  /** The data source of that snapshot. */
  source: alertSourceSchema,
  createdAt: isoTimeSchema,
  read: z.boolean(),
  deliveries: z.array(deliverySchema),
});
export type AlertEvent = z.infer<typeof alertEventSchema>;

export const alertsListInputSchema = z.object({
  ticker: tickerSchema.optional(),
  ruleId: idSchema.optional(),
  kind: alertKindSchema.optional(),
  severity: severitySchema.optional(),
  unreadOnly: z.boolean().optional(),
  from: isoTimeSchema.optional(),
  to: isoTimeSchema.optional(),
  limit: z.number().int().min(1).max(500).default(100),
  offset: z.number().int().min(0).default(0),
});
export type AlertsQuery = z.input<typeof alertsListInputSchema>;

export const alertsListOutputSchema = z.object({
  items: z.array(alertEventSchema),
  /** Matching the filters, ignoring limit/offset. */
  total: z.number().int().min(0),
  /** Unread events overall (for the sidebar badge). */
  unread: z.number().int().min(0),
});
export type AlertsPage = z.infer<typeof alertsListOutputSchema>;

export const markReadInputSchema = z.union([
  z.object({ ids: z.array(idSchema).min(1).max(1000) }),
  z.object({ all: z.literal(true) }),
]);

export const testWebhookInputSchema = z.union([
  /** A webhook saved in settings. */
  z.object({ webhookId: z.string().min(1) }),
  /**
   * An unsaved one from the settings form, with its headers when it has some; with its id, it is
   * signed with the key made for that id, if any.
   */
  z.object({
    id: webhookSchema.shape.id.optional(),
    url: webhookUrlSchema,
    preset: webhookPresetSchema,
    headers: webhookSchema.shape.headers.optional(),
    bodyTemplate: webhookSchema.shape.bodyTemplate.optional(),
  }),
]);

export const testWebhookOutputSchema = z.object({
  delivered: z.boolean(),
  status: z.number().int().nullable(),
  durationMs: z.number().min(0),
  error: z.string().nullable(),
});

/**
 * `notify:test`: sends a test message through Telegram, e-mail or Pushover, with the saved
 * settings, or with unsaved ones from the settings form (`config`); secrets always come from the
 * main side's store.
 */
export const testChannelInputSchema = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('telegram'), config: telegramSettingsSchema.optional() }),
  z.object({ channel: z.literal('email'), config: emailSettingsSchema.optional() }),
  z.object({ channel: z.literal('pushover'), config: pushoverSettingsSchema.optional() }),
]);
export type TestChannelInput = z.infer<typeof testChannelInputSchema>;

export const testChannelOutputSchema = z.object({
  delivered: z.boolean(),
  /** What the service answered, in words: "Telegram accepted message 42 for chat -100…". */
  detail: z.string().nullable(),
  /** The HTTP status (Telegram, Pushover) or SMTP reply code (e-mail), when there was one. */
  status: z.number().int().nullable(),
  durationMs: z.number().min(0),
  /** Why it failed, secrets removed; null when delivered. */
  error: z.string().nullable(),
});
export type TestChannelResult = z.infer<typeof testChannelOutputSchema>;
