import { describe, expect, it } from 'vitest';
import { importCboeJson } from '../../../../../src/service/market/import/cboe-json.ts';
import { importCboeCsv } from '../../../../../src/service/market/import/cboe-csv.ts';
import { ChainImportError } from '../../../../../src/service/market/import/errors.ts';
import { naiveRows, sampleText } from './cboe-sample.ts';

interface JsonOption {
  option: string;
  bid: number | null;
  ask: number | null;
  iv: number | null;
  open_interest: number | null;
  volume: number | null;
  delta: number;
  gamma: number;
}

/** The sample re-expressed in Cboe's delayed-quotes JSON shape. */
function sampleJson(): {
  timestamp: string;
  data: { symbol: string; current_price: number; options: JsonOption[] };
} {
  const options: JsonOption[] = [];
  for (const { fields: f } of naiveRows(sampleText())) {
    const side = (o: number, symbol: string): JsonOption => ({
      option: symbol,
      bid: Number(f[o + 3]),
      ask: Number(f[o + 4]),
      volume: Number(f[o + 5]),
      iv: Number(f[o + 6]),
      delta: Number(f[o + 7]),
      gamma: Number(f[o + 8]),
      open_interest: Number(f[o + 9]),
    });
    options.push(side(1, f[1] as string), side(12, f[12] as string));
  }
  return { timestamp: '2023-08-20 22:38:00', data: { symbol: 'TSLA', current_price: 218.8, options } };
}

describe('importCboeJson', () => {
  it('gives the same chain as the CSV of the same snapshot', () => {
    const fromJson = importCboeJson(JSON.stringify(sampleJson())).chain;
    const fromCsv = importCboeCsv(sampleText()).chain;
    expect(fromJson.source).toBe('cboe_json');
    expect({ ...fromJson, source: 'cboe_csv' }).toEqual(fromCsv);
  });

  it('accepts an ISO timestamp, an index symbol and null figures', () => {
    const doc = sampleJson();
    doc.timestamp = '2023-08-21T02:38:00Z';
    doc.data.symbol = '_TSLA';
    const first = doc.data.options[0] as JsonOption;
    first.iv = null;
    first.open_interest = null;
    first.bid = null;
    const r = importCboeJson(JSON.stringify(doc));
    expect(r.chain.ticker).toBe('TSLA');
    expect(r.chain.asof).toBe(Date.parse('2023-08-21T02:38:00Z'));
    expect(r.notes).toContain('1 contracts have no open interest figure; counted as 0');
    // Index 1: the lowest strike's call (puts sort first).
    expect(r.chain.isCall[1]).toBe(1);
    expect(Number.isNaN(r.chain.bid[1])).toBe(true);
    expect(r.chain.iv[1]).toBe(0);
  });

  it.each([
    ['in winter (EST, UTC−5)', '2026-01-15 15:45:00', '2026-01-15T20:45:00Z'],
    ['in summer (EDT, UTC−4)', '2026-07-15 15:45:00', '2026-07-15T19:45:00Z'],
    ['on the day clocks go forward', '2026-03-08 15:45:00', '2026-03-08T19:45:00Z'],
    ['the day after clocks go back', '2026-11-02 09:30:00', '2026-11-02T14:30:00Z'],
  ])('reads Cboe’s zoneless timestamp as New York time %s', (_when, timestamp, utc) => {
    const doc = {
      timestamp,
      data: {
        symbol: 'SPY',
        current_price: 600,
        options: [{ option: 'SPY261218C00600000', bid: 1, ask: 2, iv: 0.2, open_interest: 10, volume: 1 }],
      },
    };
    expect(importCboeJson(JSON.stringify(doc)).chain.asof).toBe(Date.parse(utc));
  });

  it('takes the ticker from the symbols when no symbol is stated', () => {
    const doc = sampleJson() as { data: { symbol?: string } };
    delete doc.data.symbol;
    expect(importCboeJson(JSON.stringify(doc)).chain.ticker).toBe('TSLA');
  });

  const broken: [string, (d: ReturnType<typeof sampleJson>) => unknown, string][] = [
    ['spot missing', (d) => ({ ...d, data: { ...d.data, current_price: undefined } }), 'data.current_price'],
    [
      'spot zero',
      (d) => ({ ...d, data: { ...d.data, current_price: 0 } }),
      'data.current_price: spot must be a positive price',
    ],
    ['no rows', (d) => ({ ...d, data: { ...d.data, options: [] } }), 'data.options: no option rows'],
    [
      'a bad symbol',
      (d) => (((d.data.options[5] as JsonOption).option = 'TSLA23X'), d),
      "data.options[5].option: not an OCC option symbol: 'TSLA23X'",
    ],
    [
      'a string where a number belongs',
      (d) => (((d.data.options[3] as unknown as Record<string, unknown>).iv = 'high'), d),
      'data.options[3].iv',
    ],
    [
      'a negative volume',
      (d) => (((d.data.options[2] as JsonOption).volume = -1), d),
      'data.options[2].volume: must not be negative',
    ],
    ['no timestamp', (d) => ({ data: d.data }), 'timestamp'],
    [
      'an unreadable timestamp',
      (d) => ({ ...d, timestamp: 'yesterday' }),
      "timestamp: not a date and time: 'yesterday'",
    ],
    [
      'a symbol with no contracts',
      (d) => ({ ...d, data: { ...d.data, symbol: 'AAPL' } }),
      'no option symbol is on AAPL',
    ],
  ];
  it.each(broken)('refuses %s', (_name, mutate, message) => {
    const text = JSON.stringify(mutate(sampleJson()));
    expect(() => importCboeJson(text)).toThrow(ChainImportError);
    expect(() => importCboeJson(text)).toThrow(message);
  });

  it('refuses text that is not JSON', () => {
    expect(() => importCboeJson('{"timestamp": ')).toThrow('JSON: not valid JSON');
  });
});
