import { describe, expect, it } from 'vitest';
import {
  netPremium,
  payoff,
  payoffAt,
  type PayoffLeg,
} from '../../../../../src/service/engine/interpret/leg-payoff.ts';

const leg = (
  action: PayoffLeg['action'],
  type: PayoffLeg['type'],
  strike: number,
  price: number,
): PayoffLeg => ({
  action,
  type,
  strike,
  price,
  quantity: 1,
});

// Per share. A null maximum is unlimited.
describe('payoff: net, breakevens, max gain and max loss', () => {
  it.each([
    ['long call', [leg('buy', 'call', 100, 3)], 3, 'debit', [103], null, 3],
    ['long put', [leg('buy', 'put', 100, 2.5)], 2.5, 'debit', [97.5], 97.5, 2.5],
    [
      'call debit spread',
      [leg('buy', 'call', 100, 3.2), leg('sell', 'call', 105, 1.1)],
      2.1,
      'debit',
      [102.1],
      2.9,
      2.1,
    ],
    ['put debit spread', [leg('buy', 'put', 100, 3), leg('sell', 'put', 95, 1)], 2, 'debit', [98], 3, 2],
    [
      'bull put credit spread',
      [leg('sell', 'put', 95, 1.5), leg('buy', 'put', 90, 0.5)],
      -1,
      'credit',
      [94],
      1,
      4,
    ],
    [
      'bear call credit spread',
      [leg('sell', 'call', 105, 1.2), leg('buy', 'call', 110, 0.4)],
      -0.8,
      'credit',
      [105.8],
      0.8,
      4.2,
    ],
    ['short put', [leg('sell', 'put', 95, 2)], -2, 'credit', [93], 2, 93],
    [
      'iron condor',
      [
        leg('sell', 'put', 95, 1.5),
        leg('buy', 'put', 90, 0.5),
        leg('sell', 'call', 105, 1.2),
        leg('buy', 'call', 110, 0.4),
      ],
      -1.8,
      'credit',
      [93.2, 106.8],
      1.8,
      3.2,
    ],
    [
      'short strangle',
      [leg('sell', 'put', 95, 1.5), leg('sell', 'call', 105, 1.2)],
      -2.7,
      'credit',
      [92.3, 107.7],
      2.7,
      null,
    ],
    [
      'half-cent mids',
      [leg('buy', 'call', 100, 2.175), leg('sell', 'call', 110, 0.455)],
      1.72,
      'debit',
      [101.72],
      8.28,
      1.72,
    ],
  ] as const)('%s', (_name, legs, net, type, breakevens, maxGain, maxLoss) => {
    const p = payoff(legs);
    expect(p.net).toBeCloseTo(net, 9);
    expect(p.netType).toBe(type);
    expect(p.breakevens).toHaveLength(breakevens.length);
    p.breakevens.forEach((b, i) => expect(b).toBeCloseTo(breakevens[i] as number, 9));
    if (maxGain === null) expect(p.maxGain).toBeNull();
    else expect(p.maxGain).toBeCloseTo(maxGain, 9);
    if (maxLoss === null) expect(p.maxLoss).toBeNull();
    else expect(p.maxLoss).toBeCloseTo(maxLoss, 9);
    // Every breakeven is a zero of the payoff.
    for (const b of p.breakevens) expect(Math.abs(payoffAt(legs, b))).toBeLessThan(1e-6);
  });

  it('nets the buys against the sells, by quantity', () => {
    const legs = [{ ...leg('buy', 'call', 100, 3), quantity: 2 }, leg('sell', 'call', 105, 1)];
    expect(netPremium(legs)).toBeCloseTo(5, 9);
  });

  it('says even when the legs cost nothing net', () => {
    expect(payoff([leg('buy', 'call', 100, 1), leg('sell', 'put', 100, 1)]).netType).toBe('even');
  });
});
