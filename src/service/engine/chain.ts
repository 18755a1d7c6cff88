// The option chain model every engine computation reads. Contracts are held column-wise in typed
// arrays so that the hot loops (GEX by strike, the gamma profile over a spot grid) walk flat memory
// instead of chasing objects: a 10,000-contract chain is a handful of 80 KB arrays.

/**
 * One listed expiration. `expiresAt` is when it settles, as epoch milliseconds: the close of its
 * session (16:00 America/New_York, 13:00 on an early-close day; optionExpiryEpoch), VIX's the open.
 */
export interface Expiration {
  readonly date: string; // YYYY-MM-DD
  readonly expiresAt: number;
}

export type ChainSource = 'simulated' | 'cboe_csv' | 'cboe_json';

export interface OptionChain {
  readonly ticker: string;
  /** Underlying price at the snapshot. */
  readonly spot: number;
  /** Snapshot time, epoch milliseconds. */
  readonly asof: number;
  readonly source: ChainSource;
  /** Sorted ascending by date, unique. Only expirations that still have at least one contract. */
  readonly expirations: readonly Expiration[];
  /**
   * Expirations the source still listed that had settled by `asof` (their contracts are dropped),
   * ascending: a chain taken after the close knows that the day's expiration settled. Absent when
   * the chain was not packed from rows.
   */
  readonly expired?: readonly Expiration[];
  /** Number of contracts; every column below has this length. */
  readonly size: number;
  /** Sorted by (expiryIndex, strike, puts before calls). */
  readonly strike: Float64Array;
  readonly expiryIndex: Uint16Array;
  /** 1 for a call, 0 for a put. */
  readonly isCall: Uint8Array;
  /** Implied volatility as a decimal; 0 or NaN means no valid quote (contributes no gamma). */
  readonly iv: Float64Array;
  readonly openInterest: Float64Array;
  readonly volume: Float64Array;
  /** NaN where the vendor gave none. */
  readonly bid: Float64Array;
  readonly ask: Float64Array;
}

/** One contract as importers and the simulator produce it, before it is packed into columns. */
export interface ContractRow {
  expiration: string; // YYYY-MM-DD
  strike: number;
  isCall: boolean;
  iv: number;
  openInterest: number;
  volume: number;
  bid: number;
  ask: number;
}

export interface ChainHeader {
  ticker: string;
  spot: number;
  asof: number;
  source: ChainSource;
}

/**
 * Packs rows into an OptionChain. `expiresAt` maps an expiration date to its expiry instant; rows
 * whose expiry is at or before `asof` are excluded here, once, so no computation can see them.
 * Returns the chain and how many rows were dropped as expired.
 */
export function packChain(
  header: ChainHeader,
  rows: readonly ContractRow[],
  expiresAt: (date: string) => number,
): { chain: OptionChain; expiredRows: number } {
  // Live rows by expiration (each date's instant computed once), then each date's rows in
  // (strike, puts before calls) order, stably: the order of one sort by (date, strike, side).
  const byDate = new Map<string, ContractRow[]>();
  const instants = new Map<string, number>();
  let expiredRows = 0;
  let lastDate: string | undefined;
  let lastRows: ContractRow[] | null = null;
  for (const row of rows) {
    if (row.expiration !== lastDate) {
      lastDate = row.expiration;
      let at = instants.get(lastDate);
      if (at === undefined) {
        at = expiresAt(lastDate);
        instants.set(lastDate, at);
      }
      if (at <= header.asof) lastRows = null;
      else {
        lastRows = byDate.get(lastDate) ?? null;
        if (lastRows === null) byDate.set(lastDate, (lastRows = []));
      }
    }
    if (lastRows === null) expiredRows++;
    else lastRows.push(row);
  }
  const dates = [...byDate.keys()].sort();
  const expired = [...instants]
    .filter(([, at]) => at <= header.asof)
    .map(([date, at]) => ({ date, expiresAt: at }))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
  let n = 0;
  for (const list of byDate.values()) n += list.length;
  // The header's fields one by one: a spread followed by an overriding `ticker` took V8's slow
  // path, 15 µs a chain, more than packing a small chain's columns.
  const chain: OptionChain = {
    ticker: header.ticker.toUpperCase(),
    spot: header.spot,
    asof: header.asof,
    source: header.source,
    expirations: dates.map((date) => ({ date, expiresAt: instants.get(date) as number })),
    expired,
    size: n,
    strike: new Float64Array(n),
    expiryIndex: new Uint16Array(n),
    isCall: new Uint8Array(n),
    iv: new Float64Array(n),
    openInterest: new Float64Array(n),
    volume: new Float64Array(n),
    bid: new Float64Array(n),
    ask: new Float64Array(n),
  };
  const c = chain as {
    -readonly [K in keyof OptionChain]: OptionChain[K];
  };
  let i = 0;
  dates.forEach((date, index) => {
    for (const r of inStrikeOrder(byDate.get(date) as ContractRow[])) {
      c.strike[i] = r.strike;
      c.expiryIndex[i] = index;
      c.isCall[i] = r.isCall ? 1 : 0;
      c.iv[i] = r.iv;
      c.openInterest[i] = r.openInterest;
      c.volume[i] = r.volume;
      c.bid[i] = r.bid;
      c.ask[i] = r.ask;
      i++;
    }
  });
  return { chain, expiredRows };
}

/**
 * One expiration's rows sorted stably by strike, puts before calls. Files list strikes in order
 * with the call before the put: then each strike's puts are moved before its calls in one pass,
 * the same order the sort gives without its comparisons.
 */
function inStrikeOrder(rows: ContractRow[]): ContractRow[] {
  for (let k = 1; k < rows.length; k++) {
    if (!((rows[k - 1] as ContractRow).strike <= (rows[k] as ContractRow).strike)) {
      return rows.sort((a, b) => a.strike - b.strike || Number(a.isCall) - Number(b.isCall));
    }
  }
  const out: ContractRow[] = [];
  for (let start = 0; start < rows.length;) {
    const strike = (rows[start] as ContractRow).strike;
    let end = start;
    while (end < rows.length && (rows[end] as ContractRow).strike === strike) end++;
    for (let k = start; k < end; k++) if (!(rows[k] as ContractRow).isCall) out.push(rows[k] as ContractRow);
    for (let k = start; k < end; k++) if ((rows[k] as ContractRow).isCall) out.push(rows[k] as ContractRow);
    start = end;
  }
  return out;
}

/** Milliseconds in a 365-day year: time to expiry is measured in these years. */
export const MS_PER_YEAR = 365 * 24 * 3600 * 1000;
/** Time to expiry is floored at one hour, so 0-DTE contracts keep a finite gamma and are not dropped. */
export const MIN_TIME_YEARS = (3600 * 1000) / MS_PER_YEAR;

/** Time to expiry in years for one expiration, floored at one hour. */
export function yearsToExpiry(expiration: Expiration, asof: number): number {
  return Math.max((expiration.expiresAt - asof) / MS_PER_YEAR, MIN_TIME_YEARS);
}

/** Whether a contract carries a usable IV (zero, negative or NaN means no valid quote). */
export function hasValidIv(iv: number): boolean {
  return iv > 0 && Number.isFinite(iv);
}
