import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isChainFileName } from '../../../../../src/service/market/folder/file-names.ts';
import { classify } from '../../../../../src/service/market/folder/folder-watch.ts';

describe('isChainFileName', () => {
  it.each([
    ['spy_quotedata.csv', true],
    ['SPY.CSV', true],
    ['spy-2025-09-12.json', true],
    ['.spy_quotedata.csv', false],
    ['spy_quotedata.csv.tmp', false],
    ['spy_quotedata.csv.part', false],
    ['earnings.csv', false],
    ['notes.txt', false],
    ['history', false],
  ])('%s → %s', (name, expected) => {
    expect(isChainFileName(name)).toBe(expected);
  });
});

describe('classify (watched paths)', () => {
  const dir = '/data/chains';
  it.each([
    ['spy.csv', { kind: 'chain', name: 'spy.csv' }],
    ['Earnings.CSV', { kind: 'earnings', name: 'Earnings.CSV' }],
    ['history/tsla.csv', { kind: 'history', name: 'history/tsla.csv', ticker: 'TSLA' }],
    ['history/BRK.B.csv', { kind: 'history', name: 'history/BRK.B.csv', ticker: 'BRK.B' }],
    ['history/.tsla.csv', null],
    ['history/tsla.txt', null],
    ['history/deeper/tsla.csv', null],
    ['archive/spy.csv', null],
    ['.gammawatch/chain-index.db', null],
    ['spy.csv.part', null],
  ])('%s', (rel, expected) => {
    expect(classify(dir, join(dir, rel))).toEqual(expected);
  });
});
