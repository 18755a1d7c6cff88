// A one-row Cboe CSV (header and a single strike) used to be refused as "IV in percent" because its
// only IV, a far put's 5.1842 (518 %), was the median. A few contracts cannot tell percent from
// decimals, so a small chain is imported with a note saying its IV units were not checked; a chain
// of enough contracts is still judged by its median IV.
import { describe, expect, it } from 'vitest';
import { importCboeCsv } from '../../../../../src/service/market/import/cboe-csv.ts';
import { MIN_IVS_TO_JUDGE_UNITS } from '../../../../../src/service/market/import/chain-import.ts';
import { naiveRows, sampleText } from './cboe-sample.ts';

const text = sampleText();
const lines = text.split('\n');
const rows = naiveRows(text);
const headerLine = (rows[0]?.line as number) - 1;
const head = lines.slice(0, headerLine).join('\n');

/** The sample's preamble and header with the given data rows, IV columns (7 and 18) optionally replaced. */
function fileWith(count: number, iv?: (old: string) => string): string {
  const picked = rows
    .slice(0, count)
    .map((r) => r.fields.map((f, j) => (iv && (j === 7 || j === 18) ? iv(f) : f)).join(','));
  return `${head}\n${picked.join('\n')}\n`;
}

describe('a chain too small to judge IV units', () => {
  it.each([
    [
      'the first row of the sample (a strike-20 call without IV, its put at 5.1842)',
      fileWith(1),
      2,
      'IV units not checked: only 1 contract has an IV, too few to tell decimals from percent; ' +
        'read as decimals (the highest, 5.1842, as 518.4 %)',
    ],
    [
      'one row whose IVs are in percent',
      fileWith(1, () => '35.2'),
      2,
      'IV units not checked: only 2 contracts have an IV, too few to tell decimals from percent; ' +
        'read as decimals (the highest, 35.2, as 3520 %)',
    ],
  ])('is imported with a note: %s', (_name, file, size, note) => {
    const r = importCboeCsv(file);
    expect(r.chain.size).toBe(size);
    expect(r.notes).toContain(note);
  });

  it('gets no note when every IV is plainly a decimal', () => {
    const r = importCboeCsv(fileWith(1, () => '0.45'));
    expect(r.notes.filter((n) => n.startsWith('IV units'))).toEqual([]);
  });

  it(`is judged by its median IV from ${MIN_IVS_TO_JUDGE_UNITS} IVs on`, () => {
    // Five rows with both IVs in percent: ten IVs, enough to refuse.
    expect(() => importCboeCsv(fileWith(MIN_IVS_TO_JUDGE_UNITS / 2, () => '35.2'))).toThrow(
      'IV column: median IV is 35.2: the file looks like it gives IV in percent',
    );
  });
});
