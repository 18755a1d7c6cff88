// The user's settings: their one schema, carried by the bridge and stored by the core. Secrets stay
// main-side: an API key is referenced by name, never sent to the renderer.
import { z } from 'zod';
import { SCREENER_PRESETS, screenerPresetSchema } from '../api/index.ts';
import { clockTimeSchema, tickerSchema } from './common.ts';
import { webhookTemplateSchema } from '../webhook-template.ts';
import { DEFAULT_SIMULATOR_SEED } from '../simulator-seed.ts';

export const THEMES = ['system', 'light', 'dark'] as const;
export const themeSchema = z.enum(THEMES);
export type Theme = z.infer<typeof themeSchema>;

export const CLOCK_MODES = ['real', 'fast'] as const;
export const clockModeSchema = z.enum(CLOCK_MODES);
export type ClockMode = z.infer<typeof clockModeSchema>;

const httpUrl = z.url({ protocol: /^https?$/, message: 'an http:// or https:// address' });

/** The label of the Remote API checkbox that confirms a link-local base URL (quoted in refusals). */
export const CONFIRM_LINK_LOCAL_LABEL = 'Allow a link-local address';

/** An IPv6 literal (no brackets, as URL normalizes it: embedded IPv4 already in hex) as 8 numbers. */
function ipv6Groups(text: string): number[] | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string | undefined): number[] =>
    part === undefined || part === ''
      ? []
      : part.split(':').map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN));
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  if ([...head, ...tail].some(Number.isNaN)) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const fill = 8 - head.length - tail.length;
  return fill < 1 ? null : [...head, ...new Array<number>(fill).fill(0), ...tail];
}

const isLinkLocalV4 = (a: number, b: number): boolean => a === 169 && b === 254;

/**
 * Whether a URL's host is a link-local address literal: 169.254.0.0/16 or fe80::/10, also as
 * IPv4-mapped, IPv4-compatible or NAT64 IPv6. Cloud metadata services answer there (with
 * credentials), so an address typed into Settings must not reach them unasked. Literals only: a
 * name is not looked up (the renderer cannot, and a lookup may answer differently later).
 */
export function isLinkLocalUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  // URL has already turned 0xA9FEA9FE, 2852039166 and the like into dotted decimal.
  const v4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(host);
  if (v4) return isLinkLocalV4(Number(v4[1]), Number(v4[2]));
  if (!host.startsWith('[') || !host.endsWith(']')) return false;
  const g = ipv6Groups(host.slice(1, -1));
  if (g === null) return false;
  if (((g[0] ?? 0) & 0xffc0) === 0xfe80) return true;
  const embedsV4 =
    (g.slice(0, 5).every((n) => n === 0) && (g[5] === 0xffff || g[5] === 0)) ||
    (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((n) => n === 0));
  return embedsV4 && isLinkLocalV4((g[6] ?? 0) >> 8, (g[6] ?? 0) & 0xff);
}

/**
 * Why a remote source must not be used as it stands (a link-local base URL the user has not
 * confirmed), or null when it may. One rule for the form, the bridge, the probe and the switch.
 */
export function linkLocalRefusal(source: {
  baseUrl: string;
  confirmLinkLocal?: boolean | undefined;
}): string | null {
  if (source.confirmLinkLocal === true || !isLinkLocalUrl(source.baseUrl)) return null;
  const host = new URL(source.baseUrl).hostname;
  return `${host} is a link-local address (cloud metadata services live there); tick "${CONFIRM_LINK_LOCAL_LABEL}" to use it anyway`;
}

export const localSourceSchema = z.strictObject({
  kind: z.literal('local'),
  /** Seed of the market simulator: the same seed gives the same market. */
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
  /** real: simulated time follows the wall clock; fast: it runs ahead, for demos and tests. */
  clock: clockModeSchema,
});

/** data: "now" is the newest snapshot in the folder (a folder of Friday's files still ranks on Monday). */
export const FOLDER_CLOCKS = ['data', 'real'] as const;
export const folderClockSchema = z.enum(FOLDER_CLOCKS);
export type FolderClock = z.infer<typeof folderClockSchema>;

