// A chain whose rows appear twice must not count its contracts, open interest and GEX twice. Exact
// repeats are counted once with a note; a repeat with other figures is refused.
import { describe, expect, it } from 'vitest';
import { dedupeContracts, type ImportedRow } from '../../../../../src/service/market/import/chain-import.ts';
import { importCboeCsv } from '../../../../../src/service/market/import/cboe-csv.ts';
import { ChainImportError } from '../../../../../src/service/market/import/errors.ts';
import { analyzeChain } from '../../../../../src/service/engine/analyze.ts';
import { sampleText } from './cboe-sample.ts';

const row = (over: Partial<ImportedRow> = {}): ImportedRow => ({
  expiration: '2026-12-18',
  strike: 600,
  isCall: true,
  iv: 0.2,
  openInterest: 1000,
  volume: 50,
  bid: 5.1,
  ask: 5.3,
  root: 'SPY',
  location: 'line 10',
  ...over,
});

describe('dedupeContracts', () => {
  it.each<[string, ImportedRow[], number, string | null]>([
    ['distinct contracts are all kept', [row(), row({ isCall: false }), row({ strike: 605 })], 3, null],
    ['an exact repeat is kept once, with a note', [row(), row({ location: 'line 99' })], 1, '1 contracts'],
    [
      'NaN quotes repeat exactly too',
      [row({ bid: Number.NaN }), row({ bid: Number.NaN, location: 'line 11' })],
      1,
      '1 contracts',
    ],
    [
      'SPX and SPXW on the same date and strike are two contracts',
      [row({ root: 'SPX' }), row({ root: 'SPXW' })],
      2,
      null,
    ],
    ['another expiration is another contract', [row(), row({ expiration: '2027-01-15' })], 2, null],
  ])('%s', (_name, rows, kept, note) => {
    const notes: string[] = [];
    expect(dedupeContracts(rows, notes)).toHaveLength(kept);
    if (note === null) expect(notes).toEqual([]);
    else expect(notes.join(' ')).toContain(note);
  });

  it.each<[string, Partial<ImportedRow>, RegExp]>([
    [
      'open interest',
      { openInterest: 1200 },
      /line 11: repeats the SPY 2026-12-18 600 call of line 10 with a different open interest \(1000 there, 1200 here\)/,
    ],
    ['IV', { iv: 0.25 }, /different IV \(0\.2 there, 0\.25 here\)/],
    ['volume', { volume: 51 }, /different volume/],
    ['ask', { ask: 5.4 }, /different ask/],
  ])('a repeat with another %s is refused, naming both places', (_name, change, message) => {
    const rows = [row(), row({ ...change, location: 'line 11' })];
    expect(() => dedupeContracts(rows, [])).toThrow(ChainImportError);
    expect(() => dedupeContracts(rows, [])).toThrow(message);
  });
});

describe('a Cboe file whose rows appear twice', () => {
  const text = sampleText();
  const lines = text.split('\n');
  const header = lines.findIndex((l) => l.startsWith('Expiration Date,'));
  const data = lines.slice(header + 1).filter((l) => l.includes(','));
  const doubled = [...lines.slice(0, header + 1), ...data, ...data].join('\n');

  it('gives the same chain, open interest and GEX as the clean file, and says so', () => {
    const clean = importCboeCsv(text);
    const twice = importCboeCsv(doubled);
    expect(twice.chain.size).toBe(clean.chain.size);
    expect([...twice.chain.openInterest]).toEqual([...clean.chain.openInterest]);
    const gex = (c: typeof clean) => analyzeChain(c.chain).gex_usd_per_1_pct_move;
    expect(gex(twice)).toBe(gex(clean));
    expect(twice.notes).toContain(
      `${clean.chain.size} contracts were listed twice with the same figures; each was counted once`,
    );
    expect(clean.notes.some((n) => n.includes('listed twice'))).toBe(false);
  });

  it('refuses it when a repeated row carries other numbers', () => {
    // The last row's put open interest (column 21), 7 contracts more in its repeat.
    const last = (data[data.length - 1] as string).split(',');
    last[21] = String(Number(last[21]) + 7);
    const changed = last.join(',');
    const conflicting = [...lines.slice(0, header + 1), ...data, ...data.slice(0, -1), changed].join('\n');
    expect(() => importCboeCsv(conflicting)).toThrow(/repeats the TSLA .* with a different/);
  });
});
