import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  structureLegsSchema,
  zeroDteSetupSchema,
  type StructureLegs,
} from '../../../../../src/shared/api/trade-setup.ts';
import type { Direction, GammaRegime } from '../../../../../src/shared/api/enums.ts';
import { nyToEpoch } from '../../../../../src/shared/market-calendar.ts';
import { analyzeChainDetailed } from '../../../../../src/service/engine/analyze.ts';
import type { OptionChain } from '../../../../../src/service/engine/chain.ts';
import type { ZeroDte } from '../../../../../src/service/engine/more-levels.ts';
import { structureLegs } from '../../../../../src/service/engine/interpret/setup-legs.ts';
import {
  BUTTERFLY,
  CALL_SPREAD,
  PUT_SPREAD,
  zeroDtePin,
  zeroDteSetup,
  type ZeroDteInput,
} from '../../../../../src/service/engine/interpret/zero-dte-setup.ts';
import { importChainText } from '../../../../../src/service/market/import/index.ts';
import { makeChain } from '../../../../support/chain-factory.ts';

// Wednesday 2025-03-12 at 10:00 New York, six hours before the 0DTE close; spot 100, $1 strikes from
// 80 to 120, IV 60 % flat so that the 0DTE quotes reach a few strikes out.
const ASOF = nyToEpoch('2025-03-12', 10 * 60);
const chain = makeChain({ asof: ASOF, expirations: ['2025-03-12', '2025-03-14'], ivFn: () => 0.6 });
const ATM_IV = 0.6;
/** σ of the six hours left: 100 × 0.6 × √(6 / 24 / 365) ≈ 1.57, so the wings are ½σ ≈ 0.79 → one strike. */
const SIGMA = 100 * 0.6 * Math.sqrt((6 * 3_600_000) / (365 * 86_400_000));

const levels = (over: Partial<ZeroDte> = {}): ZeroDte => ({
  expiration: '2025-03-12',
  gex_usd_per_1_pct_move: 0,
  gamma_share_pct: null,
  flip: 98.5,
  flip_reason: null,
  call_wall: 102,
  put_wall: 98,
  ...over,
});

const input = (over: Partial<ZeroDteInput> = {}): ZeroDteInput => ({
  chain,
  levels: levels(),
  gammaRegime: 'positive',
  direction: 'neutral',
  maxPain: 101,
  atmIv: ATM_IV,
  ...over,
});

/** The chain's row of a contract, or -1. */
function rowOf(c: OptionChain, date: string, strike: number, isCall: boolean): number {
  const e = c.expirations.findIndex((x) => x.date === date);
  for (let i = 0; i < c.size; i++)
    if (c.expiryIndex[i] === e && c.strike[i] === strike && c.isCall[i] === (isCall ? 1 : 0)) return i;
  return -1;
}

/** Every leg a contract of the chain, priced at its mid; a sold leg has a bid; the payoff agrees. */
function expectPlaceable(s: StructureLegs, c: OptionChain): void {
  expect(structureLegsSchema.safeParse(s).success).toBe(true);
  expect(s.legs_unavailable_reason).toBeNull();
  for (const l of s.legs) {
    const i = rowOf(c, l.expiration, l.strike, l.option_type === 'call');
    expect(i, `${l.strike} ${l.option_type}`).toBeGreaterThanOrEqual(0);
    expect([l.bid, l.ask, l.open_interest]).toEqual([c.bid[i], c.ask[i], c.openInterest[i]]);
    expect(l.mid).toBeCloseTo((l.bid + l.ask) / 2, 3);
    expect(l.dte).toBe(0);
    if (l.action === 'sell') expect(l.bid).toBeGreaterThan(0);
  }
  const net = s.legs.reduce((sum, l) => sum + (l.action === 'buy' ? 1 : -1) * l.quantity * l.mid, 0);
  expect(s.net_price).toBeCloseTo(Math.abs(net), 9);
  expect(s.max_loss).toBeCloseTo((s.max_loss_per_share as number) * 100, 6);
}

const strikesOf = (s: StructureLegs | undefined) =>
  s?.legs.map((l) => `${l.action} ${l.quantity} ${l.strike} ${l.option_type}`);

