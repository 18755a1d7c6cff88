// Two chains that must analyse alike (a collector's file and the CSV it came from): the same GEX,
// flip and ATM IV, and the same GEX-by-strike curve to the digit.
import { expect } from 'vitest';
import type { OptionChain } from '../../src/service/engine/chain.ts';
import { gexByStrike } from '../../src/service/engine/curves.ts';
import { EMPTY_HISTORY } from '../../src/service/engine/interpret/history-metrics.ts';
import { buildTickerMetrics } from '../../src/service/engine/snapshot.ts';

export function metricsOf(chain: OptionChain) {
  return buildTickerMetrics({
    chain,
    history: EMPTY_HISTORY,
    earnings: null,
    simulated: false,
    pricing: { r: 0, q: 0 },
  });
}

export function expectSameGex(mine: OptionChain, theirs: OptionChain): void {
  const a = metricsOf(mine);
  const b = metricsOf(theirs);
  expect(a.gex_usd_per_1_pct_move).toBeCloseTo(b.gex_usd_per_1_pct_move, 6);
  expect(a.nearest_gex_usd_per_1_pct_move).toBeCloseTo(b.nearest_gex_usd_per_1_pct_move, 6);
  if (b.gex_flip === null) expect(a.gex_flip).toBeNull();
  else expect(a.gex_flip).toBeCloseTo(b.gex_flip, 9);
  if (b.atm_iv === null) expect(a.atm_iv).toBeNull();
  else expect(a.atm_iv).toBeCloseTo(b.atm_iv, 12);
  const pricing = { r: 0, q: 0 };
  expect(JSON.stringify(gexByStrike(mine, { exp: 'combined', pricing }))).toBe(
    JSON.stringify(gexByStrike(theirs, { exp: 'combined', pricing })),
  );
}
