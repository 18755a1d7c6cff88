import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ChainImportError,
  detectFormat,
  importChainFile,
  importChainText,
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
