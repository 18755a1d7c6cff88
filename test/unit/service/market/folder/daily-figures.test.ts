import { describe, expect, it } from 'vitest';
import { nyToEpoch } from '../../../../../src/shared/market-calendar.ts';
import { analyzeChain } from '../../../../../src/service/engine/analyze.ts';
import { carryPricing } from '../../../../../src/service/engine/carry.ts';
import { importChainText } from '../../../../../src/service/market/import/index.ts';
import { sessionDateOf, snapshotFigures } from '../../../../../src/service/market/folder/daily-figures.ts';
import { chainText } from './folder-fixtures.ts';

describe('snapshotFigures', () => {
  it.each([
    ['the sample', chainText()],
    ['the sample on a Tuesday morning', chainText({ when: 'August 22, 2023 at 10:00 AM EDT', spot: 231.4 })],
  ])(
    'equals what the engine reports as atm_iv and pcr_oi for %s (both at the ticker’s stated carry)',
    (_name, text) => {
      const { chain } = importChainText(text, 'x.csv');
      const engine = analyzeChain(chain, carryPricing(chain.ticker));
      const figures = snapshotFigures(chain);
      expect(engine.atm_iv).not.toBeNull();
      expect(figures).toEqual({
        asof: chain.asof,
        spot: chain.spot,
        atmIv: engine.atm_iv,
        pcrOi: engine.pcr_oi,
      });
    },
  );
});

describe('sessionDateOf', () => {
  it.each([
    ['Fri 15:59', nyToEpoch('2025-09-12', 15 * 60 + 59), '2025-09-12'],
    ['Fri 09:30', nyToEpoch('2025-09-12', 9 * 60 + 30), '2025-09-12'],
    ['Fri 20:00', nyToEpoch('2025-09-12', 20 * 60), '2025-09-12'],
    ['Fri 09:29', nyToEpoch('2025-09-12', 9 * 60 + 29), '2025-09-11'],
    ['Sat noon', nyToEpoch('2025-09-13', 12 * 60), '2025-09-12'],
    ['Sun 22:38', nyToEpoch('2025-09-14', 22 * 60 + 38), '2025-09-12'],
    ['Mon 08:00', nyToEpoch('2025-09-15', 8 * 60), '2025-09-12'],
    ['Labor Day noon', nyToEpoch('2025-09-01', 12 * 60), '2025-08-29'],
  ])('%s → %s', (_name, asof, session) => {
    expect(sessionDateOf(asof)).toBe(session);
  });
});
