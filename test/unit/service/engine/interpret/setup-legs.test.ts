import { describe, expect, it } from 'vitest';
import { structureLegsSchema, type StructureLegs } from '../../../../../src/shared/api/trade-setup.ts';
import type { OptionChain } from '../../../../../src/service/engine/chain.ts';
import { nearestListed } from '../../../../../src/service/engine/interpret/listed-dates.ts';
import {
  legsForStructures,
  quotedContracts,
  structureLegs,
} from '../../../../../src/service/engine/interpret/setup-legs.ts';
import { DEFAULT_PRICING } from '../../../../../src/service/engine/types.ts';
import { defaultIv, makeChain, type ContractContext } from '../../../../support/chain-factory.ts';

// The chain factory's snapshot is 2025-03-12; these dates are 23, 30, 36, 44, 58 and 65 days out.
const DATES = ['2025-04-04', '2025-04-11', '2025-04-17', '2025-04-25', '2025-05-09', '2025-05-16'];
const chain = makeChain({ expirations: DATES });
const ctx = (c: OptionChain = chain, atmIv: number | null = 0.25) => ({ chain: c, atmIv });

/** Every quoted contract of the chain, by expiration date, side and strike. */
function quoted(c: OptionChain, date: string) {
  const index = c.expirations.findIndex((e) => e.date === date);
  return quotedContracts(c, index, DEFAULT_PRICING);
}

function expectConsistent(s: StructureLegs): void {
  expect(structureLegsSchema.safeParse(s).success).toBe(true);
  const net = s.legs.reduce((sum, l) => sum + (l.action === 'buy' ? 1 : -1) * l.mid, 0);
  expect(s.net_price).toBeCloseTo(Math.abs(net), 6);
  expect(s.net_type).toBe(net > 0 ? 'debit' : 'credit');
  expect(s.net_per_contract).toBeCloseTo(Math.abs(net) * 100, 6);
  for (const l of s.legs) {
    expect(l.mid).toBeCloseTo((l.bid + l.ask) / 2, 3);
    expect(l.bid).toBeGreaterThan(0);
    expect(l.ask).toBeGreaterThan(l.bid);
    expect(l.open_interest).toBeGreaterThan(0);
  }
  if (s.max_loss_per_share !== null) expect(s.max_loss).toBeCloseTo(s.max_loss_per_share * 100, 6);
  if (s.max_gain_per_share !== null) expect(s.max_gain).toBeCloseTo(s.max_gain_per_share * 100, 6);
}

describe('nearestListed: nearest the middle of the window first, off target outside it', () => {
  it.each([
    // 36, 44, 30, 23, 58, 65 DTE: 1.5, 6.5, 7.5, 14.5, 20.5, 27.5 from 37.5
    [30, 45, ['36', '44', '30', '23 off', '58 off', '65 off']],
    [45, 60, ['58', '44 off', '65 off', '36 off', '30 off', '23 off']],
    // 150-300 DTE: half the low end is 75; nothing is listed that far out
    [150, 300, []],
  ] as const)('%s-%s DTE → %j', (min, max, dates) => {
    expect(nearestListed(chain, { min, max }).map((e) => `${e.dte}${e.offTarget ? ' off' : ''}`)).toEqual(
      dates,
    );
  });
});

