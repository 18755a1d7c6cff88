import { describe, expect, it } from 'vitest';
import type { StructureLegs } from '../../../../src/shared/api/index.ts';
import {
  breakevenText,
  maxGainText,
  maxLossText,
  netLabel,
  perContract,
} from '../../../../src/renderer/features/ticker/legs-format.ts';

const base: StructureLegs = {
  structure: 'call debit spread 30-45 DTE',
  strategy: 'call_debit_spread',
  expiration: '2025-04-17',
  dte: 36,
  legs: [],
  net_type: 'debit',
  net_price: 2.101,
  net_per_contract: 210.1,
  breakevens: [102.101],
  max_gain_per_share: 3.899,
  max_loss_per_share: 2.101,
  max_gain: 389.9,
  max_loss: 210.1,
  max_gain_unlimited: false,
  max_loss_unlimited: false,
  multiplier: 100,
  settlement: 'physical',
  rule: '',
  legs_unavailable_reason: null,
};

describe('legs payoff as a trader reads it', () => {
  it.each([
    ['debit', base, 'Net debit', '$389.90 ($3.90/sh)', '$210.10 ($2.10/sh)'],
    [
      'credit, loss unlimited',
      {
        ...base,
        net_type: 'credit' as const,
        max_loss: null,
        max_loss_per_share: null,
        max_loss_unlimited: true,
      },
      'Net credit',
      '$389.90 ($3.90/sh)',
      'Unlimited',
    ],
    [
      'gain unlimited',
      { ...base, max_gain: null, max_gain_per_share: null, max_gain_unlimited: true },
      'Net debit',
      'Unlimited',
      '$210.10 ($2.10/sh)',
    ],
    [
      'calendar: gain not fixed',
      { ...base, max_gain: null, max_gain_per_share: null },
      'Net debit',
      'Not fixed',
      '$210.10 ($2.10/sh)',
    ],
  ])('%s', (_name, s, net, gain, loss) => {
    expect(netLabel(s)).toBe(net);
    expect(maxGainText(s)).toBe(gain);
    expect(maxLossText(s)).toBe(loss);
  });

  it.each([
    [[102.101], 'SPY', '$102.10'],
    [[91.177, 108.823], 'QQQ', '$91.18 / $108.82'],
    [[5812.4], 'SPX', '5,812.40'],
    [[], 'SPY', 'Not fixed'],
  ])('breakevens %j of %s → %s', (breakevens, ticker, want) => {
    expect(breakevenText({ ...base, breakevens }, ticker)).toBe(want);
  });

  it('a per-contract figure needs its per-share figure', () => {
    expect(perContract(210.1, null)).toBe('—');
  });
});
