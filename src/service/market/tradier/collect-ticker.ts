// One ticker, once: quote → expirations → one chain per expiration → a snapshot file, then the
// daily history up to the snapshot's date. A failure of the chain part fails the ticker (a chain
// missing expirations would give wrong totals, so nothing is written); a failure of the history
// part leaves the snapshot written and the ticker "chain written, history failed", even when it is
// a refused token that stops the run (StopRun carries the outcome so far).
import { addDays, epochToNy } from '../../../shared/market-calendar.ts';
import type { TradierClient } from './client.ts';
import { convertOptions, ivFallbackNotes, snapshotTime, type CboeJsonSnapshot } from './convert.ts';
import { TradierError } from './errors.ts';
import { messageOf } from '../../../shared/message-of.ts';
import { snapshotFileName, writeAtomically } from '../net/snapshot-files.ts';
import { refreshHistory } from './history.ts';
import type { CollectorSettings } from './options.ts';
import type { TradierOption, TradierQuote } from './schemas.ts';
import type { TickerOutcome } from './types.ts';

export interface TickerJob {
  client: TradierClient;
  settings: CollectorSettings;
  ticker: string;
  /** The ticker's quote from the run's one quotes request; null when Tradier sent none. */
  quote: TradierQuote | null;
  /** Tradier said it does not know the symbol. */
  unmatched: boolean;
  now: () => number;
}

/** Thrown inside a job for a failure that ends the ticker with this message. */
class TickerFailure extends Error {}

/**
 * A failure that stops the whole run (a refused token, stop()) after this ticker's snapshot was
 * written: the caller keeps `outcome`, so the file is reported, and asks no other ticker.
 */
export class StopRun extends Error {
  constructor(
    readonly reason: TradierError,
    readonly outcome: TickerOutcome,
  ) {
    super(reason.message);
    this.name = 'StopRun';
  }
}

function stopsRun(error: unknown, client: TradierClient): error is TradierError {
  return error instanceof TradierError && (error.kind === 'unauthorized' || client.stopped);
}

/** Whole days from one date to another (both YYYY-MM-DD). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export async function collectTicker(job: TickerJob): Promise<TickerOutcome> {
  const outcome: TickerOutcome = {
    ticker: job.ticker,
    file: null,
    historyFile: null,
    contracts: 0,
    error: null,
    historyError: null,
    notes: [],
  };
  const fetchedAt = job.now();
  const when = job.quote === null ? null : snapshotTime(job.quote, fetchedAt);
  try {
    await collectChain(job, outcome, fetchedAt, when);
  } catch (error) {
    // A bad token or a stop ends everything at once, before any file: the caller stops the run.
    if (stopsRun(error, job.client)) throw error;
    outcome.error = messageOf(error);
  }
  if (job.unmatched) return outcome; // an unknown symbol has no history either
  try {
    // The window ends at the snapshot's date (the fetch time only without a quote).
    const asof = when?.asof ?? fetchedAt;
    const h = await refreshHistory(job.client, job.settings.chainsDir, job.ticker, asof);
    if (h.kind === 'written') outcome.historyFile = h.file;
    if (h.kind === 'foreign')
      outcome.notes.push(`history/${job.ticker}.csv was not written by the collector; left as it is`);
  } catch (error) {
    outcome.historyError = messageOf(error);
    if (stopsRun(error, job.client)) throw new StopRun(error, outcome);
  }
  return outcome;
}

async function collectChain(
  job: TickerJob,
  outcome: TickerOutcome,
  fetchedAt: number,
  when: { asof: number; spot: number | null } | null,
): Promise<void> {
  const { client, settings, ticker } = job;
  if (when === null) {
    throw new TickerFailure(
      job.unmatched ? `Tradier does not know the symbol ${ticker}` : `Tradier sent no quote for ${ticker}`,
    );
  }
  const { asof, spot } = when;
  if (spot === null) throw new TickerFailure(`Tradier's quote for ${ticker} has no price`);

  const listed = await client.expirations(ticker);
  if (listed.length === 0) throw new TickerFailure(`Tradier lists no option expirations for ${ticker}`);
  // Expirations are counted from the snapshot's own date, so a Friday snapshot fetched on Sunday
  // keeps Friday's 0-DTE expiration (the importer drops what had expired at the snapshot).
  const day = epochToNy(asof).date;
  const live = listed.filter((d) => d >= day);
  const inRange = live.filter((d) => daysBetween(day, d) <= settings.maxDte);
  const chosen = inRange.slice(0, settings.maxExpirations);
  if (inRange.length < live.length) {
    outcome.notes.push(
      `${live.length - inRange.length} expirations after ${addDays(day, settings.maxDte)} (more than ${settings.maxDte} days out) left out`,
    );
  }
  if (chosen.length < inRange.length) {
    outcome.notes.push(
      `${inRange.length - chosen.length} further expirations left out (at most ${settings.maxExpirations} per ticker)`,
    );
  }
  if (chosen.length === 0) throw new TickerFailure(`Tradier lists no live option expirations for ${ticker}`);

  const all: TradierOption[] = [];
  const empty: string[] = [];
  const noGreeks: string[] = [];
  for (const expiration of chosen) {
    const options = await client.chain(ticker, expiration);
    if (options.length === 0) empty.push(expiration);
    else if (options.every((o) => o.greeks === null)) noGreeks.push(expiration);
    // One by one: a spread passes every element as an argument, and an expiration of some
    // 125,000 contracts overflowed the call stack ("Maximum call stack size exceeded").
    for (const option of options) all.push(option);
  }
  const converted = convertOptions(all, ticker);
  if (converted.options.length === 0) {
    throw new TickerFailure(
      `Tradier returned no options for ${ticker} (${chosen.length} expiration${chosen.length === 1 ? '' : 's'} asked)`,
    );
  }
  if (empty.length > 0) outcome.notes.push(`no options returned for ${empty.join(', ')}`);
  if (noGreeks.length > 0) outcome.notes.push(`no greeks (so no IV, no gamma) for ${noGreeks.join(', ')}`);
  outcome.notes.push(...ivFallbackNotes(converted.fallbacks));
  if (converted.withoutIv > 0)
    outcome.notes.push(`${converted.withoutIv} of ${converted.options.length} contracts have no IV`);
  if (converted.skipped > 0)
    outcome.notes.push(`${converted.skipped} contracts with an unreadable option symbol left out`);

  const doc: CboeJsonSnapshot = {
    source: 'tradier',
    environment: settings.environment,
    timestamp: new Date(asof).toISOString(),
    fetched_at: new Date(fetchedAt).toISOString(),
    notes: [...outcome.notes],
    data: { symbol: ticker, current_price: spot, options: converted.options },
  };
  outcome.file = await writeAtomically(
    settings.chainsDir,
    snapshotFileName(ticker, asof, 'tradier'),
    JSON.stringify(doc),
  );
  outcome.contracts = converted.options.length;
}
