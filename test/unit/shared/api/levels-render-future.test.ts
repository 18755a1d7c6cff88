// The futures-equivalent scripts (levels-render.ts, `future`): SPX's levels drawn on an ES chart,
// each moved by the basis and labelled with the SPX level it comes from; the symbol check is the
// future's (ES1!, ESZ2026; /ES, /ESZ26); the header states the contract, its settlement and roll,
// the basis and its source, and the simulator's mark stays; the levels are on ES's 0.25 tick, a
// payload stored with cents before the tick too. The stored-levels export (core) reads the same
// payload.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { levelsText } from '../../../../src/core/queries/levels-text.ts';
import {
  futureScriptInput,
  renderThinkorswim,
  renderTradingView,
  SIMULATED_SCRIPT_NOTE,
} from '../../../../src/shared/api/levels-render.ts';
import type { KeyLevel } from '../../../../src/shared/api/levels.ts';
import { nyToEpoch } from '../../../../src/shared/market-calendar.ts';
import {
  SAMPLE_FUTURES_EQUIVALENT,
  SAMPLE_FUTURES_EQUIVALENT_BEFORE_TICK,
} from '../../../support/futures-equivalent-sample.ts';
import { tempStore } from '../../../support/store-factory.ts';

const LEVELS: KeyLevel[] = [
  { id: 'call_wall', label: 'Call wall', price: 6100, kind: 'call_wall' },
  { id: 'spot', label: 'Spot', price: 6000, kind: 'spot' },
  { id: 'gamma_flip', label: 'Gamma flip', price: 5950.5, kind: 'gamma_flip' },
];
const FE = SAMPLE_FUTURES_EQUIVALENT;

function esInput() {
  const input = futureScriptInput('SPX', LEVELS, FE);
  if ('reason' in input) throw new Error(input.reason);
  return input;
}

describe('a TradingView script of the ES equivalents', () => {
  const { levels, future } = esInput();
  const text = renderTradingView('SPX', '2026-11-18T16:00:00Z', levels, [], { simulated: true, future });

  it('draws each level at its ES figure, labelled with the SPX level', () => {
    expect(text).toContain('gwLevel(showFlip, 5963.75, "Gamma flip (SPX 5950.50) 5963.75 (simulated)"');
    expect(text).toContain('gwLevel(showWalls, 6113.25, "Call wall (SPX 6100.00) 6113.25 (simulated)"');
    expect(text).not.toMatch(/gwLevel\([^)]*, 5950\.50,/);
  });

  it('is for ES1! (and the contract), states contract, basis and source, and is marked simulated', () => {
    expect(text.split('\n')[1]).toBe(`// ${SIMULATED_SCRIPT_NOTE}`);
    expect(text).toContain('gwSymbols = array.from("ES1!", "ESZ2026")');
    expect(text).toContain('add to a ES1! chart');
    expect(text).toContain(
      '// ES equivalents of the SPX levels on ESZ6 (settles 2026-12-18; the next contract is the front from 2026-12-14): each SPX level +13.21, the basis (fair value − spot; forwards 2026-12-11/2026-12-31 interpolated (ln F linear in time)).',
    );
    expect(text).toContain('// Levels in ES points, on its 0.25 tick (the basis to the cent).');
    expect(text).toContain('indicator("Gammawatch SPX levels on ES (simulated)"');
    expect(text).toContain(
      '"Gammawatch levels are for the ES future (the SPX levels moved by the basis); this chart is "',
    );
  });
});

describe('a thinkorswim study of the ES equivalents', () => {
  const { levels, future } = esInput();
  const text = renderThinkorswim('SPX', '2026-11-18T16:00:00Z', levels, [], { future });

  it('plots the ES figures for /ES, each labelled', () => {
    expect(text).toContain(
      'plot GammaFlip = if showFlip and gwSymbolOk then 5963.75 else Double.NaN; # Gamma flip (SPX 5950.50)',
    );
    expect(text).toContain('"Gamma flip (SPX 5950.50) 5963.75"');
    expect(text).toContain('GetSymbol() == "/ES" or GetSymbol() == "/ES:XCME" or GetSymbol() == "/ESZ26"');
    expect(text).toContain('Add as a study on a /ES chart.');
    expect(text).not.toContain('simulated');
  });
});

