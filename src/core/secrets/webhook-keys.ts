// The webhooks' signing keys: one per webhook id, made by the app (never typed), kept with the
// app's other secrets as one JSON map under `webhookSigningKeys` (so every store, the OS keychain's
// files and headless mode's secrets.json, keeps them without a name per webhook). A key is shown
// in full once, when it is made, for the user to copy into the receiver; afterwards only that one
// is stored and its last four characters. The redactor knows each key (secretValues).
import { randomBytes } from 'node:crypto';
import { secretHint, type SecretStore } from './secret-store.ts';

const NAME = 'webhookSigningKeys';

/** What a new key starts with, so a user can tell it in a receiver's configuration. */
export const SIGNING_KEY_PREFIX = 'gwhsec_';

/** A new key: 32 random bytes, base64url, behind the prefix (50 characters in all). */
export function newSigningKey(): string {
  return `${SIGNING_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export interface SigningKeyStatus {
  set: boolean;
  hint: string | null;
}

export interface WebhookKeys {
  /** The key of a webhook, or null when it has none (its requests go unsigned). */
  get(webhookId: string): string | null;
  /** Makes a new key for a webhook (replacing any), stores it and answers it, the one time in full. */
  generate(webhookId: string): string;
  forget(webhookId: string): void;
  /** Which webhooks have a key, and a hint of each. */
  status(): Record<string, SigningKeyStatus>;
}

/** The stored map, or an empty one for anything unreadable (never a reason to stop delivering). */
function parseKeys(text: string | null): Record<string, string> {
  if (text === null) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

export function webhookKeys(store: SecretStore): WebhookKeys {
  const read = (): Record<string, string> => parseKeys(store.get(NAME));
  const write = (keys: Record<string, string>): void =>
    store.set(NAME, Object.keys(keys).length === 0 ? null : JSON.stringify(keys));
  return {
    get: (webhookId) => read()[webhookId] ?? null,
    generate(webhookId) {
      const key = newSigningKey();
      write({ ...read(), [webhookId]: key });
      return key;
    },
    forget(webhookId) {
      const keys = read();
      if (!(webhookId in keys)) return;
      delete keys[webhookId];
      write(keys);
    },
    status: () =>
      Object.fromEntries(
        Object.entries(read()).map(([id, key]) => [id, { set: true, hint: secretHint(key) }]),
      ),
  };
}

/**
 * The secret values a stored value holds, for the redactor: the keys of the webhooks' map one by
 * one (the map's text itself never appears anywhere), any other secret as it is.
 */
export function secretValues(name: string, value: string | null): string[] {
  if (value === null) return [];
  return name === NAME ? Object.values(parseKeys(value)) : [value];
}
