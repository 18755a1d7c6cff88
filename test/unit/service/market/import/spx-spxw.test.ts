// SPX and SPXW are one underlying: a Cboe file listing both roots, the a.m. monthly and the p.m.
// weeklies, is one SPX chain whose open interest at a strike is both roots'.
import { describe, expect, it } from 'vitest';
import { gexByStrike } from '../../../../../src/service/engine/curves.ts';
import { importCboeCsv } from '../../../../../src/service/market/import/cboe-csv.ts';
import { normalizeTicker } from '../../../../../src/service/http/ticker-param.ts';

const HEADER =
  'Expiration Date,Calls,Last Sale,Net,Bid,Ask,Volume,IV,Delta,Gamma,Open Interest,Strike,Puts,Last Sale,Net,Bid,Ask,Volume,IV,Delta,Gamma,Open Interest';

/** One strike's row: root, expiration (label and yymmdd), strike, call and put open interest. */
function row(
  root: string,
  label: string,
  yymmdd: string,
  strike: number,
  callOi: number,
  putOi: number,
): string {
  const k = String(strike * 1000).padStart(8, '0');
  return [
    label,
    `${root}${yymmdd}C${k}`,
    '0',
    '0',
    '60.1',
    '60.9',
    '120',
    '0.16',
    '0.52',
    '0.0012',
    String(callOi),
    strike.toFixed(2),
    `${root}${yymmdd}P${k}`,
    '0',
    '0',
    '55.2',
    '56.0',
    '140',
    '0.17',
    '-0.48',
    '0.0012',
    String(putOi),
  ].join(',');
}

const FILE = [
  'S&P 500 Index,Last: 6010.25,Change: 12.5',
  '"Date: November 18, 2026 at 11:15 AM EST",Bid: 6010.00,Ask: 6010.50,Size: 1*1,"Volume: 0"',
  HEADER,
  row('SPXW', 'Fri Nov 20 2026', '261120', 6000, 700, 900),
  row('SPXW', 'Fri Nov 20 2026', '261120', 6005, 650, 800),
  row('SPX', 'Fri Dec 18 2026', '261218', 6000, 4000, 5000),
  row('SPXW', 'Fri Dec 18 2026', '261218', 6000, 300, 500),
  row('SPX', 'Fri Dec 18 2026', '261218', 6005, 1000, 1200),
  row('SPXW', 'Fri Dec 18 2026', '261218', 6005, 200, 100),
].join('\n');

describe('a chain file mixing SPX and SPXW rows', () => {
  const { chain } = importCboeCsv(FILE);

  it('is one SPX chain', () => {
    expect(chain.ticker).toBe('SPX');
    expect(chain.expirations.map((e) => e.date)).toEqual(['2026-11-20', '2026-12-18']);
  });

  it.each([
    // expiration, strike, call OI, put OI: both roots' open interest at a shared date and strike
    ['2026-12-18', 6000, 4300, 5500],
    ['2026-12-18', 6005, 1200, 1300],
    ['2026-11-20', 6000, 700, 900],
  ])('%s %d: calls %d, puts %d', (exp, strike, callOi, putOi) => {
    const curve = gexByStrike(chain, { exp: exp as `${number}-${number}-${number}` });
    const j = curve.points.findIndex((p) => p.strike === strike);
    expect(j).toBeGreaterThanOrEqual(0);
    let calls = 0;
    let puts = 0;
    for (let i = 0; i < chain.size; i++) {
      if (chain.strike[i] !== strike || chain.expirations[chain.expiryIndex[i]!]?.date !== exp) continue;
      if (chain.isCall[i] === 1) calls += chain.openInterest[i]!;
      else puts += chain.openInterest[i]!;
    }
    expect([calls, puts]).toEqual([callOi, putOi]);
  });

  it('totals every root: the December open interest is SPX + SPXW', () => {
    const december = gexByStrike(chain, { exp: '2026-12-18' }).totals;
    expect(december.call_oi).toBe(4000 + 300 + 1000 + 200);
    expect(december.put_oi).toBe(5000 + 500 + 1200 + 100);
  });
});

describe('an index ticker as charting tools spell it', () => {
  it.each([
    ['^SPX', 'SPX'],
    ['^spx', 'SPX'],
    ['^VIX', 'VIX'],
    ['^NDX', 'NDX'],
    ['SPX', 'SPX'],
    ['SPY', 'SPY'],
    // A caret on a symbol that is no index stays: the universe has no such ticker (404, not a guess).
    ['^ABC', '^ABC'],
  ])('%s → %s', (raw, ticker) => {
    expect(normalizeTicker(raw)).toBe(ticker);
  });
});
