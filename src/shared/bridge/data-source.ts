// Choosing where the figures come from: a connection test before switching, and the secrets
// (the remote API key, the Tradier token) that stay main-side. The renderer sends a secret once and
// afterwards sees only whether one is stored and its last four characters.
import { z } from 'zod';
import { dataSourceSchema } from './settings.ts';

/** `source:test`: tries a data source without switching to it. */
export const sourceTestInputSchema = dataSourceSchema;

export const sourceTestOutputSchema = z.object({
  ok: z.boolean(),
  /** One human sentence: "12 chain files, 3 tickers…", "Tradier rejected the token (401)…". */
  message: z.string(),
  /** Further lines (skipped files, per-ticker problems), possibly empty. */
  details: z.array(z.string()),
});
export type SourceTestResult = z.infer<typeof sourceTestOutputSchema>;

export const SECRET_NAMES = [
  'remoteApiKey',
  'tradierToken',
  'telegramBotToken',
  'smtpPassword',
  'pushoverAppToken',
  'pushoverUserKey',
] as const;
export const secretNameSchema = z.enum(SECRET_NAMES);
export type SecretName = z.infer<typeof secretNameSchema>;

/** Whether a secret is stored, and a hint to recognise it (never the secret itself). */
export const secretStatusSchema = z.object({
  set: z.boolean(),
  /** e.g. "…a1b2": the last four characters, or null when none is stored. */
  hint: z.string().max(8).nullable(),
  /**
   * Why a secret that was saved cannot be read by this process (the desktop app's, encrypted with
   * the keychain, seen from headless mode or the MCP server); absent when there is nothing to say.
   */
  locked: z.string().max(400).optional(),
});

export const secretsStatusSchema = z.object(
  Object.fromEntries(SECRET_NAMES.map((name) => [name, secretStatusSchema])) as Record<
    SecretName,
    typeof secretStatusSchema
  >,
);
export type SecretsStatus = z.infer<typeof secretsStatusSchema>;

/** `secrets:set`: stores (or with null, forgets) a secret; answers the new status of all secrets. */
export const secretSetInputSchema = z.object({
  name: secretNameSchema,
  value: z.string().trim().min(1, 'paste the key or token').max(500).nullable(),
});
