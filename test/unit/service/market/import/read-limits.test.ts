// A chain file is read through one handle with its limits enforced on the bytes as they arrive (a
// file grown after `stat` is still cut off), and a CSV line or field past the line limit is refused
// at once with a message that says why, by the reader and the parser alike. The timing and memory
// of the 60 MB case are in test/bench/chain-import-limits.bench.ts.
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readChainFile } from '../../../../../src/service/market/folder/read-chain-file.ts';
import { parseCsv } from '../../../../../src/service/market/import/csv-fields.ts';
import {
  ChainImportError,
  importChainFile,
  importChainText,
  MAX_CSV_LINE_CHARS,
  readChainText,
} from '../../../../../src/service/market/import/index.ts';
import { sampleText } from './cboe-sample.ts';

const dir = mkdtempSync(join(tmpdir(), 'gw-import-limits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sample = sampleText();
/** The sample's blank first line, name and price, date, and column header: lines 1 to 4. */
const preamble = sample.split('\n').slice(0, 4).join('\n') + '\n';
/** Over the default line limit by a good margin, yet quick to write and read. */
const junkLine = 'x'.repeat(3 * MAX_CSV_LINE_CHARS);
const LONG_LINE =
  'line 5: longer than 65,536 characters; not a chain file (a Cboe chain line is a few hundred)';

function write(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('a CSV line past the limit (item 3)', () => {
  it.each([
    ['one junk line after the header', `${preamble}${junkLine}\n`],
    ['the junk line last, without a line end', `${preamble}${junkLine}`],
    ['junk with commas', `${preamble}${'a,'.repeat(2 * MAX_CSV_LINE_CHARS)}\n`],
    ['a quoted field running past the limit', `${preamble}"${junkLine}",1\n`],
    ['an unclosed quote on a long line', `${preamble}"${junkLine}\n`],
  ])('is refused by importChainFile: %s', async (_name, text) => {
    const path = write('junk.csv', text);
    await expect(importChainFile(path)).rejects.toThrow(`junk.csv: ${LONG_LINE}`);
    await expect(importChainFile(path)).rejects.toBeInstanceOf(ChainImportError);
  });

  it('is refused by importChainText (text already in memory) with the same message', () => {
    expect(() => importChainText(`${preamble}${junkLine}\n`, 'junk.csv')).toThrow(`junk.csv: ${LONG_LINE}`);
  });

  it('is listed as the problem of that file in a chain folder', async () => {
    write('junk-folder.csv', `${preamble}${junkLine}\n`);
    const result = await readChainFile(dir, 'junk-folder.csv');
    expect(result?.parsed).toBeNull();
    expect(result?.row).toMatchObject({ kind: 'failure', problem: LONG_LINE });
  });

  it('is counted from the line where a multi-line quoted record starts', () => {
    expect(() => parseCsv(`a,b\n"x\n${'y'.repeat(30)}\nz",1\n`, 20)).toThrow(
      'line 2: longer than 20 characters; not a chain file',
    );
  });

  it.each([
    ['a line of exactly the limit', `${'x'.repeat(20)}\nnext`, [['x'.repeat(20)], ['next']]],
    ['a quoted field filling the limit', `"${'x'.repeat(15)}",1`, [['x'.repeat(15), '1']]],
    ['many lines, each under the limit', 'a,b\n'.repeat(100), Array.from({ length: 100 }, () => ['a', 'b'])],
  ])('is not triggered by %s', (_name, text, fields) => {
    expect(parseCsv(text, 20).map((r) => r.fields)).toEqual(fields);
  });

  it('does not apply to JSON, whose whole chain is often one line', () => {
    const json = JSON.stringify({
      timestamp: '2023-08-20 22:38:12',
      data: { symbol: 'TSLA', current_price: 218.8, padding: junkLine, options: [] },
    });
    // Read whole and handed to the JSON importer, which has its own complaint.
    expect(() => importChainText(json, 'chain.json')).toThrow('data.options: no option rows');
  });

  it('a file with no header in its first 50 lines is refused without reading on', async () => {
    const path = write('no-header.csv', 'just,some,text\n'.repeat(10_000));
    await expect(importChainFile(path)).rejects.toThrow(
      "no-header.csv: file: missing header: no line starting with 'Expiration Date,Calls,...' in the first 50 lines",
    );
  });
});

describe('the file size limit is enforced while reading (item 5)', () => {
  const limits = { maxBytes: 4096, maxLineChars: MAX_CSV_LINE_CHARS };

  it('refuses a file that grows past the limit after its size was taken', async () => {
    const path = write('grows.csv', preamble);
    const handle = await open(path, 'r');
    try {
      const info = await handle.stat();
      expect(info.size).toBeLessThan(limits.maxBytes);
      // Swapped or grown between the size check and the read: the handle sees the new bytes.
      appendFileSync(path, `${'Fri Aug 25 2023,TSLA230825C00020000\n'.repeat(1000)}`);
      await expect(readChainText(handle, info.size, limits)).rejects.toThrow(
        'file: larger than the 4,096 bytes limit for a chain file',
      );
    } finally {
      await handle.close();
    }
  });

  it('refuses early from the size stat gives, naming it', async () => {
    const path = write('big.csv', `${preamble}${'\n'.repeat(5000)}`);
    await expect(importChainFile(path, limits)).rejects.toThrow(
      /^big\.csv: file: 5,\d{3} bytes is larger than the 4,096 bytes limit for a chain file$/,
    );
  });

  it('reads a file under the limit whole', async () => {
    const path = write('sample.csv', sample);
    const r = await importChainFile(path, { ...limits, maxBytes: sample.length + 1 });
    expect(r.chain.ticker).toBe('TSLA');
  });

  it('refuses a named pipe at once instead of waiting for a writer', async () => {
    const path = join(dir, 'pipe.csv');
    execFileSync('mkfifo', [path]);
    await expect(importChainFile(path)).rejects.toThrow('pipe.csv: file: not a regular file');
  });
});
