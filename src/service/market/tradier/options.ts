// The collector's settings, checked once at the boundary. Messages never quote the token.
import { z } from 'zod';
import { DEFAULT_REQUESTS_PER_MINUTE, resolveOrigin } from './environment.ts';
import type { TradierCollectorOptions, TradierEnvironment } from './types.ts';
import { tickerSchema } from '../../../shared/ticker-symbol.ts';

const settingsSchema = z.object({
  token: z
    .string()
    .trim()
    .min(1, 'the Tradier token is empty')
    .refine((t) => !/\s/.test(t), 'the Tradier token must not contain spaces'),
  environment: z.enum(['production', 'sandbox']),
  tickers: z
    // The one ticker rule: the collector keys chains as the store and the service do (^SPX → SPX).
    .array(tickerSchema)
    .min(1, 'no tickers to collect')
    .transform((list) => [...new Set(list)]),
  chainsDir: z.string().trim().min(1, 'the chain folder is not set'),
  intervalMs: z
    .number()
    .int()
    .min(10_000)
    .default(5 * 60_000),
  maxExpirations: z.number().int().min(1).max(500).default(60),
  maxDte: z.number().int().min(0).max(5000).default(400),
  requestTimeoutMs: z.number().int().min(1).default(15_000),
  requestsPerMinute: z.number().int().min(2).optional(),
  maxAttempts: z.number().int().min(1).max(10).default(4),
});

export interface CollectorSettings {
  token: string;
  environment: TradierEnvironment;
  origin: string;
  tickers: string[];
  chainsDir: string;
  intervalMs: number;
  maxExpirations: number;
  maxDte: number;
  requestTimeoutMs: number;
  requestsPerMinute: number;
  maxAttempts: number;
}

export function readSettings(options: TradierCollectorOptions): CollectorSettings {
  const parsed = settingsSchema.safeParse({
    token: options.token,
    environment: options.environment,
    tickers: options.tickers,
    chainsDir: options.chainsDir,
    intervalMs: options.intervalMs,
    maxExpirations: options.maxExpirations,
    maxDte: options.maxDte,
    requestTimeoutMs: options.requestTimeoutMs,
    requestsPerMinute: options.requestsPerMinute,
    maxAttempts: options.maxAttempts,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new Error(`Tradier collector settings: ${where}${issue?.message ?? 'invalid'}`);
  }
  const s = parsed.data;
  return {
    ...s,
    origin: resolveOrigin(s.environment, options.baseUrl),
    requestsPerMinute: s.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE[s.environment],
  };
}
