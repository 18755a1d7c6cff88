import { describe, expect, it } from 'vitest';
import { importCboeCsv } from '../../../../../src/service/market/import/cboe-csv.ts';
import { ChainImportError } from '../../../../../src/service/market/import/errors.ts';
import { naiveRows, replaceLine, sampleText } from './cboe-sample.ts';

const text = sampleText();
const rows = naiveRows(text);
const firstRow = rows[0]?.line as number;
const HEADER_LINE = firstRow - 1;

function setField(source: string, line: number, index: number, value: string): string {
  return replaceLine(source, line, (l) => {
    const f = l.split(',');
    f[index] = value;
    return f.join(',');
  });
}

describe('importCboeCsv on the real TSLA sample', () => {
  const result = importCboeCsv(text);
  const { chain } = result;

  it('reads ticker, spot, snapshot time and the one expiration', () => {
    expect(chain.ticker).toBe('TSLA');
    expect(chain.spot).toBe(218.8);
    expect(chain.source).toBe('cboe_csv');
    expect(chain.asof).toBe(Date.parse('2023-08-21T02:38:00Z')); // August 20, 2023 10:38 PM EDT
    expect(chain.expirations.map((e) => e.date)).toEqual(['2023-08-25']);
    expect(chain.expirations[0]?.expiresAt).toBe(Date.parse('2023-08-25T20:00:00Z'));
    expect(result.name).toBe('Tesla Inc');
    expect(result.expiredRows).toBe(0);
  });

  it('keeps a call and a put per row, fractional strikes included', () => {
    expect(chain.size).toBe(rows.length * 2);
    expect([...chain.strike]).toContain(172.5);
    const strikes = rows.map((r) => Number(r.fields[11]));
    expect(new Set(chain.strike)).toEqual(new Set(strikes));
    for (let i = 1; i < chain.size; i++)
      expect(chain.strike[i]).toBeGreaterThanOrEqual(chain.strike[i - 1] as number);
  });

  it('keeps rows with IV 0 and counts them in a note', () => {
    const zeroIv =
      rows.filter((r) => Number(r.fields[7]) === 0).length +
      rows.filter((r) => Number(r.fields[18]) === 0).length;
    expect(zeroIv).toBeGreaterThan(0);
    expect([...chain.iv].filter((v) => v === 0)).toHaveLength(zeroIv);
    expect(result.notes).toContain(
      `${zeroIv} of ${chain.size} contracts have no IV (0 or missing): kept for open interest and volume, they add no gamma`,
    );
  });

  it('carries open interest, volume and quotes of both sides', () => {
    const sumOf = (col: number): number => rows.reduce((s, r) => s + Number(r.fields[col]), 0);
    let callOi = 0;
    let putOi = 0;
    let volume = 0;
    for (let i = 0; i < chain.size; i++) {
      if (chain.isCall[i]) callOi += chain.openInterest[i] as number;
      else putOi += chain.openInterest[i] as number;
      volume += chain.volume[i] as number;
    }
    expect(callOi).toBe(sumOf(10));
    expect(putOi).toBe(sumOf(21));
    expect(volume).toBe(sumOf(6) + sumOf(17));
    const i172 = [...chain.strike].findIndex((k, i) => k === 172.5 && chain.isCall[i] === 1);
    const row172 = rows.find((r) => r.fields[11] === '172.50')?.fields as string[];
    expect(chain.bid[i172]).toBe(Number(row172[4]));
    expect(chain.ask[i172]).toBe(Number(row172[5]));
    expect(chain.iv[i172]).toBe(Number(row172[7]));
  });

  it('parses the same with CRLF line ends and trailing blank lines', () => {
    const again = importCboeCsv(text.replace(/\n/g, '\r\n') + '\r\n\r\n');
    expect(again.chain.size).toBe(chain.size);
    expect(again.chain.asof).toBe(chain.asof);
  });
});