// One message for a missing, null or empty folder, instead of zod's "expected string, received null".
const folderPath = z.string({ error: 'choose a folder' }).trim().min(1, 'choose a folder').max(1000);

/** A folder of real chain files (Cboe quotedata.csv or delayed-quotes JSON), watched live. */
export const chainsSourceSchema = z.strictObject({
  kind: z.literal('chains'),
  dir: folderPath,
  clock: folderClockSchema,
});

export const TRADIER_ENVIRONMENTS = ['production', 'sandbox'] as const;
export const tradierEnvironmentSchema = z.enum(TRADIER_ENVIRONMENTS);
export type TradierEnvironment = z.infer<typeof tradierEnvironmentSchema>;

/**
 * Tradier's market-data API with the user's token (kept main-side, like the remote API key). Every
 * fetched chain is written into `dir` as a chain file, which the local service then serves.
 */
export const tradierSourceSchema = z.strictObject({
  kind: z.literal('tradier'),
  environment: tradierEnvironmentSchema,
  tickers: z
    .array(tickerSchema)
    .min(1, 'name at least one ticker')
    .max(100)
    .refine((t) => new Set(t).size === t.length, { message: 'each ticker at most once' }),
  /** Where fetched chains are written; null: `<data folder>/chains/tradier`. */
  dir: folderPath.nullable(),
});

/**
 * Cboe's free delayed quotes (15 minutes delayed, no account, for personal use): each watched
 * ticker's chain is fetched into `dir` at start and every 15 minutes while the market is open, and
 * the local service serves the folder.
 */
export const cboeSourceSchema = z.strictObject({
  kind: z.literal('cboe'),
  /** Where fetched chains are written; null: `<data folder>/chains/cboe`. */
  dir: folderPath.nullable(),
});

export const remoteSourceSchema = z
  .strictObject({
    kind: z.literal('remote'),
    /** Ends in the version segment, e.g. https://api.example.com/api/v2; a trailing slash is dropped. */
    baseUrl: httpUrl.transform((url) => url.replace(/\/+$/, '')),
    /**
     * A reference to the API key, not the key: the key lives main-side (the OS keychain through
     * Electron's safeStorage, or the environment) under this name and never crosses the bridge.
     */
    apiKeyRef: z.string().min(1).max(200).optional(),
    /** Send X-Svc-Demo: 1 and X-TV-Demo: 1 (the demo symbols need no key). */
    demo: z.boolean(),
    /** The user confirmed a link-local base URL (see linkLocalRefusal); absent means no. */
    confirmLinkLocal: z.boolean().optional(),
  })
  .superRefine((source, ctx) => {
    const refusal = linkLocalRefusal(source);
    if (refusal !== null) ctx.addIssue({ code: 'custom', path: ['confirmLinkLocal'], message: refusal });
  });

export const DATA_SOURCE_KINDS = ['local', 'chains', 'tradier', 'cboe', 'remote'] as const;
export type DataSourceKind = (typeof DATA_SOURCE_KINDS)[number];