describe('structureLegs: strikes by rule', () => {
  it('call debit spread: long call nearest 0.50 delta, short call above it nearest 0.25', () => {
    const s = structureLegs('call debit spread 30-45 DTE', ctx());
    expectConsistent(s);
    expect(s.expiration).toBe('2025-04-17');
    expect(s.dte).toBe(36);
    const [long, short] = s.legs;
    const calls = quoted(chain, '2025-04-17').filter((c) => c.side === 'call');
    const nearest = (target: number, pool = calls) =>
      pool.reduce((b, c) => (Math.abs(c.delta - target) < Math.abs(b.delta - target) ? c : b)).strike;
    expect(long).toMatchObject({ action: 'buy', option_type: 'call', strike: nearest(0.5) });
    expect(short).toMatchObject({
      action: 'sell',
      option_type: 'call',
      strike: nearest(
        0.25,
        calls.filter((c) => c.strike > (long?.strike as number)),
      ),
    });
    const net = (long?.mid as number) - (short?.mid as number);
    expect(s.net_type).toBe('debit');
    expect(s.breakevens[0]).toBeCloseTo((long?.strike as number) + net, 6);
    expect(s.max_loss).toBeCloseTo(net * 100, 6);
    expect(s.max_gain).toBeCloseTo(((short?.strike as number) - (long?.strike as number) - net) * 100, 6);
    expect(s.settlement).toBe('physical');
  });

  it('put debit spread: long put nearest -0.50, short put below it', () => {
    const s = structureLegs('put debit spread 30-45 DTE', ctx());
    expectConsistent(s);
    const [long, short] = s.legs;
    expect(long?.delta).toBeLessThan(0);
    expect(Math.abs((long?.delta as number) + 0.5)).toBeLessThan(0.05);
    expect(short?.strike).toBeLessThan(long?.strike as number);
    expect(s.breakevens[0]).toBeCloseTo((long?.strike as number) - (s.net_price as number), 6);
  });

  it('bull put credit spread: short put at -1σ, long put at -1.5σ', () => {
    const s = structureLegs('bull put credit spread 30-45 DTE below -1σ', ctx());
    expectConsistent(s);
    const sigma = 100 * 0.25 * Math.sqrt(36 / 365);
    const [short, long] = s.legs;
    expect(short).toMatchObject({ action: 'sell', option_type: 'put', strike: Math.floor(100 - sigma) });
    expect(long).toMatchObject({ action: 'buy', option_type: 'put', strike: Math.floor(100 - 1.5 * sigma) });
    expect(s.net_type).toBe('credit');
    expect(s.breakevens[0]).toBeCloseTo((short?.strike as number) - (s.net_price as number), 6);
    const width = (short?.strike as number) - (long?.strike as number);
    expect(s.max_loss).toBeCloseTo((width - (s.net_price as number)) * 100, 6);
    expect(s.max_gain).toBeCloseTo((s.net_price as number) * 100, 6);
  });

  it('long call 45-60 DTE: the call nearest 0.60 delta in the only date of the window, gain unlimited', () => {
    const s = structureLegs('long call 45-60 DTE (~0.60 delta)', ctx());
    expectConsistent(s);
    expect(s.expiration).toBe('2025-05-09');
    expect(Math.abs((s.legs[0]?.delta as number) - 0.6)).toBeLessThan(0.05);
    expect(s.max_gain_unlimited).toBe(true);
    expect(s.max_gain).toBeNull();
    expect(s.max_loss).toBeCloseTo((s.legs[0]?.mid as number) * 100, 6);
  });

  it('iron condor: four legs around ±1σ; short strangle: loss unlimited', () => {
    const condor = structureLegs('iron condor outside 1σ 30-45 DTE', ctx());
    expectConsistent(condor);
    expect(condor.legs.map((l) => `${l.action} ${l.option_type}`)).toEqual([
      'sell put',
      'buy put',
      'sell call',
      'buy call',
    ]);
    expect(condor.breakevens).toHaveLength(2);
    const strangle = structureLegs('short strangle outside 1σ 30-45 DTE', ctx());
    expectConsistent(strangle);
    expect(strangle.max_loss_unlimited).toBe(true);
    expect(strangle.max_loss).toBeNull();
  });

  it('calendar: the strike nearest spot, sold near 30 DTE and bought near 60 DTE, loss capped at the debit', () => {
    const s = structureLegs('call or put calendar at the money, 30/60 DTE', ctx());
    expect(structureLegsSchema.safeParse(s).success).toBe(true);
    expect(s.legs.map((l) => [l.action, l.expiration, l.strike])).toEqual([
      ['sell', '2025-04-11', 100],
      ['buy', '2025-05-09', 100],
    ]);
    expect(s.net_type).toBe('debit');
    expect(s.max_loss_per_share).toBeCloseTo(s.net_price as number, 9);
    expect(s.max_gain).toBeNull();
    expect(s.max_gain_unlimited).toBe(false);
    expect(s.payoff_note).toMatch(/back month/);
  });
});

describe('structureLegs: the nearest listed expiration, and a note when it is off target', () => {
  it.each([
    // dates listed (snapshot 2025-03-12), structure, expected expirations of the legs, note
    [
      ['2025-04-17'],
      'call debit spread 30-45 DTE',
      ['2025-04-17'],
      null,
    ] /* 36 DTE: inside the window, no note */,
    [
      ['2025-03-21', '2025-05-09'],
      'call debit spread 30-45 DTE',
      ['2025-05-09'],
      'nearest listed to 30-45 DTE is 58 DTE (2025-05-09)',
    ] /* 9 DTE is below half the window's low end */,
    [
      ['2025-04-04', '2025-05-16'],
      'put debit spread 30-45 DTE',
      ['2025-04-04'],
      'nearest listed to 30-45 DTE is 23 DTE (2025-04-04)',
    ] /* 23 DTE is 14.5 from 37.5, 65 DTE 27.5 */,
    [
      ['2025-04-11', '2025-05-09'],
      'call or put calendar at the money, 30/60 DTE',
      ['2025-04-11', '2025-05-09'],
      null,
    ] /* 30 and 58 DTE: both on target */,
    [
      ['2025-04-25', '2025-05-30'],
      'call or put calendar at the money, 30/60 DTE',
      ['2025-04-25', '2025-05-30'],
      'front month 44 DTE (2025-04-25), nearest listed to the 30 DTE target; back month 79 DTE (2025-05-30), nearest listed to the 60 DTE target',
    ] /* the SPY: 47 and 82 DTE listed, nothing between 50 and 75 */,
    [
      ['2025-04-11', '2025-04-25'],
      'call or put calendar at the money, 30/60 DTE',
      ['2025-04-11', '2025-04-25'],
      'back month 44 DTE (2025-04-25), nearest listed to the 60 DTE target',
    ] /* the back month is the later date, even nearer 30 than 60 */,
  ] as const)('%j: %s → %j (%s)', (dates, structure, legDates, note) => {
    const s = structureLegs(structure, ctx(makeChain({ expirations: dates })));
    expect(structureLegsSchema.safeParse(s).success).toBe(true);
    expect(s.legs_unavailable_reason).toBeNull();
    expect([...new Set(s.legs.map((l) => l.expiration))]).toEqual(legDates);
    expect(s.expiration_note).toBe(note);
  });

  it.each([
    [
      ['2025-04-11'],
      /^a calendar needs two listed expirations: no listed expiration between 25 and 150 DTE for a back month after the 30 DTE front; none is listed$/,
    ],
    [
      ['2025-03-14', '2025-03-21'],
      /^no listed expiration between 10 and 80 DTE for the front month; nearest listed: 9 DTE \(2025-03-21\)$/,
    ],
  ] as const)('a calendar on %j stands aside: %s', (dates, reason) => {
    const s = structureLegs(
      'call or put calendar at the money, 30/60 DTE',
      ctx(makeChain({ expirations: dates })),
    );
    expect(s.legs).toEqual([]);
    expect(s.legs_unavailable_reason).toMatch(reason);
  });
});

