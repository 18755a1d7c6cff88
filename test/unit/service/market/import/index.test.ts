import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ChainImportError,
  detectFormat,
  importChainFile,
  importChainStream,
  importChainText,
  sniffChainFormat,
} from '../../../../../src/service/market/import/index.ts';
import { SAMPLE_PATH, sampleText } from './cboe-sample.ts';

const dir = mkdtempSync(join(tmpdir(), 'gw-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('detectFormat', () => {
  it.each([
    ['{"timestamp":1}', '', 'cboe_json'],
    ['\ufeff  {"a":1}', 'x.csv', 'cboe_json'],
    ['\nTesla Inc,Last: 1', 'quotedata.csv', 'cboe_csv'],
    ['', 'chain.json', 'cboe_json'],
  ])('%j (%s) is %s', (text, hint, format) => {
    expect(detectFormat(text, hint)).toBe(format);
  });
});

describe('sniffChainFormat (no file name to go by)', () => {
  it.each([
    ['{"timestamp":1}', 'cboe_json'],
    ['\ufeff\n  [1]', 'cboe_json'],
    ['Tesla Inc,Last: 1\nDate: x\nExpiration Date,Calls,Last Sale\n', 'cboe_csv'],
    ['\ufeffExpiration Date,Calls\r\n', 'cboe_csv'],
    ['x\n"Expiration Date","Calls"\n', 'cboe_csv'],
    ['just some text\nno chain here\n', null],
    ['Strike,Bid,Ask\n1,2,3\n', null],
    [`${'x\n'.repeat(60)}Expiration Date,Calls\n`, null],
  ])('%j is %s', (text, format) => {
    expect(sniffChainFormat(text)).toBe(format);
  });
});

describe('importChainStream', () => {
  async function* chunks(...parts: string[]): AsyncGenerator<Buffer> {
    for (const p of parts) yield Buffer.from(p);
  }

  it('imports the sample split anywhere, a character cut in two included', async () => {
    const bytes = Buffer.from(`\ufeff${sampleText()}`);
    const parts = [bytes.subarray(0, 1), bytes.subarray(1, 777), bytes.subarray(777)];
    const r = await importChainStream(
      (async function* () {
        yield* parts;
      })(),
    );
    expect(r.format).toBe('cboe_csv');
    expect(r.chain).toEqual((await importChainFile(SAMPLE_PATH)).chain);
  });

  it.each([
    [['hello\n', 'world\n'], 'stdin: content: cannot tell the format'],
    [['', '  \n'], 'stdin: input: nothing to read: it is empty'],
  ])('refuses %j: %s', async (parts, message) => {
    await expect(importChainStream(chunks(...parts))).rejects.toThrow(message);
  });

  it('stops reading past the size limit', async () => {
    const big = chunks('Expiration Date,Calls\n', 'x'.repeat(64), 'y'.repeat(64));
    await expect(importChainStream(big, 'stdin', { maxBytes: 100, maxLineChars: 1000 })).rejects.toThrow(
      /^stdin: file: larger than the 100 bytes limit/,
    );
  });
});

describe('importChainText / importChainFile', () => {
  it('imports the real sample from its file', async () => {
    const r = await importChainFile(SAMPLE_PATH);
    expect(r.format).toBe('cboe_csv');
    expect(r.chain.ticker).toBe('TSLA');
  });

  it('names the file in errors', async () => {
    const path = join(dir, 'broken.csv');
    writeFileSync(path, sampleText().replace('Last: 218.8', 'Last: 0'));
    await expect(importChainFile(path)).rejects.toThrow(
      /^broken\.csv: line 2: spot must be a positive price/,
    );
    expect(() => importChainText('', 'empty.csv')).toThrow('empty.csv: file: the file is empty');
  });

  it('reports unreadable paths as ChainImportError', async () => {
    await expect(importChainFile(join(dir, 'missing.csv'))).rejects.toBeInstanceOf(ChainImportError);
    mkdirSync(join(dir, 'folder.csv'));
    await expect(importChainFile(join(dir, 'folder.csv'))).rejects.toThrow('not a regular file');
  });
});
