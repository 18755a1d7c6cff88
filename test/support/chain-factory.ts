// Builds OptionChains for tests and benchmarks through the real `packChain`, so a test chain obeys
// every invariant an imported or simulated one does (sorted columns, expired rows dropped).
//
// - `makeChain(spec)`: a hand-shaped chain; every field has a sensible default and every contract
//   property (IV, open interest, volume) comes from a function of the contract, so a test states
//   exactly the shape it needs.
// - `makeLargeChain(n, seed)`: a realistic random chain of exactly `n` contracts: a smile, a term
//   structure, open interest peaked near the money, and a few of the defects real
//   chains have (contracts with no IV, no open interest, no volume). Same seed, same chain.
import {
  packChain,
  MS_PER_YEAR,
  type ChainSource,
  type ContractRow,
  type OptionChain,
} from '../../src/service/engine/chain.ts';
import { bsPrice } from '../../src/service/engine/pricing.ts';
import {
  addDays,
  epochToNy,
  isoDate,
  isTradingDay,
  nyToEpoch,
  optionExpiryEpoch,
  previousTradingDay,
  standardMonthlyExpiration,
  weekday,
  parseIsoDate,
  type IsoDate,
} from '../../src/shared/market-calendar.ts';
import { mulberry32 } from './prng.ts';

/** What a contract-property function is told about the contract. */
export interface ContractContext {
  expiration: IsoDate;
  strike: number;
  isCall: boolean;
  spot: number;
  /** Years to expiry from the snapshot (365-day years, not floored). */
  t: number;
  /** ln(strike / spot). */
  logMoneyness: number;
}

export interface ChainSpec {
  ticker?: string;
  spot?: number;
  /** Snapshot instant, epoch ms. Default: Wednesday 2025-03-12 15:00 New York. */
  asof?: number;
  /** Expiration dates. Default: the four listed after the default snapshot (weekly, monthly, weekly, weekly). */
  expirations?: readonly IsoDate[];
  /** Strikes for every expiration, or per expiration. Default: 80 to 120 by 1 around spot 100, scaled to spot. */
  strikes?: readonly number[] | ((expiration: IsoDate) => readonly number[]);
  ivFn?: (c: ContractContext) => number;
  oiFn?: (c: ContractContext) => number;
  volumeFn?: (c: ContractContext) => number;
  source?: ChainSource;
}

/** Wednesday 2025-03-12, 15:00 New York (EDT): during the session, before the Friday weekly. */
export const DEFAULT_ASOF = nyToEpoch('2025-03-12', 15 * 60);
export const DEFAULT_EXPIRATIONS: readonly IsoDate[] = [
  '2025-03-14',
  '2025-03-21',
  '2025-03-28',
  '2025-04-04',
];

/** A gentle smile with a put skew, flat in time: 25 % at the money. */
export function defaultIv(c: ContractContext): number {
  const m = c.logMoneyness;
  return Math.max(0.05, 0.25 - 0.1 * m + 0.4 * m * m);
}

/** Open interest peaked at the money, more puts below spot and more calls above it. */
export function defaultOi(c: ContractContext): number {
  const m = c.logMoneyness;
  const side = c.isCall ? (m > 0 ? 1.2 : 0.6) : m < 0 ? 1.4 : 0.5;
  return Math.round(1000 * side * Math.exp(-(m * m) / 0.01));
}

export function defaultVolume(c: ContractContext): number {
  return Math.round(defaultOi(c) * 0.3);
}

function defaultStrikes(spot: number): number[] {
  const out: number[] = [];
  for (let k = 80; k <= 120; k++) out.push((k * spot) / 100);
  return out;
}

/** Bid/ask around the Black-Scholes value at the contract's IV, NaN where the IV is unusable. */
function quote(ctx: ContractContext, iv: number): { bid: number; ask: number } {
  if (!(iv > 0) || !Number.isFinite(iv)) return { bid: Number.NaN, ask: Number.NaN };
  const mid = bsPrice(
    { spot: ctx.spot, strike: ctx.strike, t: Math.max(ctx.t, 1e-6), sigma: iv, r: 0, q: 0 },
    ctx.isCall,
  );
  const half = Math.max(0.01, mid * 0.02);
  return { bid: Math.max(0, mid - half), ask: mid + half };
}

