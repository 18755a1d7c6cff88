// Error text about a delivery is stored (a delivery's last error, shown in the app) and logged. A
// URL inside it may carry a secret: `user:password@`, or a token in the query string (`?token=…`).
// Every such text is cleaned here before it is kept anywhere: the credentials are replaced by ***,
// the rest of the URL stays so the user can still tell which endpoint failed. A Telegram bot token
// travels in the path (`/bot<id>:<secret>/sendMessage`): it is masked wherever it appears.

const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi;
const MASK = '***';
/** A Telegram bot token (`123456789:AA…`), in a URL's path or on its own. */
const BOT_TOKEN = /\b(bot)?\d{3,}:[A-Za-z0-9_-]{20,}/g;

function maskBotTokens(text: string): string {
  return text.replace(BOT_TOKEN, (_token, prefix: string | undefined) => `${prefix ?? ''}${MASK}`);
}

/** One URL without its userinfo and with every query value masked; unparsable ones by pattern. */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url.replace(/\/\/[^/@\s]*@/, `//${MASK}@`).replace(/([?&][^=&#\s]*)=[^&#\s]*/g, `$1=${MASK}`);
  }
  const userinfo = parsed.username || parsed.password ? `${MASK}@` : '';
  const query = [...parsed.searchParams.keys()].map((key) => `${encodeURIComponent(key)}=${MASK}`).join('&');
  const host = parsed.host ? `//${userinfo}${parsed.host}` : '';
  const path = maskBotTokens(parsed.pathname);
  return `${parsed.protocol}${host}${path}${query ? `?${query}` : ''}${parsed.hash ? '#…' : ''}`;
}

/**
 * `text` with every URL in it redacted (see redactUrl) and each of `secrets` (say, a webhook URL's
 * password, which some libraries quote on its own) replaced by ***.
 */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let out = maskBotTokens(text.replace(URL_IN_TEXT, (url) => redactUrl(url)));
  for (const secret of secrets) {
    if (secret.length >= 3) out = out.split(secret).join(MASK);
  }
  return out;
}

/** The user name and password a URL carries (decoded and as written), to scrub from any text. */
export function urlCredentials(url: string): string[] {
  try {
    const { username, password } = new URL(url);
    return [username, password, safeDecode(username), safeDecode(password)].filter((s) => s.length > 0);
  } catch {
    return [];
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
