import { describe, expect, it } from 'vitest';
import { ChainImportError } from '../../../../../src/service/market/import/errors.ts';
import {
  isBlankRecord,
  lenientFields,
  parseCsv,
} from '../../../../../src/service/market/import/csv-fields.ts';

describe('parseCsv (RFC 4180)', () => {
  it.each([
    ['a,b,c', [['a', 'b', 'c']]],
    ['a,,c\n', [['a', '', 'c']]],
    ['"a,b",c', [['a,b', 'c']]],
    ['"Volume: 136,276,584",x', [['Volume: 136,276,584', 'x']]],
    ['"say ""hi""",2', [['say "hi"', '2']]],
    [
      '"two\nlines",3\nnext,4',
      [
        ['two\nlines', '3'],
        ['next', '4'],
      ],
    ],
    [
      'a,b\r\nc,d\r\n',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    ['\ufeffx,y', [['x', 'y']]],
    ['"",a', [['', 'a']]],
  ])('%j', (text, expected) => {
    expect(parseCsv(text).map((r) => r.fields)).toEqual(expected);
  });

  it('numbers records by the line they start on, counting line breaks inside quotes', () => {
    const records = parseCsv('\nfirst\n"multi\nline",x\nlast');
    expect(records.map((r) => r.line)).toEqual([1, 2, 3, 5]);
    expect(isBlankRecord(records[0] as never)).toBe(true);
  });

  it.each([
    ['"open,a', 'line 1: a quoted field is not closed'],
    ['ok\n"bad"x,1', 'line 2: unexpected character after a closing quote'],
  ])('rejects %j', (text, message) => {
    expect(() => parseCsv(text)).toThrow(ChainImportError);
    expect(() => parseCsv(text)).toThrow(message);
  });
});

describe('lenientFields: a preamble line, stray quotes and all', () => {
  it.each([
    ['Tesla Inc,Last: 218.8,Change:  -3.73', ['Tesla Inc', 'Last: 218.8', 'Change:  -3.73']],
    ['"Date: Aug 20, 2023 at 10:38 PM EDT",Bid: 1', ['Date: Aug 20, 2023 at 10:38 PM EDT', 'Bid: 1']],
    ['"Volume: 136,276,584"', ['Volume: 136,276,584']],
    ['"say ""hi""",x', ['say "hi"', 'x']],
    // Unbalanced: the quote is a character, dropped, and the commas still split.
    ['"Tesla Inc,Last: 218.8', ['Tesla Inc', 'Last: 218.8']],
    ['"Date: Aug 20, 2023 EDT,Bid: 1,"Volume: 5"', ['Date: Aug 20', ' 2023 EDT', 'Bid: 1', 'Volume: 5']],
    ['Date: Aug 20, 2023 EDT",Bid: 1', ['Date: Aug 20', ' 2023 EDT', 'Bid: 1']],
    ['', ['']],
    ['a,', ['a', '']],
  ])('%j', (line, fields) => {
    expect(lenientFields(line)).toEqual(fields);
  });
});
