import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, csvLine, inertText } from '../../../../src/core/store/csv.ts';

/** A strict RFC 4180 reader for one line, to check what the writer produces can be read back. */
function readLine(line: string): string[] {
  expect(line.endsWith('\r\n')).toBe(true);
  const text = line.slice(0, -2);
  const cells: string[] = [];
  let i = 0;
  for (;;) {
    let cell = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quote');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        cell += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',') {
        if (text[i] === '"' || text[i] === '\r' || text[i] === '\n')
          throw new Error(`bare ${JSON.stringify(text[i])} in an unquoted field`);
        cell += text[i++];
      }
    }
    cells.push(cell);
    if (i >= text.length) return cells;
    if (text[i] !== ',') throw new Error(`expected a comma at ${i}`);
    i++;
  }
}

describe('csvField', () => {
  it.each([
    ['plain text', 'AAPL', 'AAPL'],
    ['a comma', 'a,b', '"a,b"'],
    ['a quote', 'say "hi"', '"say ""hi"""'],
    ['a newline', 'line1\nline2', '"line1\nline2"'],
    ['a carriage return', 'a\rb', '"a\rb"'],
    ['a leading space', ' x', '" x"'],
    ['a trailing space', 'x ', '"x "'],
    ['JSON', '{"a":[1,2]}', '"{""a"":[1,2]}"'],
    ['an empty string', '', ''],
    ['null', null, ''],
    ['undefined', undefined, ''],
    ['an integer', 42, '42'],
    ['a negative decimal', -0.125, '-0.125'],
    ['a non-finite number', Number.NaN, ''],
    ['a boolean', true, 'true'],
  ])('%s', (_name, value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('csvLine', () => {
  it('joins with commas and ends in CRLF', () => {
    expect(csvLine(['date', 'price', 'iv_rank'])).toBe('date,price,iv_rank\r\n');
  });

  // Cells starting like a formula come back with the leading quote (csv-injection.test.ts).
  it('reads back to the same cells, whatever they contain', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', ' ', 'é', '1') }), {
          minLength: 1,
          maxLength: 6,
        }),
        (cells) => {
          expect(readLine(csvLine(cells))).toEqual(cells.map(inertText));
        },
      ),
    );
  });
});
