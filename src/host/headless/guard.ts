// Who may talk to the headless host. It listens on loopback only, but any web page the user
// visits could still aim requests at 127.0.0.1: a per-run token (cookie or bearer) stops blind
// reads and writes, the Host check stops DNS rebinding, and the Origin check stops cross-site
// requests that ride on the cookie.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export const SESSION_COOKIE = 'gammawatch_session';

export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The variable that fixes the run's token, so an HTTP client (an assistant over /mcp, a script on
 * the bridge) keeps working across restarts: with `--port`, a stable address and token.
 */
export const TOKEN_ENV = 'GAMMAWATCH_TOKEN';

/** The shortest token accepted: as hard to guess as 192 random bits in base64url. */
export const TOKEN_MIN_LENGTH = 32;

/**
 * The token `$GAMMAWATCH_TOKEN` fixes, or undefined (a fresh one per run). One that is too short
 * or holds characters a URL or a header would mangle is refused with why, never used weakened.
 */
export function tokenFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env[TOKEN_ENV];
  if (raw === undefined || raw === '') return undefined;
  if (!/^[A-Za-z0-9_-]+$/.test(raw))
    throw new Error(
      `$${TOKEN_ENV} may hold only letters, digits, '-' and '_' (it goes in a URL and a header)`,
    );
  if (raw.length < TOKEN_MIN_LENGTH)
    throw new Error(
      `$${TOKEN_ENV} is ${raw.length} characters; it needs at least ${TOKEN_MIN_LENGTH} (e.g. openssl rand -base64 32 | tr '+/' '-_' | tr -d '=')`,
    );
  return raw;
}

/** The Host header names this server: `127.0.0.1:PORT` or `localhost:PORT`, nothing else. */
export function isAllowedHost(host: string | undefined, port: number): boolean {
  if (host === undefined) return false;
  const value = host.toLowerCase();
  return value === `127.0.0.1:${port}` || value === `localhost:${port}`;
}

/** A present Origin must be this server as the browser reached it (same scheme, host and port). */
export function isAllowedOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  if (host === undefined) return false;
  return origin.toLowerCase() === `http://${host.toLowerCase()}`;
}

export function tokensEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function cookieValue(cookieHeader: string | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** Authenticated by the session cookie, or by `Authorization: Bearer <token>` (tests, scripts). */
export function isAuthenticated(headers: IncomingHttpHeaders, token: string): boolean {
  const auth = headers.authorization;
  if (auth?.startsWith('Bearer ') && tokensEqual(auth.slice(7).trim(), token)) return true;
  const cookie = cookieValue(headers.cookie, SESSION_COOKIE);
  return cookie !== null && tokensEqual(cookie, token);
}

export function sessionCookie(token: string): string {
  return `${SESSION_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}
