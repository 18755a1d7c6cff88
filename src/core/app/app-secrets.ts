// The app's secrets as createApp holds them: the store (whose values the environment's variables
// override) and the redactor that knows every one of their values, told of each new one as it is
// saved, so a key saved in Settings is kept out of the very next error that echoes it. The
// webhooks' signing keys are among them, each known on its own (secrets/webhook-keys.ts).
import { messageOf } from '../../shared/message-of.ts';
import type { DataSourceOption } from '../source/option.ts';
import { SecretRedactor } from '../secrets/redact.ts';
import { STORED_SECRET_NAMES, withEnvOverrides, type SecretStore } from '../secrets/secret-store.ts';
import { secretValues } from '../secrets/webhook-keys.ts';

export interface AppSecrets {
  secrets: SecretStore;
  redactor: SecretRedactor;
}

export function secretsOf(
  base: SecretStore,
  env: NodeJS.ProcessEnv,
  log: (message: string) => void,
): AppSecrets {
  const stored = withEnvOverrides(base, env);
  const redactor = new SecretRedactor(() =>
    STORED_SECRET_NAMES.flatMap((name) => secretValues(name, stored.get(name))),
  );
  try {
    redactor.refresh();
  } catch (error) {
    // The sources that need a secret will fail to read it too, and say so; this says what it costs.
    log(`secrets: cannot read them to keep them out of messages: ${messageOf(error)}`);
  }
  const secrets: SecretStore = {
    get: (name) => stored.get(name),
    set(name, value) {
      // Known before it is used, and even if saving it fails: the user typed it anyway.
      redactor.remember(...secretValues(name, value));
      stored.set(name, value);
    },
    status: () => stored.status(),
    locked: (name) => stored.locked?.(name) ?? null,
  };
  return { secrets, redactor };
}

/** `option`, after the redactor has learnt its secret (a key from a named variable or a command line). */
export function rememberSecretsOf(option: DataSourceOption, redactor: SecretRedactor): DataSourceOption {
  if (option.kind === 'remote') redactor.remember(option.apiKey);
  if (option.kind === 'tradier') redactor.remember(option.token);
  return option;
}
