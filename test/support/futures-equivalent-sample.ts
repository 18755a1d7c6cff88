// A levels payload's `futures_equivalent` as the service writes it for SPX on Wednesday 2026-11-18
// (front ESZ6, spot 6000, basis +13.21 to the cent, each level + the basis on ES's 0.25 tick), for
// the tests of what reads it: the exports, the Levels table.
import type { FuturesEquivalent } from '../../src/shared/api/levels.ts';

export const SAMPLE_FUTURES_EQUIVALENT: FuturesEquivalent = {
  symbol: 'ES',
  contract: 'ESZ6',
  settles: '2026-12-18',
  rolls: '2026-12-14',
  basis: 13.21,
  fair_value: 6013.21,
  basis_source: 'forwards 2026-12-11/2026-12-31 interpolated (ln F linear in time)',
  tick: 0.25,
  levels: { call_wall: 6113.25, spot: 6013.25, gamma_flip: 5963.75 },
};

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the field left out
const { tick, ...beforeTick } = SAMPLE_FUTURES_EQUIVALENT;

/** The same as a payload stored before the service put the levels on the tick: cents, no `tick`. */
export const SAMPLE_FUTURES_EQUIVALENT_BEFORE_TICK: FuturesEquivalent = {
  ...beforeTick,
  levels: { call_wall: 6113.21, spot: 6013.21, gamma_flip: 5963.71 },
};
