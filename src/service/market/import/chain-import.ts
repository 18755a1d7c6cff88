// What both importers return, and the steps they share: choosing the ticker from the OCC roots,
// packing the rows with the exchange calendar, and the data-quality notes.
import {
  hasValidIv,
  packChain,
  type ChainSource,
  type ContractRow,
  type OptionChain,
} from '../../engine/chain.ts';
import { optionExpiryEpoch } from '../../../shared/market-calendar.ts';
import { clipForApi } from '../../../shared/echo.ts';
import { snapshotDateProblem, suspectDateNote } from './date-line.ts';
import { ChainImportError } from './errors.ts';
import { underlyingOfRoot } from './occ-symbol.ts';
import { parseTicker } from '../../../shared/ticker-symbol.ts';

export type ChainFormat = 'cboe_csv' | 'cboe_json';

export interface ChainImport {
  chain: OptionChain;
  /** Data-quality notes: contracts without IV, assumed time zone, excluded roots, expired rows... */
  notes: string[];
  /** Rows dropped because they had expired at or before the snapshot. */
  expiredRows: number;
  format: ChainFormat;
  /** The underlying's name when the file states one (the CSV's first line). */
  name: string | null;
}

/** A contract as read from a file, with its OCC root and where it came from (for messages). */
export interface ImportedRow extends ContractRow {
  root: string;
  location: string;
}

/**
 * The ticker of a file: the stated symbol when there is one, else the most common underlying among
 * the OCC roots. Rows on other roots (adjusted options such as TSLA1, which deliver something
 * other than 100 shares) are left out and counted in a note.
 */
export function chooseTicker(
  rows: readonly ImportedRow[],
  stated: string | null,
  notes: string[],
): { ticker: string; rows: ImportedRow[] } {
  // Rows come in runs of one root: counted a run at a time (first appearance keeps its place).
  const counts = new Map<string, number>();
  const count = (root: string, n: number): void => {
    const u = underlyingOfRoot(root);
    counts.set(u, (counts.get(u) ?? 0) + n);
  };
  let run = 0;
  let runRoot = '';
  for (const r of rows) {
    if (r.root !== runRoot && run > 0) {
      count(runRoot, run);
      run = 0;
    }
    runRoot = r.root;
    run++;
  }
  if (run > 0) count(runRoot, run);
  let ticker = stated;
  if (ticker) {
    // A stated symbol is held to the one ticker rule, as every other way a ticker comes in.
    const parsed = parseTicker(ticker);
    if (!parsed.ok) {
      throw new ChainImportError(
        'file',
        `the file's symbol ${clipForApi(ticker)} is not a ticker: ${parsed.reason}`,
      );
    }
    ticker = parsed.ticker;
  } else {
    let best = 0;
    for (const [u, n] of counts) {
      if (n > best) {
        best = n;
        ticker = u;
      }
    }
  }
  if (!ticker) throw new ChainImportError('file', 'no option rows');
  const others = [...counts.keys()].filter((u) => u !== ticker);
  const kept = others.length === 0 ? rows.slice() : rows.filter((r) => underlyingOfRoot(r.root) === ticker);
  if (kept.length === 0) {
    throw new ChainImportError(
      'file',
      `no option symbol is on ${clipForApi(ticker)} (roots found: ${others.join(', ')})`,
    );
  }
  if (others.length > 0) {
    notes.push(
      `${rows.length - kept.length} contracts on other roots (${others.join(', ')}) were left out: ` +
        'adjusted or foreign deliverables would distort the figures',
    );
  }
  return { ticker, rows: kept };
}

const FIGURES = ['iv', 'openInterest', 'volume', 'bid', 'ask'] as const;
const FIGURE_NAMES: Record<(typeof FIGURES)[number], string> = {
  iv: 'IV',
  openInterest: 'open interest',
  volume: 'volume',
  bid: 'bid',
  ask: 'ask',
};

/**
 * One row per contract (root, expiration, strike, side). A file whose rows appear twice (a copy
 * pasted onto itself, an export run twice into one file) would otherwise double every open
 * interest and GEX figure: an exact repeat is counted once, with a note; a repeat with other
 * figures cannot be resolved and refuses the file, naming both places. The root is part of the
 * key because SPX and SPXW list the same dates and strikes as different contracts.
 */