describe('importCboeCsv variants', () => {
  it('reads a quoted number with a thousands separator', () => {
    const variant = setField(text, firstRow, 6, '"1,234"');
    const { chain } = importCboeCsv(variant);
    const i = [...chain.strike].findIndex(
      (k, j) => k === Number(rows[0]?.fields[11]) && chain.isCall[j] === 1,
    );
    expect(chain.volume[i]).toBe(1234);
  });

  it('notes an assumed time zone', () => {
    const variant = text.replace('10:38 PM EDT', '10:38 PM');
    const r = importCboeCsv(variant);
    expect(r.chain.asof).toBe(Date.parse('2023-08-21T02:38:00Z'));
    expect(r.notes.some((n) => n.includes('no time zone given; New York time assumed'))).toBe(true);
  });

  it('reads a locale with the day first and a 24-hour clock', () => {
    const variant = text.replace('August 20, 2023 at 10:38 PM EDT', '20 August 2023 at 22:38 EDT');
    expect(importCboeCsv(variant).chain.asof).toBe(Date.parse('2023-08-21T02:38:00Z'));
  });

  it('reads a Date line the exporter did not quote', () => {
    const variant = text.replace(
      '"Date: August 20, 2023 at 10:38 PM EDT"',
      'Date: August 20, 2023 at 10:38 PM EDT',
    );
    expect(importCboeCsv(variant).chain.asof).toBe(Date.parse('2023-08-21T02:38:00Z'));
  });

  // Date lines and preambles as traders' browsers and editors leave them.
  const EDT_2238 = Date.parse('2023-08-21T02:38:00Z');
  it.each([
    ['a Unicode minus in the offset', '"Date: 20 August 2023, 22:38 UTC\u22124"'],
    ['another language’s connecting word', '"Date: 20 August, 2023 \u00e0 22:38 UTC\u22124"'],
    ['a stray quote after the zone', 'Date: August 20, 2023 at 10:38 PM EDT"'],
    ['an unbalanced quote before the Date line', '"Date: August 20, 2023 at 10:38 PM EDT'],
    ['a French month and weekday', '"Date: dimanche 20 ao\u00fbt 2023 \u00e0 22:38 UTC\u22124"'],
  ])('reads %s', (_what, dateField) => {
    const variant = text.replace('"Date: August 20, 2023 at 10:38 PM EDT"', dateField);
    const r = importCboeCsv(variant);
    expect(r.chain.asof).toBe(EDT_2238);
    expect(r.chain.size).toBe(rows.length * 2);
  });

  it('reads a preamble with an unbalanced quote as text, not as a field running to the end', () => {
    const variant = text.replace('Tesla Inc,Last: 218.8', '"Tesla Inc,Last: 218.8');
    const r = importCboeCsv(variant);
    expect(r.chain.spot).toBe(218.8);
    expect(r.chain.size).toBe(rows.length * 2);
  });

  it('takes a missing year from the earliest expiration, with a note', () => {
    const variant = text.replace('August 20, 2023 at 10:38 PM EDT', 'August 20 at 10:38 PM EDT');
    const r = importCboeCsv(variant);
    expect(r.chain.asof).toBe(EDT_2238);
    expect(r.notes).toContain(
      "Snapshot time 'August 20 at 10:38 PM EDT' has no year: 2023, from the earliest expiration (2023-08-25)",
    );
  });

  it('refuses a missing year the expirations do not settle', () => {
    const variant = text.replace('August 20, 2023 at 10:38 PM EDT', 'June 1 at 10:38 PM EDT');
    expect(() => importCboeCsv(variant)).toThrow(
      /line 3: no year in 'June 1 at 10:38 PM EDT', and the expirations do not settle it/,
    );
  });

  it('leaves out adjusted roots and says so', () => {
    const extra =
      'Fri Aug 25 2023,TSLA1230825C00200000,1,0,1,1.2,0,0.5,0.5,0.01,10,200.00,TSLA1230825P00200000,1,0,1,1.2,0,0.5,-0.5,0.01,10';
    const variant = replaceLine(text, firstRow, (l) => `${l}\n${extra}`);
    const r = importCboeCsv(variant);
    expect(r.chain.size).toBe(rows.length * 2);
    expect(r.notes.some((n) => n.startsWith('2 contracts on other roots (TSLA1)'))).toBe(true);
  });

  it('drops contracts that expired before the snapshot', () => {
    const variant = text.replace('August 20, 2023 at 10:38 PM EDT', 'August 26, 2023 at 10:00 AM EDT');
    expect(() => importCboeCsv(variant)).toThrow('every contract had expired');
  });
});