describe('structureLegs: only quoted contracts with open interest, or a stated reason', () => {
  it('skips strikes with no two-sided quote', () => {
    // No IV (so no quote) at 97-103: the 0.50-delta call must come from outside that band.
    const holes = makeChain({
      expirations: DATES,
      ivFn: (c: ContractContext) => (c.strike >= 97 && c.strike <= 103 ? 0 : defaultIv(c)),
    });
    const s = structureLegs('call debit spread 30-45 DTE', ctx(holes));
    expectConsistent(s);
    for (const l of s.legs) expect(l.strike < 97 || l.strike > 103).toBe(true);
  });

  it('skips strikes without open interest', () => {
    const noOiNearSpot = makeChain({
      expirations: DATES,
      oiFn: (c: ContractContext) => (Math.abs(c.strike - 100) <= 2 ? 0 : 500),
    });
    const s = structureLegs('call debit spread 30-45 DTE', ctx(noOiNearSpot));
    for (const l of s.legs) expect(Math.abs(l.strike - 100)).toBeGreaterThan(2);
  });

  it.each([
    [
      'no expiration between half the window and twice it',
      makeChain({ expirations: ['2025-03-21', '2025-09-19'] }),
      0.25,
      /^no listed expiration between 15 and 90 DTE for 30-45 DTE; nearest listed: 9 DTE \(2025-03-21\)$/,
    ],
    [
      'no open interest anywhere',
      makeChain({ expirations: DATES, oiFn: () => 0 }),
      0.25,
      /two-sided quote and open interest/,
    ],
    [
      'no IV, so no quotes',
      makeChain({ expirations: DATES, ivFn: () => 0 }),
      0.25,
      /two-sided quote and open interest/,
    ],
    ['no ATM IV for a 1σ strike', chain, null, /no ATM IV/],
  ] as const)('%s → no legs, and why', (_name, c, atmIv, reason) => {
    const structure =
      atmIv === null ? 'bull put credit spread 30-45 DTE below -1σ' : 'call debit spread 30-45 DTE';
    const s = structureLegs(structure, ctx(c, atmIv));
    expect(structureLegsSchema.safeParse(s).success).toBe(true);
    expect(s.legs).toEqual([]);
    expect(s.net_price).toBeNull();
    expect(s.max_loss).toBeNull();
    expect(s.legs_unavailable_reason).toMatch(reason);
  });

  it('an unknown structure says so', () => {
    expect(structureLegs('butterfly 30-45 DTE', ctx()).legs_unavailable_reason).toMatch(/no leg rule/);
  });

  it('keeps the order of the structures', () => {
    const got = legsForStructures(['long put 45-60 DTE (~0.60 delta)', 'put debit spread 30-45 DTE'], ctx());
    expect(got.map((s) => s.strategy)).toEqual(['long_put', 'put_debit_spread']);
  });
});

describe('structureLegs: an index settles in cash', () => {
  it.each([
    ['SPX', 'cash'],
    ['^NDX', 'cash'],
    ['SPY', 'physical'],
  ] as const)('%s → %s', (ticker, settlement) => {
    const c = makeChain({ ticker, spot: 5000, expirations: DATES });
    const s = structureLegs('cash-settled short put 30-45 DTE at -1σ', ctx(c, 0.18));
    expectConsistent(s);
    expect(s.settlement).toBe(settlement);
    const sigma = 5000 * 0.18 * Math.sqrt(36 / 365);
    expect(s.legs[0]?.strike).toBeLessThanOrEqual(5000 - sigma);
  });
});
