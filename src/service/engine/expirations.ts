// Expiration buckets and the `exp` selector of the curve endpoints.
//
// Conventions (one snapshot, its listed expirations sorted by date):
// - nearest: the first listed expiration after the snapshot (expired ones never reach the engine).
// - first_monthly: the first standard monthly expiration other than nearest. A standard monthly is
//   the third Friday of its month, or the trading day before it when that Friday is an exchange
//   holiday (`standardMonthlyExpiration`). When nearest is itself the front monthly, first_monthly
//   is the next month's.
// - first_weekly: the first expiration that is neither nearest nor first_monthly and is not a
//   standard monthly: a weekly, a holiday-shifted weekly, a daily, an end-of-month or quarterly.
// - all_other_expiries: every expiration in none of the three (a residual, never a date of its own).
// - VIX (options settled on a future) has monthlies of its own: the Wednesday 30 days before the
//   next month's third Friday (vix-expirations.ts); its other Wednesdays are weeklies.
// So nearest, first_weekly and first_monthly are three distinct expirations. A bucket with no
// expiration is null and contributes 0 everywhere.
import { parseIsoDate, standardMonthlyExpiration } from '../../shared/market-calendar.ts';
import { settlesOnFuture } from '../../shared/index-underlyings.ts';
import type { OptionChain } from './chain.ts';
import { isVixMonthly } from './vix-expirations.ts';

export const BUCKETS = ['nearest', 'first_weekly', 'first_monthly'] as const;
export type Bucket = (typeof BUCKETS)[number];
export type ExpirySelection = 'combined' | Bucket | `${number}-${number}-${number}`;

/** Index into `chain.expirations` of each bucket, null when the chain has no such expiration. */
export type BucketIndices = Record<Bucket, number | null>;

/** Thrown for a selector that is not valid, or a date the chain does not list. */
export class ExpirySelectionError extends Error {
  constructor(
    readonly code: 'invalid_expiry' | 'unknown_expiry',
    message: string,
  ) {
    super(message);
    this.name = 'ExpirySelectionError';
  }
}

export function isStandardMonthly(date: string): boolean {
  const { year, month } = parseIsoDate(date);
  return standardMonthlyExpiration(year, month) === date;
}

export function classifyExpirations(
  chain: Pick<OptionChain, 'expirations' | 'asof'> & { readonly ticker?: string },
): BucketIndices {
  const isMonthly =
    chain.ticker !== undefined && settlesOnFuture(chain.ticker) ? isVixMonthly : isStandardMonthly;
  const nearest = chain.expirations.findIndex((e) => e.expiresAt > chain.asof);
  if (nearest < 0) return { nearest: null, first_weekly: null, first_monthly: null };
  let firstMonthly: number | null = null;
  let firstWeekly: number | null = null;
  for (const [i, e] of chain.expirations.entries()) {
    if (i <= nearest) continue;
    const monthly = isMonthly(e.date);
    if (monthly && firstMonthly === null) firstMonthly = i;
    if (!monthly && firstWeekly === null) firstWeekly = i;
  }
  return { nearest, first_weekly: firstWeekly, first_monthly: firstMonthly };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Validates a raw `exp` value (case-insensitive keywords); throws ExpirySelectionError otherwise. */
export function parseExpirySelection(raw: string): ExpirySelection {
  const value = raw.trim().toLowerCase();
  if (value === 'combined' || (BUCKETS as readonly string[]).includes(value)) return value as ExpirySelection;
  if (DATE.test(value)) {
    parseIsoDate(value);
    const d = new Date(`${value}T00:00:00Z`);
    if (!Number.isNaN(d.getTime()) && d.toISOString().startsWith(value)) return value as ExpirySelection;
  }
  throw new ExpirySelectionError(
    'invalid_expiry',
    `exp must be one of combined, nearest, first_weekly, first_monthly or a date YYYY-MM-DD; got '${raw}'`,
  );
}

export interface ResolvedSelection {
  selection: ExpirySelection;
  /** 1 where the expiration (by index) is selected. */
  mask: Uint8Array;
  /** Selected expiration dates, ascending. Empty for a bucket the chain does not have. */
  dates: string[];
}

/**
 * Which expirations a selector covers. A date must be listed (ExpirySelectionError 'unknown_expiry'
 * otherwise); a bucket the chain lacks resolves to nothing, so its figures are zeros, not an error.
 */
export function resolveSelection(
  chain: Pick<OptionChain, 'expirations' | 'asof'> & { readonly ticker?: string },
  selection: ExpirySelection,
  buckets: BucketIndices = classifyExpirations(chain),
): ResolvedSelection {
  const mask = new Uint8Array(chain.expirations.length);
  if (selection === 'combined') mask.fill(1);
  else if (selection === 'nearest' || selection === 'first_weekly' || selection === 'first_monthly') {
    const index = buckets[selection];
    if (index !== null) mask[index] = 1;
  } else {
    const index = chain.expirations.findIndex((e) => e.date === selection);
    if (index < 0) {
      throw new ExpirySelectionError(
        'unknown_expiry',
        `expiration ${selection} is not listed; listed: ${chain.expirations.map((e) => e.date).join(', ') || 'none'}`,
      );
    }
    mask[index] = 1;
  }
  const dates = chain.expirations.filter((_, i) => mask[i] === 1).map((e) => e.date);
  return { selection, mask, dates };
}
