// packChain groups rows by expiration and, when a date's strikes come in order (as files list
// them), puts each strike's put before its call in one pass instead of sorting (the import's hot
// path). The chain must be the one a plain stable sort by (date, strike, puts first) gives: checked
// here against that reference on rows in file order, shuffled, repeated across roots, partly
// expired.
import { describe, expect, it } from 'vitest';
import { packChain, type ContractRow, type OptionChain } from '../../../../../src/service/engine/chain.ts';
import { mulberry32 } from '../../../../support/prng.ts';

/** The packing as it was: one stable sort of the live rows. */
function referencePack(rows: readonly ContractRow[], asof: number, expiresAt: (d: string) => number) {
  const live = rows.filter((r) => !(expiresAt(r.expiration) <= asof));
  live.sort(
    (a, b) =>
      (a.expiration < b.expiration ? -1 : a.expiration > b.expiration ? 1 : 0) ||
      a.strike - b.strike ||
      Number(a.isCall) - Number(b.isCall),
  );
  const dates = [...new Set(live.map((r) => r.expiration))];
  return {
    expiredRows: rows.length - live.length,
    expirations: dates.map((date) => ({ date, expiresAt: expiresAt(date) })),
    strike: live.map((r) => r.strike),
    expiryIndex: live.map((r) => dates.indexOf(r.expiration)),
    isCall: live.map((r) => (r.isCall ? 1 : 0)),
    figures: live.map((r) => [r.iv, r.openInterest, r.volume, r.bid, r.ask]),
  };
}

function columns(chain: OptionChain, expiredRows: number) {
  return {
    expiredRows,
    expirations: chain.expirations,
    strike: [...chain.strike],
    expiryIndex: [...chain.expiryIndex],
    isCall: [...chain.isCall],
    figures: [...chain.strike].map((_, i) => [
      chain.iv[i],
      chain.openInterest[i],
      chain.volume[i],
      chain.bid[i],
      chain.ask[i],
    ]),
  };
}

const DATES = ['2026-11-20', '2026-11-27', '2026-12-18', '2027-01-15'];
const expiresAt = (d: string) => Date.parse(`${d}T21:00:00Z`);

/** Rows as a file lists them: by date, strikes rising, call then put; `roots` copies per strike. */
function fileOrder(next: () => number, roots: number): ContractRow[] {
  const rows: ContractRow[] = [];
  for (const expiration of DATES) {
    for (let k = 0; k < 30; k++) {
      for (let r = 0; r < roots; r++) {
        for (const isCall of [true, false]) {
          const figure = () => Math.round(next() * 1000) / 100;
          rows.push({
            expiration,
            strike: 100 + k * 2.5,
            isCall,
            iv: figure(),
            openInterest: figure(),
            volume: figure(),
            bid: figure(),
            ask: figure(),
          });
        }
      }
    }
  }
  return rows;
}

function shuffled<T>(items: T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

describe('packChain orders contracts as one stable sort would', () => {
  const next = mulberry32(7);
  const asofs = [Date.parse('2026-11-01T00:00:00Z'), expiresAt('2026-11-27')];
  it.each([
    ['file order', fileOrder(next, 1)],
    ['two roots per strike (SPX and SPXW)', fileOrder(next, 2)],
    ['shuffled', shuffled(fileOrder(next, 1), next)],
    ['shuffled, two roots', shuffled(fileOrder(next, 2), next)],
    ['dates interleaved, strikes in order', [...fileOrder(next, 1)].sort((a, b) => a.strike - b.strike)],
    [
      'puts before calls already',
      fileOrder(next, 1)
        .reverse()
        .reverse()
        .filter((r) => !r.isCall),
    ],
    ['strikes falling', fileOrder(next, 1).reverse()],
    ['empty', []],
  ])('%s', (_name, rows) => {
    for (const asof of asofs) {
      const { chain, expiredRows } = packChain(
        { ticker: 'spx', spot: 110, asof, source: 'cboe_csv' },
        rows,
        expiresAt,
      );
      expect(columns(chain, expiredRows)).toEqual(referencePack(rows, asof, expiresAt));
      expect(chain.ticker).toBe('SPX');
    }
  });
});
