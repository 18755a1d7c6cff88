// What a hostile or broken file may hold beyond plain garbage: numbers too large for a double
// (`1e400` reads as Infinity) are refused like negative ones, naming the field, and file content
// a message repeats is clipped, so a 5 MB "symbol" cannot become a 5 MB problem or log line.
import { describe, expect, it } from 'vitest';
import { importCboeCsv } from '../../../../../src/service/market/import/cboe-csv.ts';
import { importCboeJson } from '../../../../../src/service/market/import/cboe-json.ts';
import { ChainImportError, MAX_PROBLEM_CHARS } from '../../../../../src/service/market/import/errors.ts';
import { importChainText } from '../../../../../src/service/market/import/index.ts';
import { ECHO_MAX_CHARS } from '../../../../../src/shared/echo.ts';
import { parseEarningsCsv } from '../../../../../src/service/market/folder/earnings-csv.ts';
import { parseHistoryCsv } from '../../../../../src/service/market/folder/history-csv.ts';
import { naiveRows, replaceLine, sampleText } from './cboe-sample.ts';

const text = sampleText();
const firstRow = (naiveRows(text)[0] as { line: number }).line;

/** The first data row with field `index` (0-based) replaced. */
function withField(index: number, value: string): string {
  return replaceLine(text, firstRow, (l) =>
    l
      .split(',')
      .map((f, i) => (i === index ? value : f))
      .join(','),
  );
}

function thrown(run: () => unknown): ChainImportError {
  try {
    run();
  } catch (error) {
    if (error instanceof ChainImportError) return error;
    throw error;
  }
  throw new Error('expected the import to be refused');
}

describe('non-finite numbers in a Cboe CSV', () => {
  const digits400 = '9'.repeat(400);
  it.each([
    [
      'spot 1e400',
      text.replace('Last: 218.8', 'Last: 1e400'),
      "line 2: 'Last:' price is not a finite number: '1e400'",
    ],
    [
      'spot of 400 digits',
      text.replace('Last: 218.8', `Last: ${digits400}`),
      "'Last:' price is not a finite number",
    ],
    [
      'a call open interest',
      withField(10, '1e400'),
      `line ${firstRow}: call Open Interest is not a finite number: '1e400'`,
    ],
    [
      'a put open interest',
      withField(21, '1E+999'),
      `line ${firstRow}: put Open Interest is not a finite number: '1E+999'`,
    ],
    ['a call bid', withField(4, '1e400'), `line ${firstRow}: call Bid is not a finite number`],
    ['a put IV', withField(18, '2e308'), `line ${firstRow}: put IV is not a finite number`],
    ['a volume', withField(6, '1e400'), `line ${firstRow}: call Volume is not a finite number`],
    ['a strike', withField(11, '1e400'), `line ${firstRow}: Strike is not a finite number`],
    ['a negative infinity', withField(5, '-1e400'), `line ${firstRow}: call Ask is not a finite number`],
  ])('refuses %s', (_name, variant, message) => {
    expect(() => importCboeCsv(variant)).toThrow(ChainImportError);
    expect(() => importCboeCsv(variant)).toThrow(message);
  });

  it('still reads the largest finite figures', () => {
    expect(importCboeCsv(withField(10, '1e300')).chain.size).toBeGreaterThan(100);
  });
});

describe('non-finite numbers in a Cboe JSON', () => {
  const doc = (option: string, price = '218.8') =>
    `{"timestamp":"2023-08-20 22:38:00","data":{"symbol":"TSLA","current_price":${price},` +
    `"options":[{"option":"TSLA230825C00200000",${option}}]}}`;
  it.each([
    [
      'open interest 1e400',
      doc('"open_interest":1e400'),
      'data.options[0].open_interest: not a finite number',
    ],
    ['a bid 1e400', doc('"bid":1e400'), 'data.options[0].bid: not a finite number'],
    ['an IV of -1e400', doc('"iv":-1e400'), 'data.options[0].iv: not a finite number'],
    ['a volume 1e999', doc('"volume":1e999'), 'data.options[0].volume: not a finite number'],
    ['spot 1e400', doc('"bid":1', '1e400'), 'data.current_price: not a finite number'],
    ['a figure given as text', doc('"ask":"1.5"'), 'data.options[0].ask: must be a number'],
  ])('refuses %s', (_name, json, message) => {
    expect(() => importCboeJson(json)).toThrow(message);
  });
});

describe('file content echoed in messages is clipped', () => {
  const huge = 'X'.repeat(5 * 1024 * 1024);
  const json = (symbol: string, option = 'TSLA230825C00200000', timestamp = '2023-08-20 22:38:00') =>
    JSON.stringify({
      timestamp,
      data: { symbol, current_price: 218.8, options: [{ option, open_interest: 1 }] },
    });
  const longField = 'Z'.repeat(60_000); // under the CSV line limit, far over what a message repeats

  it.each([
    // The stated symbol meets the one ticker rule first (at most 16 characters), still clipped.
    ['a 5 MB JSON symbol', () => importChainText(json(huge), 'big.json'), 'is not a ticker'],
    [
      'a 5 MB JSON option symbol',
      () => importChainText(json('TSLA', huge), 'big.json'),
      'not an OCC option symbol',
    ],
    [
      'a 5 MB JSON timestamp',
      () => importChainText(json('TSLA', undefined, huge), 'big.json'),
      'timestamp: ',
    ],
    [
      'a long CSV call symbol',
      () => importChainText(withField(1, longField), 'x.csv'),
      'call symbol: not an OCC',
    ],
    ['a long CSV figure', () => importChainText(withField(10, longField), 'x.csv'), 'is not a number'],
    [
      'a long CSV strike',
      () => importChainText(withField(11, `-0.${'1'.repeat(60_000)}`), 'x.csv'),
      'Strike must',
    ],
    [
      'a long Date line',
      () => importChainText(text.replace('August 20, 2023', longField), 'x.csv'),
      'line 3',
    ],
  ])('%s', (_name, run, message) => {
    const error = thrown(run);
    expect(error.message).toContain(message);
    expect(error.problem.length).toBeLessThanOrEqual(MAX_PROBLEM_CHARS + 1);
    // The echo itself is the API's clip: 80 characters and an ellipsis.
    expect(error.message).toMatch(new RegExp(`[XZ01.-]{${ECHO_MAX_CHARS - 1},${ECHO_MAX_CHARS}}…`));
  });

  it('bounds a problem whatever builds it', () => {
    const error = new ChainImportError('line 1', 'y'.repeat(10_000));
    expect(error.problem).toHaveLength(MAX_PROBLEM_CHARS + 1);
    expect(error.message.length).toBeLessThan(MAX_PROBLEM_CHARS + 20);
  });

  it.each([
    ['a history header', () => parseHistoryCsv(`${'H'.repeat(200_000)},Other\n2023-01-03,1\n`)],
    ['an earnings header', () => parseEarningsCsv(`${'E'.repeat(200_000)},date\nTSLA,2023-01-03\n`)],
    ['a history header of many columns', () => parseHistoryCsv(`${'col,'.repeat(100_000)}x\n1,2\n`)],
  ])('in %s', (_name, run) => {
    let message = '';
    try {
      run();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/header/);
    expect(message.length).toBeLessThan(2000);
  });
});