describe('importCboeCsv refuses broken files, naming the line', () => {
  const truncated = text.slice(0, text.indexOf('\n', text.length / 2) + 40);
  const truncatedLine = truncated.split('\n').length;
  const badSymbol = text.replace('TSLA230825C00100000', 'TSLA230825X00100000');
  const badSymbolLine = text.split('\n').findIndex((l) => l.includes('TSLA230825C00100000')) + 1;

  it.each([
    ['truncated mid-row', truncated, `line ${truncatedLine}: expected 22 fields as in the header, found`],
    [
      'a garbage line',
      replaceLine(text, firstRow + 3, (l) => `${l}\nthis is not a row`),
      `line ${firstRow + 4}: expected 22 fields`,
    ],
    ['missing header', replaceLine(text, HEADER_LINE, () => ''), 'file: missing header'],
    [
      'a bad symbol',
      badSymbol,
      `line ${badSymbolLine}: call symbol: not an OCC option symbol: 'TSLA230825X00100000'`,
    ],
    [
      'an unparsable number',
      setField(text, firstRow + 1, 10, '12x'),
      `line ${firstRow + 1}: call Open Interest is not a number: '12x'`,
    ],
    [
      'a negative open interest',
      setField(text, firstRow, 21, '-5'),
      `line ${firstRow}: put Open Interest is negative`,
    ],
    [
      'a strike that disagrees with the symbol',
      replaceLine(text, firstRow, (l) => l.replace(',20.00,', ',21.00,')),
      `line ${firstRow}: strike 21 disagrees with the symbol`,
    ],
    [
      'an expiration that disagrees with the symbol',
      replaceLine(text, firstRow, (l) => l.replace('Fri Aug 25 2023', 'Fri Sep 1 2023')),
      `line ${firstRow}: expiration 2023-09-01`,
    ],
    ['no rows', text.split('\n').slice(0, HEADER_LINE).join('\n'), 'no option rows after the header'],
    ['spot missing', text.replace('Last: 218.8', 'Price 218.8'), "spot missing: no 'Last:' field"],
    ['spot zero', text.replace('Last: 218.8', 'Last: 0'), 'spot must be a positive price'],
    ['spot not a number', text.replace('Last: 218.8', 'Last: n/a?'), "'Last:' price is not a number"],
    [
      'no snapshot time',
      text.replace('"Date: August 20, 2023 at 10:38 PM EDT"', 'Dated'),
      "no 'Date:' field",
    ],
    [
      'an unreadable snapshot time',
      text.replace('August 20, 2023', 'Sometime in August'),
      'line 3: not a date and time',
    ],
    [
      'IV in percent',
      text
        .split('\n')
        .map((l, i) =>
          i + 1 >= firstRow && l.includes(',')
            ? l
                .split(',')
                .map((f, j) => (j === 7 || j === 18 ? String(Number(f) * 100) : f))
                .join(',')
            : l,
        )
        .join('\n'),
      'looks like it gives IV in percent',
    ],
    [
      'a missing column',
      replaceLine(text, HEADER_LINE, (l) =>
        l.replace(',IV,Delta,Gamma,Open Interest,Strike', ',IVx,Delta,Gamma,Open Interest,Strike'),
      ),
      `header (line ${HEADER_LINE}): missing column 'IV'`,
    ],
  ])('%s', (_name, variant, message) => {
    expect(() => importCboeCsv(variant)).toThrow(ChainImportError);
    expect(() => importCboeCsv(variant)).toThrow(message);
  });
});
