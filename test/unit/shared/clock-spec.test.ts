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

  it('a fast clock runs speed× from its start; without one, from the real now', () => {
    let real = 1000;
    const clock = buildMarketClock({ kind: 'fast', speed: 300, start: 50_000 }, { realNow: () => real });
    expect(clock.now()).toBe(50_000);
    real += 10;
    expect(clock.now()).toBe(53_000);
    const fromNow = buildMarketClock({ kind: 'fast', speed: 2 }, { realNow: () => real });
    expect(fromNow.now()).toBe(real);
  });

  it('a frozen clock stands still', () => {
    expect(buildMarketClock({ kind: 'frozen', at: 42 }).now()).toBe(42);
  });

  it("the data clock reads the folder's newest snapshot, and needs one", () => {
    expect(() => buildMarketClock({ kind: 'data' })).toThrow("clock 'data' needs a chain folder");
    const clock = buildMarketClock({ kind: 'data' }, { newestSnapshot: () => 7 });
    expect(clock.now()).toBe(7);
    expect(clock.kind).toBe('data');
  });
});