export function makeChain(spec: ChainSpec = {}): OptionChain {
  const spot = spec.spot ?? 100;
  const asof = spec.asof ?? DEFAULT_ASOF;
  const expirations = spec.expirations ?? DEFAULT_EXPIRATIONS;
  const strikesFor =
    typeof spec.strikes === 'function'
      ? spec.strikes
      : (() => {
          const fixed = spec.strikes ?? defaultStrikes(spot);
          return () => fixed;
        })();
  const ivFn = spec.ivFn ?? defaultIv;
  const oiFn = spec.oiFn ?? defaultOi;
  const volumeFn = spec.volumeFn ?? defaultVolume;
  const rows: ContractRow[] = [];
  for (const expiration of expirations) {
    const t = (optionExpiryEpoch(expiration) - asof) / MS_PER_YEAR;
    for (const strike of strikesFor(expiration)) {
      for (const isCall of [false, true]) {
        const ctx: ContractContext = {
          expiration,
          strike,
          isCall,
          spot,
          t,
          logMoneyness: Math.log(strike / spot),
        };
        const iv = ivFn(ctx);
        rows.push({
          expiration,
          strike,
          isCall,
          iv,
          openInterest: oiFn(ctx),
          volume: volumeFn(ctx),
          ...quote(ctx, iv),
        });
      }
    }
  }
  const header = { ticker: spec.ticker ?? 'TEST', spot, asof, source: spec.source ?? 'simulated' };
  return packChain(header, rows, optionExpiryEpoch).chain;
}

/** Friday of the week, or the trading day before it when that Friday is an exchange holiday. */
function weeklyExpiry(friday: IsoDate): IsoDate {
  return isTradingDay(friday) ? friday : previousTradingDay(friday);
}

/**
 * The expirations a liquid US name lists after a date, in order: daily expirations for the first two
 * weeks, then weeklies (holiday-shifted), plus end-of-month dates for three months, then standard
 * monthlies. Returns at least `count` dates.
 */
export function listedExpirations(after: IsoDate, count: number): IsoDate[] {
  const dates = new Set<IsoDate>();
  for (let d = addDays(after, 1); d <= addDays(after, 14); d = addDays(d, 1))
    if (isTradingDay(d)) dates.add(d);
  let friday = addDays(after, (5 - weekday(after) + 7) % 7 || 7);
  for (let i = 0; i < 13; i++, friday = addDays(friday, 7)) dates.add(weeklyExpiry(friday));
  let { year, month } = parseIsoDate(after);
  for (let i = 0; dates.size < count + 16 || i < 4; i++) {
    if (i < 3) {
      const firstOfNext = month === 12 ? isoDate(year + 1, 1, 1) : isoDate(year, month + 1, 1);
      const eom = previousTradingDay(firstOfNext);
      if (eom > after) dates.add(eom);
    }
    const monthly = standardMonthlyExpiration(year, month);
    if (monthly > after) dates.add(monthly);
    month++;
    if (month > 12) {
      month = 1;
      year++;
    }
  }
  return [...dates].sort();
}

function niceStep(raw: number): number {
  for (const step of [0.5, 1, 2.5, 5, 10, 25, 50]) if (step >= raw) return step;
  return 100;
}

/**
 * A realistic random chain of exactly `nContracts` contracts (an odd count ends on a lone put). The
 * expirations are a seeded subset of what a liquid name lists, always including the first listed
 * date; strikes are a uniform grid around spot of about 0.5 % steps.
 */