export function dedupeContracts(rows: readonly ImportedRow[], notes: string[]): ImportedRow[] {
  // Contracts are told apart by root, expiration, side and strike; strikes are Map keys, compared
  // as SameValueZero, which tells two strikes apart exactly when their decimal texts differ.
  const byRoot = new Map<string, Map<string, [Map<number, ImportedRow>, Map<number, ImportedRow>]>>();
  let lastRoot = '';
  let lastExpiration = '';
  let sides: [Map<number, ImportedRow>, Map<number, ImportedRow>] | undefined;
  const kept: ImportedRow[] = [];
  let repeats = 0;
  for (const row of rows) {
    if (sides === undefined || row.root !== lastRoot || row.expiration !== lastExpiration) {
      lastRoot = row.root;
      lastExpiration = row.expiration;
      let byExpiration = byRoot.get(lastRoot);
      if (!byExpiration) byRoot.set(lastRoot, (byExpiration = new Map()));
      sides = byExpiration.get(lastExpiration);
      if (!sides) byExpiration.set(lastExpiration, (sides = [new Map(), new Map()]));
    }
    const seen = sides[row.isCall ? 1 : 0];
    const first = seen.get(row.strike);
    if (!first) {
      seen.set(row.strike, row);
      kept.push(row);
      continue;
    }
    const differs = FIGURES.find((f) => !Object.is(first[f], row[f]));
    if (differs) {
      const contract = `${row.root} ${row.expiration} ${row.strike} ${row.isCall ? 'call' : 'put'}`;
      throw new ChainImportError(
        row.location,
        `repeats the ${contract} of ${first.location} with a different ${FIGURE_NAMES[differs]} ` +
          `(${first[differs]} there, ${row[differs]} here): which one is right cannot be told`,
      );
    }
    repeats++;
  }
  if (repeats > 0)
    notes.push(`${repeats} contracts were listed twice with the same figures; each was counted once`);
  return kept;
}

/** What both importers read before the rows: `dateAt` is where the snapshot time was read. */
export interface ImportHeader {
  ticker: string;
  spot: number;
  asof: number;
  name: string | null;
  /** "line 2" (the CSV's Date line), "timestamp" (the JSON's): where a wrong date is. */
  dateAt: string;
}

export function finishImport(
  format: ChainFormat,
  header: ImportHeader,
  rows: readonly ImportedRow[],
  notes: string[],
): ChainImport {
  const source: ChainSource = format;
  const { chain, expiredRows } = packChain(
    { ticker: header.ticker, spot: header.spot, asof: header.asof, source },
    dedupeContracts(rows, notes),
    optionExpiryEpoch,
  );
  // Before anything else is said of the chain: a date that cannot be right explains the rest.
  const wrongDate = snapshotDateProblem(chain.asof, chain.expirations[0]?.date ?? null);
  if (wrongDate !== null) throw new ChainImportError(header.dateAt, wrongDate);
  if (expiredRows > 0)
    notes.push(`${expiredRows} contracts had expired by the snapshot time and were dropped`);
  if (chain.size === 0) throw new ChainImportError('file', 'every contract had expired by the snapshot time');
  const suspect = suspectDateNote(chain.ticker, chain.asof, chain.expirations[0]?.date ?? null);
  if (suspect !== null) notes.push(`Snapshot date: ${suspect}`);
  let noIv = 0;
  for (let i = 0; i < chain.size; i++) if (!hasValidIv(chain.iv[i] as number)) noIv++;
  if (noIv > 0) {
    notes.push(
      `${noIv} of ${chain.size} contracts have no IV (0 or missing): kept for open interest and volume, they add no gamma`,
    );
  }
  return { chain, notes, expiredRows, format, name: header.name };
}

/** Fewer IVs than this cannot tell percent from decimals: a far wing alone can be above 500 %. */
export const MIN_IVS_TO_JUDGE_UNITS = 10;
const PERCENT_LIKE_IV = 5;

const percentText = (iv: number): string => `${Number((iv * 100).toPrecision(4))} %`;

/**
 * Refuses an IV column that looks like percent (35.2 for 35.2 %) instead of decimals, judged by the
 * median IV. A chain of a few contracts (a one-row export) cannot be judged that way: its only IV
 * may be a far wing's 5.18 (518 %), so it is read as decimals and a note says the units were not
 * checked whenever an IV there is high enough to be a percent figure.
 */
export function checkIvUnits(rows: readonly ImportedRow[], notes: string[]): void {
  let count = 0;
  let highest = Number.NEGATIVE_INFINITY;
  const valid = new Float64Array(rows.length);
  for (const r of rows) {
    if (!hasValidIv(r.iv)) continue;
    valid[count++] = r.iv;
    if (r.iv > highest) highest = r.iv;
  }
  if (count === 0 || highest <= PERCENT_LIKE_IV) return;
  const ivs = valid.subarray(0, count).sort();
  if (ivs.length < MIN_IVS_TO_JUDGE_UNITS) {
    notes.push(
      `IV units not checked: only ${ivs.length} contract${ivs.length === 1 ? ' has' : 's have'} an IV, too few to ` +
        `tell decimals from percent; read as decimals (the highest, ${highest}, as ${percentText(highest)})`,
    );
    return;
  }
  const median = ivs[Math.floor(ivs.length / 2)] as number;
  if (median > PERCENT_LIKE_IV) {
    throw new ChainImportError(
      'IV column',
      `median IV is ${median}: the file looks like it gives IV in percent, decimals are expected (0.35 for 35 %)`,
    );
  }
}