describe('SPY on ES1!: the ratio in the header', () => {
  it('each SPY level × the ratio + the basis', () => {
    const fe = { ...FE, ratio: 10.02, levels: { gamma_flip: 5975.11 } };
    const input = futureScriptInput(
      'SPY',
      [{ id: 'gamma_flip', label: 'Gamma flip', price: 595, kind: 'gamma_flip' }],
      fe,
    );
    if ('reason' in input) throw new Error(input.reason);
    const text = renderTradingView('SPY', '2026-11-18T16:00:00Z', input.levels, [], { future: input.future });
    expect(text).toContain('each SPY level × 10.0200 +13.21, the basis');
    // A payload from before the roll was stated: the header leaves it out.
    const old = futureScriptInput('SPX', LEVELS, { ...FE, rolls: undefined });
    if ('reason' in old) throw new Error(old.reason);
    expect(
      renderTradingView('SPX', '2026-11-18T16:00:00Z', old.levels, [], { future: old.future }),
    ).toContain('on ESZ6 (settles 2026-12-18): each SPX level +13.21');
    // Stored with cents (5975.11), drawn on the tick.
    expect(text).toContain('"Gamma flip (SPY 595.00) 5975.00"');
  });
});

describe('a payload stored before the tick (its levels in cents)', () => {
  it('draws each level on the tick and states it', () => {
    const input = futureScriptInput('SPX', LEVELS, SAMPLE_FUTURES_EQUIVALENT_BEFORE_TICK);
    if ('reason' in input) throw new Error(input.reason);
    expect(input.levels.map((l) => l.price)).toEqual([6113.25, 6013.25, 5963.75]);
    expect(input.future.tick).toBe(0.25);
    const text = renderThinkorswim('SPX', '2026-11-18T16:00:00Z', input.levels, [], { future: input.future });
    expect(text).toContain('"Gamma flip (SPX 5950.50) 5963.75"');
    expect(text).toContain('Levels in ES points, on its 0.25 tick (the basis to the cent).');
  });

  it.each([
    ['NQ', { gamma_flip: 21012.37 }, 21012.25],
    ['RTY', { gamma_flip: 2345.67 }, 2345.7],
  ])('%s: on its own tick', (symbol, levels, expected) => {
    const fe = { ...SAMPLE_FUTURES_EQUIVALENT_BEFORE_TICK, symbol, contract: `${symbol}Z6`, levels };
    const input = futureScriptInput(
      'X',
      [{ id: 'gamma_flip', label: 'Gamma flip', price: 1, kind: 'gamma_flip' }],
      fe,
    );
    if ('reason' in input) throw new Error(input.reason);
    expect(input.levels[0]?.price).toBe(expected);
  });
});

describe('futureScriptInput: no equivalents, and why', () => {
  it.each([
    [undefined, 'SPX has no futures equivalents'],
    [
      {
        ...FE,
        basis: null,
        fair_value: null,
        basis_source: null,
        levels: {},
        reason: 'no expiration listed after',
      },
      'no ES equivalents of the SPX levels: no expiration listed after',
    ],
  ])('%#', (fe, reason) => {
    expect(futureScriptInput('SPX', LEVELS, fe)).toEqual({ reason });
  });
});

describe('the stored-levels export (core) with equivalent: future', () => {
  let s: ReturnType<typeof tempStore>;
  const asof = nyToEpoch('2026-11-18', 11 * 60);
  beforeEach(() => {
    s = tempStore();
    const data = {
      ticker: 'SPX',
      asof: '2026-11-18 11:00 ET',
      price: 6000,
      levels: LEVELS,
      futures_equivalent: FE,
    };
    s.store.snapshots.ingest([{ endpoint: 'levels', ticker: 'SPX', params: {}, asof, data }]);
  });
  afterEach(() => s.cleanup());

  it('renders the ES script from the stored payload, named for ES', () => {
    const out = levelsText(s.store, { ticker: 'SPX', format: 'tos', equivalent: 'future' }, asof, true);
    expect(out.suggestedName).toBe('SPX-ES-levels-tos.txt');
    expect(out.text).toContain('"Gamma flip (SPX 5950.50) 5963.75 (simulated)"');
    // Without the option, the SPX study as before.
    expect(levelsText(s.store, { ticker: 'SPX', format: 'tos' }, asof, true).text).toContain('5950.50');
  });

  it('says why where the stored levels have no basis', () => {
    expect(() => levelsText(s.store, { ticker: 'KO', format: 'tos', equivalent: 'future' }, asof)).toThrow(
      /KO has no futures equivalents/,
    );
  });
});
