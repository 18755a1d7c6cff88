// The inputs the importer's output is pinned on (chain-import-equivalence.test.ts): the real Cboe
// sample, generated chains from a few hundred rows to SPX size and beyond, and a small chain with
// every field, symbol, expiration, preamble and line-structure variant a file can hold, plus
// seeded random corruptions of it. Each case's outcome (the chain, its notes, or the refusal) was
// captured from the importer before its rewrite for speed; the test asserts it is unchanged.
import { createHash } from 'node:crypto';
import { chainFileText } from '../../../../support/cboe-chain-file.ts';
import { importChainText } from '../../../../../src/service/market/import/index.ts';
import { ChainImportError } from '../../../../../src/service/market/import/errors.ts';
import type { ChainImport } from '../../../../../src/service/market/import/chain-import.ts';
import { sampleText } from './cboe-sample.ts';
import { mulberry32 } from '../../../../support/prng.ts';

export interface EquivalenceCase {
  name: string;
  text: string;
  nameHint?: string;
  maxLineChars?: number;
}

/** What an import produced, small enough to store: the chain's columns as a digest of their bytes. */
export type Outcome =
  | {
      ticker: string;
      spot: number;
      asof: number;
      source: string;
      expirations: string[];
      size: number;
      columns: string;
      notes: string[];
      expiredRows: number;
      format: string;
      name: string | null;
    }
  | { refused: string; location: string }
  | { threw: string };

function digest(result: ChainImport): string {
  const c = result.chain;
  const hash = createHash('sha256');
  for (const column of [c.strike, c.expiryIndex, c.isCall, c.iv, c.openInterest, c.volume, c.bid, c.ask]) {
    hash.update(new Uint8Array(column.buffer, column.byteOffset, column.byteLength));
  }
  return hash.digest('hex');
}

