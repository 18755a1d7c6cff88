// A levels payload's `futures_equivalent` as the service writes it for SPX on Wednesday 2026-11-18
// (front ESZ6, spot 6000, basis +13.21), for the tests of what reads it: the exports, the Levels table.
import type { FuturesEquivalent } from '../../src/shared/api/levels.ts';

export const SAMPLE_FUTURES_EQUIVALENT: FuturesEquivalent = {
  symbol: 'ES',
  contract: 'ESZ6',
  settles: '2026-12-18',
  rolls: '2026-12-14',
  basis: 13.21,
  fair_value: 6013.21,
  basis_source: 'forwards 2026-12-11/2026-12-31 interpolated (ln F linear in time)',
  levels: { call_wall: 6113.21, spot: 6013.21, gamma_flip: 5963.71 },
};