export const dataSourceSchema = z.discriminatedUnion('kind', [
  localSourceSchema,
  chainsSourceSchema,
  tradierSourceSchema,
  cboeSourceSchema,
  remoteSourceSchema,
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
 * Five or six space-separated cron fields. The shape only: the renderer cannot load node-cron, so
 * the core extends this with node-cron's own check (src/core/settings/schema.ts).
 */
export const cronSchema = z
  .string()
  .trim()
  // abort: a malformed expression gets this one message, not node-cron's as well (core side).
  .regex(/^\S+(\s+\S+){4,5}$/, {
    message: 'expected a cron expression of 5 or 6 fields, e.g. */5 * * * *',
    abort: true,
  });

/** A cron expression per job, read in New York time by the poller. */
export const schedulesSchema = z.strictObject(
  Object.fromEntries(POLL_JOBS.map((job) => [job, cronSchema])) as Record<PollJob, typeof cronSchema>,
);
export type Schedules = z.infer<typeof schedulesSchema>;

/**
 * Minutes in which a channel's events are grouped into one message (a count, then one line per
 * event, newest first), sent when the window ends; 0: every event is sent on its own at once.
 */
export const digestMinutesSchema = z.number().int().min(0).max(240);

export const WEBHOOK_PRESETS = ['generic', 'discord', 'slack', 'ntfy'] as const;
export const webhookPresetSchema = z.enum(WEBHOOK_PRESETS);

export const WEBHOOK_CREDENTIALS_MESSAGE =
  "a webhook address cannot hold user:password@: put credentials in the URL's path/token or a header, not user:password@";

/**
 * A webhook's address. No `user:password@`: fetch refuses such a URL, so every delivery would fail,
 * and the password would end up in the stored error text.
 */
export const webhookUrlSchema = httpUrl.refine(
  (url) => {
    try {
      const { username, password } = new URL(url);
      return username === '' && password === '';
    } catch {
      return true; // not a URL at all: httpUrl has said so
    }
  },
  { message: WEBHOOK_CREDENTIALS_MESSAGE },
);

/** The header that carries a webhook's signature (see notify/webhook-signature.ts). */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Gammawatch-Signature';

/**
 * Headers a webhook's own list may not set: the body's (Content-Type, Content-Length), the
 * connection's (Host and the hop-by-hop ones fetch refuses) and Gammawatch's own (the signature,
 * the idempotency key), which a receiver must be able to trust came from the app.
 */
export const RESERVED_WEBHOOK_HEADERS: readonly string[] = [
  'content-type',
  'content-length',
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
  'proxy-connection',
  'idempotency-key',
  WEBHOOK_SIGNATURE_HEADER.toLowerCase(),
];

/**
 * One header a webhook sends with every request (an Authorization a receiver asks for, a
 * routing key). The name is an HTTP token; the value one line of text: a line break would end the
 * header and start another, which no receiver should have to fear.
 */
export const webhookHeaderSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'a header needs a name')
    .max(100, 'a header name is at most 100 characters')
    .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'a header name is letters, digits and - (e.g. Authorization)')
    .refine((name) => !RESERVED_WEBHOOK_HEADERS.includes(name.toLowerCase()), {
      message: 'Gammawatch sets this header itself: choose another name',
    }),
  value: z
    .string()
    .max(2000, 'a header value is at most 2,000 characters')
    .refine((value) => !/[\r\n]/.test(value), { message: 'a header value is one line: no line breaks' })
    // Control characters and what is beyond Latin-1 cannot travel in a header.
    .refine((value) => /^[\t\x20-\x7e\x80-\xff]*$/.test(value), {
      message: 'a header value is plain text: no control characters, no characters beyond Latin-1',
    }),
});
export type WebhookHeader = z.infer<typeof webhookHeaderSchema>;

const webhookHeadersSchema = z
  .array(webhookHeaderSchema)
  .max(20, 'at most 20 headers')
  .superRefine((headers, ctx) => {
    const seen = new Set<string>();
    headers.forEach((h, i) => {
      const name = h.name.trim().toLowerCase();
      if (seen.has(name))
        ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `${h.name.trim()} is set twice` });
      seen.add(name);
    });
  });

export const webhookSchema = z
  .strictObject({
    id: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'a webhook id is up to 40 lower-case letters, digits, - or _'),
    url: webhookUrlSchema,
    preset: webhookPresetSchema,
    enabled: z.boolean(),
    digestMinutes: digestMinutesSchema.default(0),
    /** Sent with every request, after the app's own (which they cannot replace). */
    headers: webhookHeadersSchema.default([]),
    /**
     * The generic preset's body in the receiver's own shape (webhook-template.ts), instead of the
     * app's JSON; null: the JSON.
     */
    bodyTemplate: webhookTemplateSchema.nullable().default(null),
  })
  .superRefine((hook, ctx) => {
    if (hook.bodyTemplate !== null && hook.preset !== 'generic')
      ctx.addIssue({
        code: 'custom',
        path: ['bodyTemplate'],
        message: 'only a Generic JSON webhook takes a body template: Discord, Slack and ntfy read their own',
      });
  });
