// The desktop app's secrets at rest: one file per secret in the data folder, encrypted with the
// operating system's keychain through Electron's safeStorage (electron/logic/secret-store.ts
// writes them). Their names live here, in core, because every other entry point shares the data
// folder and must recognise them: a plain Node process (headless mode, the MCP server) cannot
// decrypt them, and says so instead of acting as if no secret had been saved.
import fs from 'node:fs';
import path from 'node:path';
import type { SecretName } from '../../shared/bridge/data-source.ts';
import type { StoredSecretName } from './secret-store.ts';

export const DESKTOP_SECRET_FILES: Record<StoredSecretName, string> = {
  remoteApiKey: 'api-key.enc',
  tradierToken: 'tradier-token.enc',
  telegramBotToken: 'telegram-bot-token.enc',
  smtpPassword: 'smtp-password.enc',
  pushoverAppToken: 'pushover-app-token.enc',
  pushoverUserKey: 'pushover-user-key.enc',
  webhookSigningKeys: 'webhook-signing-keys.enc',
};

const NOUN: Record<SecretName, string> = {
  remoteApiKey: 'API key',
  tradierToken: 'Tradier token',
  telegramBotToken: 'Telegram bot token',
  smtpPassword: 'SMTP password',
  pushoverAppToken: 'Pushover app token',
  pushoverUserKey: 'Pushover user key',
};

export function desktopSecretFile(dataDir: string, name: SecretName): string {
  return path.join(dataDir, DESKTOP_SECRET_FILES[name]);
}

/**
 * Why this process cannot read a secret the desktop app saved in `dataDir`, or null when the
 * desktop app saved none of that name. `envName` is the variable that supplies it instead.
 */
export function desktopLockedReason(dataDir: string, name: SecretName, envName: string): string | null {
  if (!fs.existsSync(desktopSecretFile(dataDir, name))) return null;
  return (
    `The ${NOUN[name]} was saved by the Gammawatch desktop app, encrypted with this computer's keychain, ` +
    `which only the desktop app can open. Run the desktop app, or give this process the ${NOUN[name]} ` +
    `in ${envName} (for an assistant: the "env" block of its MCP configuration).`
  );
}
