import { describe, expect, it } from 'vitest';
import { ChainImportError } from '../../../../../src/service/market/import/errors.ts';
import { isBlankRecord, parseCsv } from '../../../../../src/service/market/import/csv-fields.ts';

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
