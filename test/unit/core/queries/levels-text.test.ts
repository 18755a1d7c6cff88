// The TradingView and thinkorswim exports draw the latest stored levels now. A
// 0DTE level belongs to its expiration: once that settled (13:00 ET on Fri 2026-11-27, an early
// close) a weekend export for Monday leaves Friday's 0DTE flip and walls out and says so. The
// levels are the engine's, from a Cboe file taken minutes before that close.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { levelsText } from '../../../../src/core/queries/levels-text.ts';
import { keyLevels } from '../../../../src/service/engine/levels.ts';
import { importChainText } from '../../../../src/service/market/import/index.ts';
import { displayAsof } from '../../../../src/shared/market-calendar.ts';
import { chainPreamble, chainRows } from '../../../support/cboe-chain-file.ts';
import { tempStore } from '../../../support/store-factory.ts';
import { at } from '../../../support/watcher-factory.ts';

const NOTE =
  '0DTE flip and walls of the 2026-11-27 expiration left out: it settled at 13:00 ET on 2026-11-27.';

/** The levels payload of a Cboe file of SPY taken on Friday 2026-11-27 at 12:55 EST. */
function fridayLevels() {
  const text =
    chainPreamble('SPY', '2026-11-27', 660, '12:55 PM EST') +
    chainRows({
      ticker: 'SPY',
      date: '2026-11-27',
      spot: 660,
      strikes: 40,
      expirationDates: ['2026-11-27', '2026-11-30', '2026-12-04'],
    });
  const { chain } = importChainText(text, 'quotedata.csv');
  return {
    asof: chain.asof,
    data: {
      ticker: 'SPY',
      asof: displayAsof(chain.asof),
      price: chain.spot,
      levels: keyLevels(chain).map(({ id, label, price, kind, expiration }) => ({
        id,
        label,
        price,
        kind,
        ...(expiration === undefined ? {} : { expiration }),
      })),
    },
  };
}

describe('levels exports around a settled 0DTE expiration', () => {
  let s: ReturnType<typeof tempStore>;
  const friday = fridayLevels();
  beforeEach(() => {
    s = tempStore();
    s.store.snapshots.ingest([
      { endpoint: 'levels', ticker: 'SPY', params: {}, asof: friday.asof, data: friday.data },
    ]);
  });
  afterEach(() => s.cleanup());

  it('the stored Friday levels carry the 0DTE walls of the 2026-11-27 expiration', () => {
    // The file's 0DTE gamma is short everywhere (puts outweigh calls at every strike): no 0DTE flip.
    const zero = friday.data.levels.filter((l) => l.kind.startsWith('zero_dte'));
    expect(zero.map((l) => l.id).sort()).toEqual(['zero_dte_call_wall', 'zero_dte_put_wall']);
    expect(zero.every((l) => l.expiration === '2026-11-27')).toBe(true);
  });

  it.each([
    { when: 'Fri 12:58, before the early close', now: at('2026-11-27', '12:58'), zeroDte: true },
    { when: 'Fri 13:00, the early close', now: at('2026-11-27', '13:00'), zeroDte: false },
    { when: 'Sat 11:00, the weekend', now: at('2026-11-28', '11:00'), zeroDte: false },
    { when: 'Sun 20:00, the evening before Monday', now: at('2026-11-29', '20:00'), zeroDte: false },
    { when: 'Mon 08:00, before the open', now: at('2026-11-30', '08:00'), zeroDte: false },
  ])('$when: 0DTE levels drawn: $zeroDte', ({ now, zeroDte }) => {
    const pine = levelsText(s.store, { ticker: 'SPY', format: 'tradingview' }, now).text;
    const tos = levelsText(s.store, { ticker: 'SPY', format: 'tos' }, now).text;
    // The other levels are drawn either way.
    expect(pine).toMatch(/gwLevel\(showWalls, [\d.]+, "Call wall /);
    expect(tos).toMatch(/^plot CallWall = /m);
    expect(pine.includes('"0DTE call wall ')).toBe(zeroDte);
    expect(pine.includes('"0DTE put wall ')).toBe(zeroDte);
    expect(/^plot ZeroDte/m.test(tos)).toBe(zeroDte);
    expect(pine.includes(`// ${NOTE}`)).toBe(!zeroDte);
    expect(tos.includes(`# ${NOTE}`)).toBe(!zeroDte);
  });

  it('0DTE levels stored before they named their expiration belong to their snapshot’s date', () => {
    const older = friday.data.levels.map(({ expiration: _e, ...rest }) => rest);
    s.store.snapshots.ingest([
      {
        endpoint: 'levels',
        ticker: 'SPY',
        params: {},
        asof: friday.asof + 60_000,
        data: { ...friday.data, levels: older },
      },
    ]);
    const weekend = levelsText(s.store, { ticker: 'SPY', format: 'tradingview' }, at('2026-11-28', '11:00'));
    expect(weekend.text).not.toContain('"0DTE call wall ');
    expect(weekend.text).toContain(`// ${NOTE}`);
  });
});
