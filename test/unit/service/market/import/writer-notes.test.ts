// Notes the writer of a delayed-quotes JSON file left in it (the Tradier collector: the IV fallbacks
// it took) become import notes, named by the writer; a malformed `notes` or `source` is ignored,
// never a reason to refuse the chain.
import { describe, expect, it } from 'vitest';
import { importCboeJson } from '../../../../../src/service/market/import/cboe-json.ts';

function file(extra: Record<string, unknown>): string {
  return JSON.stringify({
    timestamp: '2024-06-28T15:51:01Z',
    ...extra,
    data: {
      symbol: 'PLTR',
      current_price: 25.5,
      options: [
        { option: 'PLTR240712C00025000', bid: 1.05, ask: 1.1, iv: 0.5215, open_interest: 4210, volume: 830 },
        { option: 'PLTR240712P00025000', bid: 0.55, ask: 0.6, iv: 0.5075, open_interest: 3900, volume: 640 },
      ],
    },
  });
}

describe('notes left by the writer of the file', () => {
  it.each([
    [
      'named by the source',
      { source: 'tradier', notes: ['2 contracts: bid IV 0, used smv_vol'] },
      ['tradier: 2 contracts: bid IV 0, used smv_vol'],
    ],
    ['"file" without a source', { notes: ['one note'] }, ['file: one note']],
    ['none', {}, []],
    ['ignored when not a list of texts', { source: 'tradier', notes: 'not a list' }, []],
    ['ignored when too many', { notes: Array.from({ length: 51 }, (_, i) => `n${i}`) }, []],
    ['a source that is not a text is ignored', { source: 42, notes: ['x'] }, ['file: x']],
  ])('%s', (_name, extra, expected) => {
    const imported = importCboeJson(file(extra));
    expect(imported.chain.size).toBe(2);
    expect(imported.notes.filter((n) => /^(tradier|file): /.test(n))).toEqual(expected);
  });
});
