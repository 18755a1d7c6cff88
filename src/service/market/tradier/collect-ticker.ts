// One ticker, once: quote → expirations → one chain per expiration → a snapshot file, then the
// daily history. A failure of the chain part fails the ticker (a chain missing expirations would
// give wrong totals, so nothing is written); a failure of the history part is only a note.
import { addDays, epochToNy } from '../../../shared/market-calendar.ts';
import type { TradierClient } from './client.ts';
import { convertOptions, snapshotFileName, snapshotTime, type CboeJsonSnapshot } from './convert.ts';
import { TradierError } from './errors.ts';
import { messageOf } from '../../../shared/message-of.ts';
import { writeAtomically } from './files.ts';
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
    notes: [],
  };
  try {
    await collectChain(job, outcome);
  } catch (error) {
    // A bad token or a stop ends everything at once; the caller stops the run.
    if (error instanceof TradierError && (error.kind === 'unauthorized' || job.client.stopped)) throw error;
    outcome.error = messageOf(error);
  }
  if (job.unmatched) return outcome; // an unknown symbol has no history either
  try {
    const h = await refreshHistory(job.client, job.settings.chainsDir, job.ticker, job.now());
    if (h.kind === 'written') outcome.historyFile = h.file;
    if (h.kind === 'foreign')
      outcome.notes.push(`history/${job.ticker}.csv was not written by the collector; left as it is`);
  } catch (error) {
    if (error instanceof TradierError && (error.kind === 'unauthorized' || job.client.stopped)) throw error;
    outcome.notes.push(`daily history not refreshed: ${messageOf(error)}`);
  }
  return outcome;
}

async function collectChain(job: TickerJob, outcome: TickerOutcome): Promise<void> {
  const { client, settings, ticker } = job;
  if (job.quote === null) {
    throw new TickerFailure(
      job.unmatched ? `Tradier does not know the symbol ${ticker}` : `Tradier sent no quote for ${ticker}`,
    );
  }
  const fetchedAt = job.now();
  const { asof, spot } = snapshotTime(job.quote, fetchedAt);
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
  if (converted.withoutIv > 0)
    outcome.notes.push(`${converted.withoutIv} of ${converted.options.length} contracts have no IV`);
  if (converted.skipped > 0)
    outcome.notes.push(`${converted.skipped} contracts with an unreadable option symbol left out`);

  const doc: CboeJsonSnapshot = {
    source: 'tradier',
    environment: settings.environment,
    timestamp: new Date(asof).toISOString(),
    fetched_at: new Date(fetchedAt).toISOString(),
    data: { symbol: ticker, current_price: spot, options: converted.options },
  };
  outcome.file = await writeAtomically(
    settings.chainsDir,
    snapshotFileName(ticker, asof),
    JSON.stringify(doc),
  );
  outcome.contracts = converted.options.length;
}
