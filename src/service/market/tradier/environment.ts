// Where Tradier lives and what its environments promise.
//
// Tradier's documentation: the sandbox (paper trading) serves market data 15 minutes delayed;
// production serves real-time data to brokerage account holders. Rate limits for market data
// (/v1/markets/*): 120 requests per minute in production, 60 in the sandbox, counted per token
// over one-minute windows that start with the first request.
import type { TradierEnvironment } from './types.ts';

export const TRADIER_ORIGINS: Readonly<Record<TradierEnvironment, string>> = {
  production: 'https://api.tradier.com',
  sandbox: 'https://sandbox.tradier.com',
};

export const DEFAULT_REQUESTS_PER_MINUTE: Readonly<Record<TradierEnvironment, number>> = {
  production: 120,
  sandbox: 60,
};

export function isDelayed(environment: TradierEnvironment): boolean {
  return environment === 'sandbox';
}

/**
 * The origin requests go to: the override when given (an origin only: scheme, host, port; a path,
 * query or credentials are refused so that `/v1/markets/...` always lands where expected), else the
 * environment's.
 */
export function resolveOrigin(environment: TradierEnvironment, baseUrl?: string): string {
  if (baseUrl === undefined || baseUrl.trim() === '') return TRADIER_ORIGINS[environment];
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw new Error(`Tradier base URL '${baseUrl}' is not a URL (expected e.g. https://api.tradier.com)`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`Tradier base URL must be http(s), got '${url.protocol}'`);
  if (url.username || url.password) throw new Error('Tradier base URL must not contain credentials');
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash)
    throw new Error(`Tradier base URL must be an origin only (no path), got '${baseUrl}'`);
  return url.origin;
}
