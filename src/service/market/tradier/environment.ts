// Where Tradier lives and what its environments promise.
//
// Tradier's documentation: the sandbox (paper trading) serves market data 15 minutes delayed;
// production serves real-time data to brokerage account holders. Rate limits for market data
// (/v1/markets/*): 120 requests per minute in production, 60 in the sandbox, counted per token
// over one-minute windows that start with the first request.
import { originOnly } from '../net/origin.ts';
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
  return originOnly('Tradier', baseUrl, 'https://api.tradier.com');
}