describe('zeroDtePin: max pain between the 0DTE walls, else the 0DTE flip, else spot', () => {
  it.each([
    [{ put_wall: 98, call_wall: 102, flip: 99 }, 101, { pin: 101, why: 'max pain' }],
    [{ put_wall: 98, call_wall: 102, flip: 99 }, 104, { pin: 99, why: '0DTE flip' }],
    [{ put_wall: 98, call_wall: 102, flip: 97 }, 104, { pin: 100, why: 'spot' }],
    [{ put_wall: 98, call_wall: 102, flip: null }, null, { pin: 100, why: 'spot' }],
    [{ put_wall: null, call_wall: null, flip: 97 }, 110, { pin: 110, why: 'max pain' }],
  ] as const)('%j, max pain %s → %j', (walls, maxPain, want) => {
    expect(zeroDtePin(walls, maxPain, 100)).toEqual(want);
  });
});

describe('zeroDteSetup: structures by gamma regime', () => {
  it.each([
    ['positive', 'neutral', 'range', [BUTTERFLY, PUT_SPREAD, CALL_SPREAD]],
    ['positive', 'short', 'range', [BUTTERFLY, PUT_SPREAD, CALL_SPREAD]],
    ['negative', 'short', 'short', [CALL_SPREAD]],
    ['negative', 'long', 'long', [PUT_SPREAD]],
    ['negative', 'neutral', 'stand_aside', []],
    ['unknown', 'long', 'stand_aside', []],
    ['neutral', 'long', 'stand_aside', []],
  ] as const)(
    '%s gamma, setup %s → %s %j',
    (gammaRegime: GammaRegime, direction: Direction, stance, structures) => {
      const z = zeroDteSetup(input({ gammaRegime, direction }));
      expect(zeroDteSetupSchema.safeParse(z).success).toBe(true);
      expect(z?.stance).toBe(stance);
      expect(z?.structure_legs.map((s) => s.structure)).toEqual(structures);
      for (const s of z?.structure_legs ?? []) expectPlaceable(s, chain);
      if (stance === 'stand_aside') expect(z?.reason).toMatch(/stand aside/);
      if (gammaRegime === 'negative') expect(z?.reason).toMatch(/amplifies moves/);
    },
  );

  it.each([
    ['TEST', 'flip $98.50, put wall $98.00, call wall $102.00'],
    ['SPX', 'flip 98.50, put wall 98.00, call wall 102.00'],
  ])('%s: the reason quotes the levels in the underlying unit (%s)', (ticker, where) => {
    const c = makeChain({ ticker, asof: ASOF, expirations: ['2025-03-12'], ivFn: () => 0.6 });
    expect(zeroDteSetup(input({ chain: c }))?.reason).toContain(`(${where})`);
  });

  it('no expiration ending on the snapshot date → no 0DTE setup', () => {
    expect(zeroDteSetup(input({ levels: null }))).toBeNull();
  });

  it('positive gamma: a call fly at max pain, spreads beyond the walls, wings one strike (½σ < $1)', () => {
    const z = zeroDteSetup(input());
    expect(z?.pin).toBe(101);
    expect(z?.wing_width).toBeCloseTo(SIGMA / 2, 2);
    const [fly, put, call] = z?.structure_legs ?? [];
    expect(strikesOf(fly)).toEqual(['buy 1 100 call', 'sell 2 101 call', 'buy 1 102 call']);
    expect(fly?.strategy).toBe('call_butterfly');
    // A long fly: a debit, lost at most; gains the width less the debit at the body; breakevens inside the wings.
    const debit = fly?.net_price as number;
    expect(fly?.net_type).toBe('debit');
    expect(fly?.max_loss_per_share).toBeCloseTo(debit, 3);
    expect(fly?.max_gain_per_share).toBeCloseTo(1 - debit, 3);
    expect(fly?.breakevens).toEqual([expect.closeTo(100 + debit, 3), expect.closeTo(102 - debit, 3)]);
    // The lower of the put wall (98) and the flip (98.5) below spot; the call wall (102) above it.
    expect(strikesOf(put)).toEqual(['sell 1 98 put', 'buy 1 97 put']);
    expect(strikesOf(call)).toEqual(['sell 1 102 call', 'buy 1 103 call']);
    for (const s of [put, call]) {
      expect(s?.net_type).toBe('credit');
      expect(s?.max_gain_per_share).toBeCloseTo(s?.net_price as number, 3);
      expect(s?.max_loss_per_share).toBeCloseTo(1 - (s?.net_price as number), 3);
    }
  });

  it.each([
    // flip above spot: the call spread sells beyond the higher of the call wall and the flip
    [{ flip: 103, call_wall: 102 }, 'call', ['sell 1 103 call', 'buy 1 104 call']],
    // no levels on the put side: spot − σ (98.43), down to a listed strike
    [{ put_wall: null, flip: null }, 'put', ['sell 1 98 put', 'buy 1 97 put']],
    // no levels and no ATM IV: nothing to place it by
    [{ put_wall: null, flip: null }, 'put none', []],
  ] as const)('credit spread placement with %j (%s)', (over, side, want) => {
    const z = zeroDteSetup(input({ levels: levels(over), ...(side === 'put none' ? { atmIv: null } : {}) }));
    const s = z?.structure_legs.find((x) => x.structure === (side === 'call' ? CALL_SPREAD : PUT_SPREAD));
    expect(strikesOf(s)).toEqual(want);
    if (want.length === 0)
      expect(s?.legs_unavailable_reason).toBe('no 0DTE put wall, flip or ATM IV to place it');
  });

  it('a pin below spot makes a put fly (out-of-the-money options)', () => {
    const z = zeroDteSetup(input({ maxPain: 99 }));
    const fly = z?.structure_legs[0];
    expect(fly?.strategy).toBe('put_butterfly');
    expect(strikesOf(fly)).toEqual(['buy 1 98 put', 'sell 2 99 put', 'buy 1 100 put']);
  });

  it('a 0DTE with no quotes (settled, or never quoted) names why each structure has no legs', () => {
    const dead = makeChain({
      asof: ASOF,
      expirations: ['2025-03-12', '2025-03-14'],
      ivFn: (c) => (c.expiration === '2025-03-12' ? 0 : 0.6),
    });
    const z = zeroDteSetup(input({ chain: dead }));
    expect(z?.structure_legs.map((s) => s.legs_unavailable_reason)).toEqual([
      'no 0DTE call with a bid',
      'no 0DTE put with a bid at or below 98',
      'no 0DTE call with a bid at or above 102',
    ]);
  });
});