export function makeLargeChain(nContracts: number, seed = 1): OptionChain {
  const rand = mulberry32(seed);
  const spot = Math.round((20 + rand() * 480) * 100) / 100;
  const asof = DEFAULT_ASOF + Math.floor(rand() * 5) * 86_400_000;
  const nExp = Math.min(40, Math.max(1, Math.round(Math.sqrt(nContracts / 16))));
  const perExp = Math.max(1, Math.ceil(nContracts / (2 * nExp)));
  const listed = listedExpirations(epochToNy(asof).date, nExp);
  const chosen = new Set<IsoDate>([listed[0] as IsoDate]);
  while (chosen.size < nExp)
    chosen.add(listed[Math.floor(rand() * Math.min(listed.length, nExp * 2))] as IsoDate);
  const expirations = [...chosen].sort();
  const step = niceStep(spot * 0.005);
  const lowest = Math.max(step, Math.round(spot / step) * step - Math.floor(perExp / 2) * step);
  const strikes = Array.from({ length: perExp }, (_, i) => lowest + i * step);
  const baseVol = 0.2 + rand() * 0.6;
  const skew = 0.05 + rand() * 0.3;
  const termSlope = (rand() - 0.5) * 0.2;
  const chain = makeChain({
    ticker: `RND${seed}`,
    spot,
    asof,
    expirations,
    strikes,
    ivFn: (c) => {
      const u = rand();
      if (u < 0.01) return 0;
      if (u < 0.02) return Number.NaN;
      const m = c.logMoneyness / Math.sqrt(Math.max(c.t, 1 / 365));
      const level = baseVol * (1 + termSlope * Math.log(Math.max(c.t, 1 / 365) * 12));
      return Math.min(3, Math.max(0.05, level * (1 - skew * m + 0.1 * m * m) * (1 + (rand() - 0.5) * 0.04)));
    },
    oiFn: (c) => {
      if (rand() < 0.05) return 0;
      const m = c.logMoneyness / Math.sqrt(Math.max(c.t, 1 / 365));
      const side = c.isCall === c.logMoneyness > 0 ? 1.3 : 0.4;
      const peak = 5000 * side * Math.exp(-0.5 * m * m) * Math.exp((rand() - 0.5) * 2) * (0.3 + rand());
      return Math.round(peak + 1 + rand() * 50);
    },
    volumeFn: (c) => {
      if (rand() < 0.1) return 0;
      const m = c.logMoneyness / Math.sqrt(Math.max(c.t, 1 / 365));
      return Math.round(2000 * rand() * Math.exp(-0.5 * m * m) * (c.t < 0.05 ? 3 : 1));
    },
  });
  if (chain.size <= nContracts) return chain;
  return truncate(chain, nContracts);
}

/** Keeps the first `n` contracts: the chain is sorted by expiration, so only the last one is cut. */
function truncate(chain: OptionChain, n: number): OptionChain {
  const lastExpiry = (chain.expiryIndex[n - 1] ?? 0) + 1;
  return {
    ...chain,
    expirations: chain.expirations.slice(0, lastExpiry),
    size: n,
    strike: chain.strike.slice(0, n),
    expiryIndex: chain.expiryIndex.slice(0, n),
    isCall: chain.isCall.slice(0, n),
    iv: chain.iv.slice(0, n),
    openInterest: chain.openInterest.slice(0, n),
    volume: chain.volume.slice(0, n),
    bid: chain.bid.slice(0, n),
    ask: chain.ask.slice(0, n),
  };
}

/** The chain's contracts back as rows (one per contract, chain order). */
export function chainRows(chain: OptionChain): ContractRow[] {
  return Array.from({ length: chain.size }, (_, i) => ({
    expiration: chain.expirations[chain.expiryIndex[i] as number]?.date as IsoDate,
    strike: chain.strike[i] as number,
    isCall: chain.isCall[i] === 1,
    iv: chain.iv[i] as number,
    openInterest: chain.openInterest[i] as number,
    volume: chain.volume[i] as number,
    bid: chain.bid[i] as number,
    ask: chain.ask[i] as number,
  }));
}

/**
 * A copy of the chain with each contract patched by `fn` (return the fields to change), re-packed
 * so that every chain invariant still holds. `header` overrides spot, asof and the rest.
 */
export function mapContracts(
  chain: OptionChain,
  fn: (row: Readonly<ContractRow>, index: number) => Partial<ContractRow> | null | undefined,
  header: Partial<Pick<OptionChain, 'ticker' | 'spot' | 'asof' | 'source'>> = {},
): OptionChain {
  const expiresAt = new Map(chain.expirations.map((e) => [e.date, e.expiresAt]));
  const rows = chainRows(chain).map((row, i) => ({ ...row, ...fn(row, i) }));
  const h = { ticker: chain.ticker, spot: chain.spot, asof: chain.asof, source: chain.source, ...header };
  return packChain(h, rows, (date) => expiresAt.get(date) ?? optionExpiryEpoch(date)).chain;
}
