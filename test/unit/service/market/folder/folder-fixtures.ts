// Chain folders for tests: the real Cboe TSLA sample (read from ../shared, never copied into the
// repository) rewritten to other times, prices and tickers, daily price files, a temp folder, and
// a wait for a folder change that is event-driven with a generous deadline.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, isTradingDay, type IsoDate } from '../../../../../src/shared/market-calendar.ts';
import type { ChainFolder } from '../../../../../src/service/market/folder/index.ts';

export const SAMPLE_PATH = new URL(
  '../../../../../../shared/fixtures/cboe/tsla_quotedata.csv',
  import.meta.url,
).pathname;
export const SAMPLE_DIR = new URL('../../../../../../shared/fixtures/cboe/', import.meta.url).pathname;
/** The sample's snapshot: Sunday August 20, 2023, 10:38 PM EDT (Friday's close). */
export const SAMPLE_ASOF = Date.parse('2023-08-21T02:38:00Z');
export const SAMPLE_SPOT = 218.8;
const SAMPLE_DATE_TEXT = 'August 20, 2023 at 10:38 PM EDT';

export function sampleText(): string {
  return readFileSync(SAMPLE_PATH, 'utf8');
}

export interface ChainVariant {
  /** Cboe's date text, e.g. 'August 22, 2023 at 10:00 AM EDT'. */
  when?: string;
  spot?: number;
  /** Another underlying: every TSLA in the file becomes this symbol. */
  ticker?: string;
}

/** The sample as another snapshot: another time, spot or underlying. */
export function chainText(variant: ChainVariant = {}): string {
  let text = sampleText();
  if (variant.when) text = text.replace(SAMPLE_DATE_TEXT, variant.when);
  if (variant.spot !== undefined) text = text.replace('Last: 218.8', `Last: ${variant.spot}`);
  if (variant.ticker)
    text = text.replaceAll('TSLA', variant.ticker).replace('Tesla Inc', `${variant.ticker} Corp`);
  return text;
}

/** The last `n` trading days strictly before `date`, oldest first. */
export function tradingDaysBefore(date: IsoDate, n: number): IsoDate[] {
  const out: IsoDate[] = [];
  let d = addDays(date, -1);
  while (out.length < n) {
    if (isTradingDay(d)) out.push(d);
    d = addDays(d, -1);
  }
  return out.reverse();
}

/** Deterministic closes: a wavy random walk ending near `end` (a small LCG, no Math.random). */
export function walkCloses(n: number, end: number, seed = 7): number[] {
  let state = seed;
  const rand = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const closes = [end];
  for (let i = 1; i < n; i++) {
    const prev = closes[closes.length - 1] as number;
    closes.push(Math.round(prev * Math.exp((rand() - 0.5) * 0.06 + Math.sin(i / 9) * 0.004) * 100) / 100);
  }
  return closes.reverse();
}

/** A Yahoo-style history file for the given dates and closes. */
export function yahooCsv(dates: readonly string[], closes: readonly number[]): string {
  const rows = dates.map((d, i) => {
    const c = closes[i] as number;
    return `${d},${c},${c},${c},${c},${(c * 0.99).toFixed(2)},1000000`;
  });
  return ['Date,Open,High,Low,Close,Adj Close,Volume', ...rows].join('\n') + '\n';
}

export interface TempDir {
  dir: string;
  path(...parts: string[]): string;
  remove(): void;
}

export function tempDir(prefix = 'gw-folder-'): TempDir {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    dir,
    path: (...parts) => join(dir, ...parts),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Resolves once `ready()` holds, checked after every change the folder reports (and at once).
 * Rejects after `timeoutMs` naming what it waited for.
 */
export function waitForFolder(
  folder: ChainFolder,
  ready: () => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (ready()) {
      resolve();
      return;
    }
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
    }, timeoutMs);
    const unsubscribe = folder.subscribe(() => {
      if (!ready()) return;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    });
  });
}