describe('the real Cboe TSLA file (one expiration, 2023-08-25; snapshot Sunday 2023-08-20)', () => {
  const file = importChainText(
    readFileSync('/work/shared/fixtures/cboe/tsla_quotedata.csv', 'utf8'),
    'tsla_quotedata.csv',
  ).chain;

  it('as taken: no expiration ends that Sunday, so no 0DTE levels; 30-45 DTE structures name the 5 DTE date', () => {
    const a = analyzeChainDetailed(file);
    expect(a.more.zero_dte).toBeNull();
    expect(zeroDteSetup(input({ chain: file, levels: a.more.zero_dte }))).toBeNull();
    const s = structureLegs('call debit spread 30-45 DTE', { chain: file, atmIv: a.metrics.atm_iv });
    expect(s.legs_unavailable_reason).toBe(
      'no listed expiration between 15 and 90 DTE for 30-45 DTE; nearest listed: 5 DTE (2023-08-25)',
    );
    const cal = structureLegs('call or put calendar at the money, 30/60 DTE', { chain: file, atmIv: null });
    expect(cal.legs).toEqual([]);
  });

  it("read on its expiration's morning, its 0DTE structures are contracts of the file at their mids", () => {
    // The file's own quotes and open interest, read at 10:00 on 2023-08-25: the 0DTE levels come
    // from the file's exposure, the legs from its bid/ask.
    const morning: OptionChain = { ...file, asof: nyToEpoch('2023-08-25', 10 * 60) };
    const a = analyzeChainDetailed(morning);
    const z = zeroDteSetup({
      chain: morning,
      levels: a.more.zero_dte,
      gammaRegime: 'positive',
      direction: 'neutral',
      maxPain: a.metrics.max_pain,
      atmIv: a.metrics.atm_iv,
    });
    expect(z?.expiration).toBe('2023-08-25');
    expect(z?.structure_legs.map((s) => s.structure)).toEqual([BUTTERFLY, PUT_SPREAD, CALL_SPREAD]);
    for (const s of z?.structure_legs ?? []) expectPlaceable(s, morning);
    const [fly, put, call] = z?.structure_legs ?? [];
    const [lo, body, hi] = fly?.legs ?? [];
    expect((body?.strike as number) - (lo?.strike as number)).toBe(
      (hi?.strike as number) - (body?.strike as number),
    );
    const lowest = Math.min(
      ...[z?.put_wall, z?.flip].filter((x): x is number => typeof x === 'number' && x < file.spot),
    );
    expect(put?.legs[0]?.strike).toBeLessThanOrEqual(lowest);
    expect(call?.legs[0]?.strike).toBeGreaterThanOrEqual(z?.call_wall as number);
  });
});
