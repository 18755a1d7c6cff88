import { describe, expect, it } from 'vitest';
import {
  canonicalTicker,
  isCanonicalTicker,
  parseTicker,
  tickerSchema,
  TICKER_MAX_LENGTH,
} from '../../../src/shared/ticker-symbol.ts';
import { TICKER_CASES } from '../../support/ticker-cases.ts';

describe('parseTicker: the one ticker rule', () => {
  it.each(TICKER_CASES)('$raw → $want ($why)', ({ raw, want }) => {
    const parsed = parseTicker(raw);
    expect(parsed.ok ? parsed.ticker : null).toBe(want);
    if (!parsed.ok) expect(parsed.reason).toMatch(/ticker/);
  });

  it.each(TICKER_CASES)('the zod schema gives the same verdict for $raw', ({ raw, want }) => {
    const parsed = tickerSchema.safeParse(raw);
    expect(parsed.success ? parsed.data : null).toBe(want);
  });

  it('is idempotent: a canonical symbol parses to itself', () => {
    for (const { want } of TICKER_CASES) {
      if (want === null) continue;
      expect(parseTicker(want)).toEqual({ ok: true, ticker: want });
      expect(isCanonicalTicker(want)).toBe(true);
    }
  });

  it.each([
    ['^VIX', false],
    ['spy', false],
    [' SPY', false],
    ['SPY', true],
    [42, false],
    [null, false],
  ])('isCanonicalTicker(%j) is %s', (value, want) => {
    expect(isCanonicalTicker(value)).toBe(want);
  });

  it.each([
    ['', 'the ticker is empty'],
    ['X'.repeat(TICKER_MAX_LENGTH + 1), `at most ${TICKER_MAX_LENGTH} characters`],
    ['A/B', 'holds only letters'],
    ['-.-', 'needs a letter or digit'],
    [7, 'must be text'],
  ])('names why %j is refused', (raw, reason) => {
    const parsed = parseTicker(raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toContain(reason);
  });
});

describe('canonicalTicker: index spellings through index-underlyings', () => {
  it.each([
    ['^VIX', 'VIX'],
    ['$SPX', 'SPX'],
    ['.spx', 'SPX'],
    ['NDX', 'NDX'],
    ['^GSPC', '^GSPC'],
    ['brk.b', 'BRK.B'],
  ])('%s → %s', (raw, want) => {
    expect(canonicalTicker(raw)).toBe(want);
  });
});
