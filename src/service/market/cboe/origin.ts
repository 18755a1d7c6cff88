// Where Cboe's delayed quotes are asked: Cboe's CDN, or an origin given for tests (a loopback
// stand-in).
import { originOnly } from '../net/origin.ts';
import { CBOE_ORIGIN } from './client.ts';

export function resolveCboeOrigin(baseUrl?: string): string {
  if (baseUrl === undefined || baseUrl.trim() === '') return CBOE_ORIGIN;
  return originOnly('Cboe', baseUrl, CBOE_ORIGIN);
}