export type Webhook = z.infer<typeof webhookSchema>;

/** Whether a webhook has a signing key, and its last four characters: never the key itself. */
export const signingKeyStatusSchema = z.object({ set: z.boolean(), hint: z.string().max(8).nullable() });
/** By webhook id: the webhooks that sign their requests. */
export const signingKeysStatusSchema = z.record(z.string(), signingKeyStatusSchema);
export type SigningKeysStatus = z.infer<typeof signingKeysStatusSchema>;

/**
 * `webhooks:signingKey`: make a new signing key for a webhook (replacing any; saved or not yet,
 * by its id) or forget it. The answer holds a new key in full, this once, for the user to copy.
 */
export const signingKeyInputSchema = z.object({
  webhookId: webhookSchema.shape.id,
  action: z.enum(['generate', 'forget']),
});
export const signingKeyOutputSchema = z.object({
  webhookId: z.string(),
  /** The new key (generate), or null (forget). */
  key: z.string().nullable(),
  keys: signingKeysStatusSchema,
});
export type SigningKeyResult = z.infer<typeof signingKeyOutputSchema>;

/**
 * Telegram through a bot: the Bot API's sendMessage to one chat. The bot token is the secret
 * `telegramBotToken` (main-side, like the API key); the chat id is a number (negative for groups)
 * or a public channel's @name.
 */
export const telegramSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  chatId: z
    .string()
    .trim()
    .regex(
      /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/,
      'a chat id is a number such as -1001234567890, or @channelname',
    ),
  digestMinutes: digestMinutesSchema,
});
export type TelegramSettings = z.infer<typeof telegramSettingsSchema>;

export const EMAIL_SECURITY = ['tls', 'starttls'] as const;
export const emailSecuritySchema = z.enum(EMAIL_SECURITY);
export type EmailSecurity = z.infer<typeof emailSecuritySchema>;

const emailAddress = z.email({ message: 'an e-mail address such as trader@example.com' });

/**
 * E-mail over SMTP. tls: TLS from the first byte (usually port 465); starttls: plain, then
 * upgraded, and refused if the server cannot (usually 587). The password is the secret
 * `smtpPassword`; an empty user means the server needs no login.
 */
export const emailSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  host: z
    .string()
    .trim()
    .min(1, 'the SMTP server, e.g. smtp.example.com')
    .max(253)
    .regex(/^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:.]+\]$/, 'a host name such as smtp.example.com'),
  port: z.number().int().min(1).max(65535),
  security: emailSecuritySchema,
  user: z.string().trim().max(200),
  from: emailAddress,
  to: z.array(emailAddress).min(1, 'at least one recipient').max(10),
  digestMinutes: digestMinutesSchema,
});
export type EmailSettings = z.infer<typeof emailSettingsSchema>;

/**
 * Pushover: the application token and the user key are the secrets `pushoverAppToken` and
 * `pushoverUserKey`; the priority follows the alert's severity.
 */
export const pushoverSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  digestMinutes: digestMinutesSchema,
});
export type PushoverSettings = z.infer<typeof pushoverSettingsSchema>;

/** The channels beyond the desktop, in-app and webhooks, each configured once in settings. */
export const MESSAGE_CHANNELS = ['telegram', 'email', 'pushover'] as const;
export const messageChannelSchema = z.enum(MESSAGE_CHANNELS);
export type MessageChannel = z.infer<typeof messageChannelSchema>;

export const notificationsSchema = z.strictObject({
  desktop: z.boolean(),
  /** Opt-in: group desktop notifications too (0 keeps one notification per alert). */
  desktopDigestMinutes: digestMinutesSchema.default(0),
  /** null: not set up. */
  telegram: telegramSettingsSchema.nullable().default(null),
  email: emailSettingsSchema.nullable().default(null),
  pushover: pushoverSettingsSchema.nullable().default(null),
  webhooks: z
    .array(webhookSchema)
    .max(20)
    .refine((hooks) => new Set(hooks.map((h) => h.id)).size === hooks.length, {
      message: 'webhook ids must be unique',
    }),
});

