// The secrets the app keeps main-side (the remote API key, the Tradier token). Electron keeps them
// encrypted with safeStorage, headless mode in a 0600 file; either way the renderer only ever sees
// `secrets:status` (set or not, and the last four characters), and no secret goes to a log, an
// error message or AppInfo.
import type { SecretName, SecretsStatus } from '../../shared/bridge/data-source.ts';
import { SECRET_NAMES } from '../../shared/bridge/data-source.ts';

export type { SecretName, SecretsStatus } from '../../shared/bridge/data-source.ts';

/**
 * Secrets the app keeps that the renderer never names through `secrets:set`: the webhooks'
 * signing keys, one JSON map by webhook id (webhook-keys.ts), made and forgotten by the app only.
 */
export const INTERNAL_SECRET_NAMES = ['webhookSigningKeys'] as const;
export type InternalSecretName = (typeof INTERNAL_SECRET_NAMES)[number];

/** Every name a store keeps a secret under. */
export type StoredSecretName = SecretName | InternalSecretName;
export const STORED_SECRET_NAMES: readonly StoredSecretName[] = [...SECRET_NAMES, ...INTERNAL_SECRET_NAMES];

export interface SecretStore {
  get(name: StoredSecretName): string | null;
  /** Stores a secret, or forgets it with null. Throws with a message a user can read when it cannot. */
  set(name: StoredSecretName, value: string | null): void;
  status(): SecretsStatus;
  /**
   * Why a secret that was saved cannot be read here (see desktop-secret-files.ts), or null. Only
   * asked when `get` gave null.
   */
  locked?(name: SecretName): string | null;
}

/** Environment variables that override what is stored (servers and CI set secrets this way). */
export const SECRET_ENV: Record<SecretName, string> = {
  remoteApiKey: 'GAMMAWATCH_API_KEY',
  tradierToken: 'GAMMAWATCH_TRADIER_TOKEN',
  telegramBotToken: 'GAMMAWATCH_TELEGRAM_BOT_TOKEN',
  smtpPassword: 'GAMMAWATCH_SMTP_PASSWORD',
  pushoverAppToken: 'GAMMAWATCH_PUSHOVER_APP_TOKEN',
  pushoverUserKey: 'GAMMAWATCH_PUSHOVER_USER_KEY',
};

/**
 * "…a1b2": enough to recognise a secret, never enough to use it. A short secret (8 characters or
 * fewer) shows no characters at all, since four of them would be half of it.
 */
export function secretHint(value: string | null): string | null {
  if (value === null || value.length === 0) return null;
  return value.length > 8 ? `…${value.slice(-4)}` : '…';
}

export function statusOf(
  get: (name: SecretName) => string | null,
  locked: (name: SecretName) => string | null = () => null,
): SecretsStatus {
  const entries = SECRET_NAMES.map((name) => {
    const value = get(name);
    const set = value !== null && value.length > 0;
    const why = set ? null : locked(name);
    return [name, { set, hint: secretHint(value), ...(why !== null ? { locked: why } : {}) }] as const;
  });
  return Object.fromEntries(entries) as SecretsStatus;
}

/** A store whose secrets an environment variable overrides (SECRET_ENV: `GAMMAWATCH_API_KEY`, …). */
export function withEnvOverrides(base: SecretStore, env: NodeJS.ProcessEnv = process.env): SecretStore {
  const fromEnv = (name: StoredSecretName): string | null => {
    const variable = (SECRET_ENV as Partial<Record<StoredSecretName, string>>)[name];
    const value = variable === undefined ? undefined : env[variable]?.trim();
    return value ? value : null;
  };
  const get = (name: StoredSecretName): string | null => fromEnv(name) ?? base.get(name);
  const locked = (name: SecretName): string | null =>
    fromEnv(name) === null ? (base.locked?.(name) ?? null) : null;
  return {
    get,
    set: (name, value) => base.set(name, value),
    status: () => statusOf(get, locked),
    locked,
  };
}

/** Secrets held in memory only (tests; a run that must not write any). */
export function memorySecretStore(initial: Partial<Record<StoredSecretName, string>> = {}): SecretStore {
  const values = new Map<StoredSecretName, string>(Object.entries(initial) as [StoredSecretName, string][]);
  const get = (name: StoredSecretName): string | null => values.get(name) ?? null;
  return {
    get,
    set(name, value) {
      if (value === null) values.delete(name);
      else values.set(name, value);
    },
    status: () => statusOf(get),
  };
}
