import { describe, expect, it } from 'vitest';
import { HistoryFileError, parseHistoryCsv } from '../../../../../src/service/market/folder/history-csv.ts';
import { parseDayCell } from '../../../../../src/service/market/folder/csv-values.ts';

describe('parseHistoryCsv: header variants', () => {
  it.each([
    [
      'Yahoo',
      'Date,Open,High,Low,Close,Adj Close,Volume\n2025-09-11,1,2,0.5,101.5,100.9,10\n2025-09-12,1,2,0.5,102,101.4,10\n',
    ],
    ['lower-case date,close', 'date,close\n2025-09-11,101.5\n2025-09-12,102\n'],
    ['any order, upper case', 'VOLUME,CLOSE,DATE\n10,101.5,2025-09-11\n10,102,2025-09-12\n'],
    ['quoted header and values', '"Date","Close"\n"2025-09-11","101.5"\n"2025-09-12","102"\n'],
    ['BOM and US dates', '\uFEFFDate,Close\n09/11/2025,101.5\n9/12/2025,102\n'],
    [
      'Nasdaq Close/Last with $',
      'Date,Close/Last,Volume,Open,High,Low\n09/12/2025,$102.00,10,1,1,1\n09/11/2025,$101.50,10,1,1,1\n',
    ],
    ['Windows line ends', 'Date,Close\r\n2025-09-11,101.5\r\n2025-09-12,102\r\n'],
    ['ISO dates with a time', 'time,close\n2025-09-11T00:00:00Z,101.5\n2025-09-12 00:00:00,102\n'],
  ])('%s', (_name, text) => {
    const h = parseHistoryCsv(text);
    expect(h.dates).toEqual(['2025-09-11', '2025-09-12']);
    expect(h.closes).toEqual([101.5, 102]);
    expect(h.notes).toEqual([]);
  });

  it('reads quoted numbers with thousands separators', () => {
    const h = parseHistoryCsv('Date,Close\n2025-09-12,"4,512.25"\n');
    expect(h.closes).toEqual([4512.25]);
  });

  it('prefers Close over Adj Close whatever the column order', () => {
    const h = parseHistoryCsv('Date,Adj Close,Close\n2025-09-12,99,100\n');
    expect(h.closes).toEqual([100]);
    expect(h.notes).toEqual([]);
  });

  it.each(['Adj Close', 'Adj. Close**', 'adj_close', 'Adjusted Close'])(
    'falls back to %s with a note when there is no Close',
    (column) => {
      const h = parseHistoryCsv(`Date,${column}\n2025-09-12,99\n`);
      expect(h.closes).toEqual([99]);
      expect(h.notes).toHaveLength(1);
      expect(h.notes[0]).toMatch(/no Close column: using .*dividend-adjusted closes sit below/);
    },
  );

  it('sorts by date and keeps the last row of a repeated date', () => {
    const h = parseHistoryCsv('Date,Close\n2025-09-12,3\n2025-09-10,1\n2025-09-12,4\n2025-09-11,2\n');
    expect(h.dates).toEqual(['2025-09-10', '2025-09-11', '2025-09-12']);
    expect(h.closes).toEqual([1, 2, 4]);
  });
});

describe('parseHistoryCsv: bad input', () => {
  it('names the columns it found and the ones it needs', () => {
    expect(() => parseHistoryCsv('When,Value,Volume\n2025-09-12,1,2\n')).toThrow(HistoryFileError);
    expect(() => parseHistoryCsv('When,Value,Volume\n2025-09-12,1,2\n')).toThrow(
      "the header has no date column (Date) and no close column (Close): found 'When', 'Value', 'Volume'; expected e.g. Date,Open,High,Low,Close,Adj Close,Volume or date,close",
    );
    expect(() => parseHistoryCsv('Date,Open,High\n2025-09-12,1,2\n')).toThrow(
      /the header has no close column \(Close\): found 'Date', 'Open', 'High'/,
    );
  });

  it.each([
    ['an empty file', '', /the file is empty/],
    ['a header alone', 'Date,Close\n', /no usable rows/],
    ['only bad rows', 'Date,Close\nyesterday,1\n2025-09-12,-1\n', /no usable rows \(2 bad\)/],
    ['an unterminated quote', 'Date,Close\n"2025-09-12,1\n', /not a readable CSV file/],
  ])('refuses %s', (_name, text, message) => {
    expect(() => parseHistoryCsv(text)).toThrow(message);
  });

  it('skips rows without a valid date or a positive finite close, and counts them in a note', () => {
    const text = [
      'Date,Close',
      '2025-09-08,100',
      '2025-09-09,0',
      '2025-09-10,-3',
      '2025-09-11,n/a',
      '2025/09/11,101',
      '2025-02-30,101',
      '09/12/25,101',
      '2025-09-12,102',
      '2025-09-15,',
    ].join('\n');
    const h = parseHistoryCsv(text);
    expect(h.dates).toEqual(['2025-09-08', '2025-09-12']);
    expect(h.notes).toEqual([
      '7 rows without a valid date and positive close were skipped (first: line 3: Too small: expected number to be >0)',
    ]);
  });
});

describe('parseDayCell', () => {
  it.each([
    ['2025-09-12', '2025-09-12'],
    ['2025-9-2', '2025-09-02'],
    ['09/12/2025', '2025-09-12'],
    ['9/2/2025', '2025-09-02'],
    ['2024-02-29', '2024-02-29'],
    ['2025-02-29', null],
    ['13/01/2025', null],
    ['12.09.2025', null],
    ['9/12/25', null],
    ['', null],
  ])('%s → %s', (cell, expected) => {
    expect(parseDayCell(cell)).toBe(expected);
  });
});