/** Desktop and webhook deliveries are held (kept in-app) in this daily window; end before start spans midnight. */
export const quietHoursSchema = z.strictObject({
  enabled: z.boolean(),
  start: clockTimeSchema,
  end: clockTimeSchema,
});

/**
 * The MCP server for AI assistants (`gammawatch mcp`, src/host/mcp/): both off by default. `http`
 * serves it at /mcp of the headless host, behind the same per-run token as the UI; `allowWrites`
 * adds the tools that change watchlists and rules (every other tool only reads).
 */
export const mcpSettingsSchema = z.strictObject({
  http: z.boolean(),
  allowWrites: z.boolean(),
});
export type McpSettings = z.infer<typeof mcpSettingsSchema>;

/**
 * Thinning of old snapshots (src/core/store/repositories/thinning.ts): every snapshot is kept
 * `fullDays`, then one per 15 minutes per series until `quarterHourDays`, then each session's
 * close only; `retentionDays` stays the outer limit, past which snapshots are deleted. The daily
 * series and the alert history are kept whole. A settings file from before it has no such section
 * and reads these defaults.
 */
export const retentionSettingsSchema = z
  .strictObject({
    fullDays: z.number().int().min(1).max(3650),
    quarterHourDays: z.number().int().min(1).max(3650),
  })
  .refine((r) => r.quarterHourDays >= r.fullDays, {
    message: 'must be at least the days every snapshot is kept',
    path: ['quarterHourDays'],
  });
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;

/**
 * The user's settings, section by section: the one definition, used by the renderer and the bridge
 * as it stands and by the core with node-cron's check of the schedules added
 * (src/core/settings/schema.ts). Each top-level key is a section, stored as one row.
 */
export const settingsSchema = z.strictObject({
  dataSource: dataSourceSchema,
  schedules: schedulesSchema,
  screeners: z.strictObject({
    enabled: z
      .array(screenerPresetSchema)
      .refine((names) => new Set(names).size === names.length, { message: 'each screener at most once' }),
  }),
  polling: z.strictObject({
    /** Keep polling while the market is closed (data changes little then). */
    outsideMarketHours: z.boolean(),
  }),
  notifications: notificationsSchema,
  quietHours: quietHoursSchema,
  theme: themeSchema,
  /** Snapshots older than this are deleted (daily chart points are kept). */
  retentionDays: z.number().int().min(1).max(3650),
  /** How older snapshots are thinned, within retentionDays. */
  retention: retentionSettingsSchema,
  mcp: mcpSettingsSchema,
  exports: z.strictObject({
    /**
     * Begin every CSV export (snapshots, series, backtests) with a UTF-8 byte-order mark, so that
     * Excel reads its headers ("−1σ", "25Δ") as UTF-8 rather than in the system's code page.
     */
    csvBom: z.boolean(),
  }),
});
export type Settings = z.output<typeof settingsSchema>;

/**
 * The one set of defaults, which work with no setup at all: the local simulated market, every
 * screener on, desktop notifications on, no webhooks. Here rather than in the core so that the
 * renderer's test doubles derive from it too. Shared: clone before changing it.
 */
export const defaultSettings: Settings = {
  dataSource: { kind: 'local', seed: DEFAULT_SIMULATOR_SEED, clock: 'real' },
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
  notifications: {
    desktop: true,
    desktopDigestMinutes: 0,
    telegram: null,
    email: null,
    pushover: null,
    webhooks: [],
  },
  quietHours: { enabled: false, start: '22:00', end: '07:00' },
  theme: 'system',
  retentionDays: 365,
  retention: { fullDays: 30, quarterHourDays: 180 },
  mcp: { http: false, allowWrites: false },
  exports: { csvBom: false },
};

/** `settings:update`: any sections, each given whole. */
export const settingsPatchSchema = settingsSchema
  .partial()
  .refine((p) => Object.keys(p).length > 0, 'nothing to update');
export type SettingsPatch = z.input<typeof settingsPatchSchema>;