export function outcomeOf(c: EquivalenceCase): Outcome {
  try {
    const r = importChainText(
      c.text,
      c.nameHint ?? '',
      c.maxLineChars === undefined ? undefined : { maxLineChars: c.maxLineChars },
    );
    return {
      ticker: r.chain.ticker,
      spot: r.chain.spot,
      asof: r.chain.asof,
      source: r.chain.source,
      expirations: r.chain.expirations.map((e) => `${e.date}@${e.expiresAt}`),
      size: r.chain.size,
      columns: digest(r),
      notes: r.notes,
      expiredRows: r.expiredRows,
      format: r.format,
      name: r.name,
    };
  } catch (error) {
    if (error instanceof ChainImportError) return { refused: error.message, location: error.location };
    return { threw: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/** SPX-like: weeklies on SPXW, the monthly (third Friday) on SPX, as Cboe lists them. */
function spxText(expirations: number, strikes: number): string {
  const text = chainFileText({
    ticker: 'SPX',
    date: '2023-08-18',
    spot: 4370,
    expirations,
    strikes,
    seed: 3,
  });
  return text.replace(
    /SPX(\d{2})(\d{2})(\d{2})([CP])/g,
    (all, _y: string, _m: string, d: string, cp: string) =>
      Number(d) >= 15 && Number(d) <= 21 ? all : `SPXW${all.slice(3, 9)}${cp}`,
  );
}

/** The benchmark's chains: sizes of real SPY, SPX and NVDA downloads, and a larger one. */
export function sizedChains(): { name: string; text: string }[] {
  return [
    {
      name: 'NVDA-size (550 rows)',
      text: chainFileText({ ticker: 'NVDA', date: '2023-08-18', spot: 439.4, expirations: 5, strikes: 110 }),
    },
    {
      name: 'SPY-size (3,300 rows)',
      text: chainFileText({
        ticker: 'SPY',
        date: '2023-08-18',
        spot: 436.5,
        expirations: 15,
        strikes: 220,
        seed: 2,
      }),
    },
    { name: 'SPX-size (9,000 rows)', text: spxText(25, 360) },
    { name: 'large (36,000 rows)', text: spxText(60, 600) },
  ];
}

const SMALL = chainFileText({
  ticker: 'NVDA',
  date: '2023-08-18',
  spot: 439.4,
  expirations: 3,
  strikes: 14,
  seed: 5,
});
const SMALL_LINES = SMALL.split('\n');
/** 1-based line of the small chain's first data row (after the three-line preamble). */
const ROW = 4;

function withLine(line: number, edit: (old: string) => string, base = SMALL): string {
  const lines = base.split('\n');
  lines[line - 1] = edit(lines[line - 1] as string);
  return lines.join('\n');
}

function withField(line: number, index: number, value: string, base = SMALL): string {
  return withLine(
    line,
    (l) =>
      l
        .split(',')
        .map((f, i) => (i === index ? value : f))
        .join(','),
    base,
  );
}

/** Values a number field may hold, fine and hostile. */
const FIELD_VALUES = [
  '',
  ' ',
  '-',
  '--',
  'N/A',
  'n/a',
  'NA',
  '0',
  '-0',
  '+0',
  '0.0',
  '00',
  '007',
  '1',
  ' 1 ',
  '\t2',
  '1.',
  '.5',
  '-.5',
  '+.5',
  '.',
  '+',
  '1.2.3',
  '1e3',
  '1E-3',
  '1e+3',
  '1e',
  '1e400',
  '-1e400',
  '1e-400',
  '+-1',
  '9007199254740993',
  '0.30000000000000004',
  '123456789012345678901234567890',
  '0.1234567890123456789',
  '-1',
  '-0.01',
  '"1,234"',
  '"1,234.5"',
  '"12,34"',
  '"1,2345"',
  '"-1,234"',
  '1,234',
  '0x10',
  '0b1',
  'Infinity',
  '-Infinity',
  'NaN',
  '1_000',
  '١٢',
  '１',
  'abc',
  '12abc',
  '"7"',
  '""',
  '"3.5"',
  '" 4 "',
  '1 2',
  '5%',
  '\u00a03',
  '3\u00a0',
];

/** Call side, strike and put side columns of the Cboe layout (0-based). */
const NUMBER_COLUMNS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 19, 20, 21];

const SYMBOL_VALUES = (row: string[]): string[] => {
  const s = row[1] as string;
  const root = s.slice(0, 4);
  const rest = s.slice(4);
  return [
    s.toLowerCase(),
    ` ${s} `,
    `.${s}`,
    `_${s}`,
    `${root}  ${rest}`,
    `NVDA1${rest}`,
    `NVDAXYZ${rest}`,
    `${root}${rest.replace('C', 'P')}`,
    `${root}${rest.slice(0, 6)}C00000000`,
    `${root}231345C00400000`,
    `${root}230230C00400000`,
    `${root}${rest.slice(0, 6)}C0040000`,
    `${root}${rest}X`,
    '',
    `AAPL${rest}`,
    `${root}${String(Number(rest.slice(0, 6)) + 7)}${rest.slice(6)}`,
    `${root}${rest.slice(0, 7)}${String(Number(rest.slice(7)) + 1).padStart(8, '0')}`,
    `${root}${rest.slice(0, 7)}${String(Number(rest.slice(7)) + 1000).padStart(8, '0')}`,
    '"' + s + '"',
    `${s}"`,
  ];
};

const EXPIRATION_VALUES = (label: string, iso: string): string[] => {
  const [y, m, d] = iso.split('-');
  return [
    iso,
    `${Number(m)}/${Number(d)}/${y}`,
    `"${label}"`,
    label.toUpperCase(),
    ` ${label} `,
    label.replace(/^\w+ /, ''),
    `Friday, August ${Number(d)}, ${y}`,
    `${label} 16:00`,
    `${label} EDT`,
    'soon',
    '',
    `Fri Feb 30 ${y}`,
    `${Number(d)} août ${y}`,
    `${label.slice(0, -5)}`,
    `Fri Aug ${d}th ${y}`,
  ];
};

const DATE_LINES = [
  '"Date: August 18, 2023 at 4:15 PM EDT"',
  '"Date: 18 August 2023 at 16:15 EDT"',
  '"Date: August 18, 2023 at 4:15 PM"',
  '"Date: August 18, 2023 at 4:15 PM XYZ"',
  'Date: August 18, 2023 at 4:15 PM ET',
  '"Date: August 18 at 4:15 PM EDT"',
  '"Date: 2023-08-18 16:15:00"',
  '"Date: 2023-08-18T20:15:00Z"',
  '"Date: August 18, 2023"',
  '"Date: tomorrow"',
  '"Date: August 25, 2023 at 5:00 PM EDT"',
  '"Date: January 3, 2030 at 4:15 PM EDT"',
  '"Date: 18. August 2023 um 16:15 MESZ"',
  '"Date: February 3 at 4:15 PM EDT"',
  '"Date: August 18, 2023 at 13:15 PM EDT"',
  '"Date: 18 août 2023, 22:15 UTC\u22122"',
  'Date: August 18, 2023 at 4:15 PM EDT"',
  '"Date: August 18, 2023 at 4:15 PM EDT',
  'Date: August 18',
];

function structural(): EquivalenceCase[] {
  const rows = SMALL_LINES.slice(3).filter((l) => l.length > 0);
  const header = SMALL_LINES[2] as string;
  const nameLine = SMALL_LINES[0] as string;
  const dateLine = SMALL_LINES[1] as string;
  const body = rows.join('\n');
  const preamble = (name: string, date: string, head = header) => `${name}\n${date}\n${head}\n`;
  const cases: [string, string][] = [
    ['CRLF', SMALL.replaceAll('\n', '\r\n')],
    ['CR only', SMALL.replaceAll('\n', '\r')],
    ['BOM', `\uFEFF${SMALL}`],
    ['leading blank line', `\n${SMALL}`],
    ['no final newline', SMALL.trimEnd()],
    ['trailing blank lines', `${SMALL}\n\n,,,\n \n`],
    ['blank line mid-file', withLine(ROW + 5, (l) => `${l}\n`)],
    ['line of commas mid-file', withLine(ROW + 5, (l) => `${l}\n${','.repeat(21)}`)],
    ['line of spaces and commas', withLine(ROW + 5, (l) => `${l}\n ${', '.repeat(21)}`)],
    ['an extra field', withLine(ROW + 2, (l) => `${l},`)],
    ['a missing field', withLine(ROW + 2, (l) => l.slice(0, l.lastIndexOf(',')))],
    ['truncated last line', SMALL.slice(0, SMALL.length - 40)],
    [
      'quoted fields everywhere',
      withLine(ROW + 1, (l) =>
        l
          .split(',')
          .map((f) => `"${f}"`)
          .join(','),
      ),
    ],
    ['a quoted field with a line break', withField(ROW + 1, 3, '"0\n1"')],
    ['a quoted field with a doubled quote', withField(ROW + 1, 3, '"0""1"')],
    ['an unclosed quote', withField(ROW + 1, 3, '"0.1')],
    ['a character after a closing quote', withField(ROW + 1, 3, '"0.1"x')],
    ['a quote inside an unquoted field', withField(ROW + 1, 3, '0"1')],
    ['an exact repeat of a row', withLine(ROW + 3, (l) => `${l}\n${l}`)],
    [
      'a repeat with another open interest',
      withLine(ROW + 3, (l) => `${l}\n${l.replace(/,(\d+)$/, ',9$1')}`),
    ],
    [
      'a repeat with another bid',
      withLine(
        ROW + 3,
        (l) =>
          `${l}\n${l
            .split(',')
            .map((f, i) => (i === 4 ? '99' : f))
            .join(',')}`,
      ),
    ],
    [
      'a repeat with a missing bid both times',
      withField(
        ROW + 3,
        4,
        '-',
        withLine(
          ROW + 3,
          (l) =>
            `${l}\n${l
              .split(',')
              .map((f, i) => (i === 4 ? '' : f))
              .join(',')}`,
        ),
      ),
    ],
    ['rows out of order', preamble(nameLine, dateLine) + [...rows].reverse().join('\n')],
    ['no rows', preamble(nameLine, dateLine)],
    ['only blank rows', preamble(nameLine, dateLine) + '\n,,,\n\n'],
    ['empty', ''],
    ['whitespace only', ' \n\t\n'],
    ['no header', `${nameLine}\n${dateLine}\n${body}`],
    ['header deep down', `${'filler,\n'.repeat(45)}${SMALL}`],
    ['header too deep', `${'filler,\n'.repeat(60)}${SMALL}`],
    [
      'header in another case with spaces',
      preamble(nameLine, dateLine, header.toUpperCase().replaceAll(' ', '  ')) + body,
    ],
    [
      'header missing Open Interest',
      preamble(nameLine, dateLine, header.replace('Open Interest', 'OI')) + body,
    ],
    ['header missing Puts', preamble(nameLine, dateLine, header.replace('Puts', 'P')) + body],
    [
      'header with columns swapped',
      preamble(nameLine, dateLine, header.replace('Bid,Ask', 'Ask,Bid')) + body,
    ],
    ['no Last', preamble(nameLine.replace('Last:', 'Price'), dateLine) + body],
    ['Last zero', preamble(nameLine.replace(/Last: [\d.]+/, 'Last: 0'), dateLine) + body],
    ['Last negative', preamble(nameLine.replace(/Last: [\d.]+/, 'Last: -4'), dateLine) + body],
    [
      'Last with a thousands separator',
      preamble(nameLine.replace(/Last: [\d.]+/, '"Last: 1,439.40"'), dateLine) + body,
    ],
    [
      'Last split by an unquoted comma',
      preamble(nameLine.replace(/Last: [\d.]+/, 'Last: 1,439.40'), dateLine) + body,
    ],
    ['Last not a number', preamble(nameLine.replace(/Last: [\d.]+/, 'Last: abc'), dateLine) + body],
    ['Last empty', preamble(nameLine.replace(/Last: [\d.]+/, 'Last:'), dateLine) + body],
    ['no name', preamble(nameLine.replace(/^[^,]*/, ''), dateLine) + body],
    ['name with a symbol', preamble(nameLine.replace(/^[^,]*/, 'NVIDIA (NVDA)'), dateLine) + body],
    ['no Date', preamble(nameLine, dateLine.replace('Date:', 'When')) + body],
    ['Date on the name line', `${nameLine},${dateLine}\n${header}\n${body}`],
    ['a long line', withLine(ROW + 1, (l) => `${l}${' '.repeat(70_000)}`)],
    ['a long preamble line', `${'x'.repeat(70_000)}\n${SMALL}`],
    [
      'every IV in percent',
      withLines((f) => {
        for (const i of [7, 18]) f[i] = String(Number(f[i]) * 100);
      }),
    ],
    [
      'every IV zero',
      withLines((f) => {
        f[7] = '0';
        f[18] = '0';
      }),
    ],
    [
      'every open interest missing',
      withLines((f) => {
        f[10] = '';
        f[21] = '-';
      }),
    ],
    [
      'mixed roots',
      withLines((f, n) => {
        if (n % 3 === 0) {
          f[1] = `NVDA1${(f[1] as string).slice(4)}`;
          f[12] = `NVDA1${(f[12] as string).slice(4)}`;
        }
      }),
    ],
    [
      'mostly another root',
      withLines((f, n) => {
        if (n % 3 !== 0) {
          f[1] = `NVD${(f[1] as string).slice(4)}`;
          f[12] = `NVD${(f[12] as string).slice(4)}`;
        }
      }),
    ],
    [
      'only IV on three rows, high',
      withLines((f, n) => {
        f[7] = n < 3 ? '6.5' : '0';
        f[18] = '0';
      }),
    ],
  ];
  return cases.map(([name, text]) => ({ name: `structure: ${name}`, text }));
}

function withLines(edit: (fields: string[], n: number) => void): string {
  return SMALL.split('\n')
    .map((l, i) => {
      if (i < ROW - 1 || l.length === 0) return l;
      const f = l.split(',');
      edit(f, i - (ROW - 1));
      return f.join(',');
    })
    .join('\n');
}

function fieldCases(): EquivalenceCase[] {
  const out: EquivalenceCase[] = [];
  for (const col of NUMBER_COLUMNS) {
    for (const value of FIELD_VALUES)
      out.push({ name: `field ${col} = ${JSON.stringify(value)}`, text: withField(ROW + 2, col, value) });
  }
  const row = (SMALL_LINES[ROW + 1] as string).split(',');
  for (const col of [1, 12]) {
    for (const value of SYMBOL_VALUES(col === 1 ? row : [row[0] as string, row[12] as string])) {
      out.push({ name: `symbol ${col} = ${JSON.stringify(value)}`, text: withField(ROW + 2, col, value) });
    }
  }
  const label = row[0] as string;
  const sym = row[1] as string;
  const iso = `20${sym.slice(4, 6)}-${sym.slice(6, 8)}-${sym.slice(8, 10)}`;
  for (const value of EXPIRATION_VALUES(label, iso)) {
    out.push({ name: `expiration = ${JSON.stringify(value)}`, text: withField(ROW + 2, 0, value) });
    out.push({
      name: `every expiration = ${JSON.stringify(value)}`,
      text: SMALL.split('\n')
        .map((l, i) => (i >= ROW - 1 && l.startsWith(label) ? l.replace(label, value) : l))
        .join('\n'),
    });
  }
  for (const date of DATE_LINES) {
    out.push({
      name: `date line ${JSON.stringify(date)}`,
      text: withLine(2, (l) => l.replace(/^"[^"]*"/, date)),
    });
  }
  return out;
}

function randomCases(count: number): EquivalenceCase[] {
  const next = mulberry32(30);
  const alphabet = ',"\n\r -+.0123456789eECPNA/: ';
  const out: EquivalenceCase[] = [];
  for (let k = 0; k < count; k++) {
    let text = SMALL;
    const edits = 1 + Math.floor(next() * 3);
    for (let e = 0; e < edits; e++) {
      // Mostly in the rows, sometimes in the preamble.
      const at = Math.floor(next() < 0.9 ? 300 + next() * (text.length - 300) : next() * 300);
      const ch = alphabet[Math.floor(next() * alphabet.length)] as string;
      const kind = next();
      text =
        kind < 0.4
          ? text.slice(0, at) + ch + text.slice(at + 1)
          : kind < 0.7
            ? text.slice(0, at) + ch + text.slice(at)
            : text.slice(0, at) + text.slice(at + 1);
    }
    out.push({ name: `random ${k}`, text });
  }
  return out;
}

const JSON_DOC = JSON.stringify({
  timestamp: '2023-08-18 16:15:00',
  data: {
    symbol: 'NVDA',
    current_price: 439.4,
    options: [
      { option: 'NVDA230825C00440000', iv: 0.4, open_interest: 100, volume: 5, bid: 9.1, ask: 9.3 },
      { option: 'NVDA230825P00440000', iv: 0.41, open_interest: 120, volume: 6, bid: 9.5, ask: 9.7 },
      { option: 'NVDA230825P00440000', iv: 0.41, open_interest: 120, volume: 6, bid: 9.5, ask: 9.7 },
      { option: 'NVDA1230825P00440000', iv: 0.41, open_interest: 120, volume: 6, bid: 9.5, ask: 9.7 },
      { option: 'NVDA230818P00440000', iv: 0.41, open_interest: 120, volume: 6 },
    ],
  },
});

export function equivalenceCases(): EquivalenceCase[] {
  const tsla = sampleText();
  return [
    { name: 'sample: TSLA', text: tsla, nameHint: 'tsla_quotedata.csv' },
    { name: 'sample: TSLA, CRLF', text: tsla.replaceAll('\n', '\r\n') },
    { name: 'sample: TSLA, line limit 100', text: tsla, nameHint: 'x.csv', maxLineChars: 100 },
    { name: 'sample: TSLA, line limit 150', text: tsla, maxLineChars: 150 },
    ...sizedChains().map((c) => ({ name: `generated: ${c.name}`, text: c.text })),
    { name: 'generated: small', text: SMALL },
    { name: 'generated: small, named', text: SMALL, nameHint: 'nvda.csv' },
    { name: 'json: a small document', text: JSON_DOC, nameHint: 'nvda.json' },
    ...structural(),
    ...fieldCases(),
    ...randomCases(400),
  ];
}
