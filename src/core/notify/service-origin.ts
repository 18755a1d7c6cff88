// Where Telegram and Pushover requests go: the services' own https origins, fixed. A test hook
// (GAMMAWATCH_TELEGRAM_API_ORIGIN, GAMMAWATCH_PUSHOVER_API_ORIGIN) points them at a local stand-in,
// and is honoured only for a loopback origin (http or https, 127.0.0.1 or localhost): a stray
// environment variable can never send a bot token or a user key to another host.
export const SERVICE_ORIGINS = {
  telegram: 'https://api.telegram.org',
  pushover: 'https://api.pushover.net',
} as const;
export type MessageService = keyof typeof SERVICE_ORIGINS;

export const ORIGIN_ENV: Record<MessageService, string> = {
  telegram: 'GAMMAWATCH_TELEGRAM_API_ORIGIN',
  pushover: 'GAMMAWATCH_PUSHOVER_API_ORIGIN',
};

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The loopback origin `value` names, or null when it is anything else. */
export function loopbackOrigin(value: string | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!LOOPBACK_HOSTS.has(url.hostname) || url.username || url.password) return null;
  return url.origin;
}

/** The origin for a service: its own, or a loopback stand-in's set by the test hook. */
export function serviceOrigin(service: MessageService, env: NodeJS.ProcessEnv = process.env): string {
  return loopbackOrigin(env[ORIGIN_ENV[service]]) ?? SERVICE_ORIGINS[service];
}
