import { describe, expect, it } from 'vitest';
import { buildMarketClock } from '../../../src/service/index.ts';
import { clockSpecSchema, type ClockSpec } from '../../../src/shared/clock-spec.ts';

describe('clockSpecSchema', () => {
  it.each([
    [{ kind: 'real' }],
    [{ kind: 'fast', speed: 300 }],
    [{ kind: 'fast', speed: 2.5, start: 0 }],
    [{ kind: 'frozen', at: 1_741_618_800_000 }],
    [{ kind: 'data' }],
  ])('accepts %o', (spec) => {
    expect(clockSpecSchema.parse(spec)).toEqual(spec);
  });

  it.each([
    [{ kind: 'slow' }],
    [{ kind: 'fast', speed: 0 }],
    [{ kind: 'fast', speed: -1 }],
    [{ kind: 'fast' }],
    [{ kind: 'frozen' }],
    [{ kind: 'frozen', at: Number.NaN }],
    [{ kind: 'real', speed: 3 }],
  ])('refuses %o', (spec) => {
    expect(clockSpecSchema.safeParse(spec).success).toBe(false);
  });
});

describe('buildMarketClock: the one way from a spec to a running clock', () => {
  it.each([
    ['real', { kind: 'real' }, 'real'],
    ['fast', { kind: 'fast', speed: 300 }, 'fast'],
    ['frozen', { kind: 'frozen', at: 5 }, 'manual'],
  ] as const)('%s', (_label, spec: ClockSpec, kind) => {
    expect(buildMarketClock(spec).kind).toBe(kind);
  });

  it('a fast clock runs speed× from its start', () => {
    let real = 1000;
    const clock = buildMarketClock({ kind: 'fast', speed: 300, start: 50_000 }, { realNow: () => real });
    expect(clock.now()).toBe(50_000);
    real += 10;
    expect(clock.now()).toBe(53_000);
    expect(clock.rate).toBe(300);
  });

  // Choosing "fast" shows the simulated market trading a whole session, from its open.
  it.each([
    ['mid-session: from its open', '2026-03-02T20:59:00Z', '2026-03-02T14:30:00Z'],
    ['pre-open: from the open', '2026-03-02T10:46:00Z', '2026-03-02T14:30:00Z'],
    ['after the close: the next open', '2026-03-02T21:00:00Z', '2026-03-03T14:30:00Z'],
    ["Saturday: Monday's open", '2026-11-28T17:00:00Z', '2026-11-30T14:30:00Z'],
    ["Thanksgiving: the next day's open", '2026-11-26T16:00:00Z', '2026-11-27T14:30:00Z'],
  ])('a fast clock without a start, %s', (_label, realIso, startIso) => {
    let real = Date.parse(realIso);
    const clock = buildMarketClock({ kind: 'fast', speed: 2 }, { realNow: () => real });
    expect(new Date(clock.now()).toISOString()).toBe(new Date(startIso).toISOString());
    real += 1000;
    expect(clock.now()).toBe(Date.parse(startIso) + 2000);
  });

  it.each([
    ['real', { kind: 'real' }, 1],
    ['frozen', { kind: 'frozen', at: 5 }, 0],
  ] as const)('a %s clock runs at rate %d', (_label, spec: ClockSpec, rate) => {
    expect(buildMarketClock(spec).rate).toBe(rate);
  });

  it('a frozen clock stands still', () => {
    expect(buildMarketClock({ kind: 'frozen', at: 42 }).now()).toBe(42);
  });

  it("the data clock reads the folder's newest snapshot, and needs one", () => {
    expect(() => buildMarketClock({ kind: 'data' })).toThrow("clock 'data' needs a chain folder");
    const clock = buildMarketClock({ kind: 'data' }, { newestSnapshot: () => 7 });
    expect(clock.now()).toBe(7);
    expect(clock.kind).toBe('data');
    expect(clock.rate).toBe(0);
  });
});
