// VIX's skew and sentiment read as a fear gauge's (interpret/vix-reading.ts), not as a stock's: the
// issue's "puts −41 % vs calls: calls as rich as puts … Bullish" must not come back, while SPY with
// the same figures keeps the stock reading.
import { describe, expect, it } from 'vitest';
import { interpretMarketStructure } from '../../../../../src/service/engine/interpret/market-structure.ts';
import { makeTickerMetrics } from '../../../../support/metrics-factory.ts';

/** A call-rich skew: 25-delta puts `premium` % over calls (negative: calls richer). */
function skewed(ticker: string, price: number, premium: number, extra = {}) {
  const call = 1.2;
  const put = call * (1 + premium / 100);
  return makeTickerMetrics({
    ticker,
    price,
    put_25d_iv: put,
    call_25d_iv: call,
    put_call_25d_iv_ratio: put / call,
    put_call_iv_spread: (put - call) * 100,
    put_call_25d_iv_premium_pct: premium,
    pcr_oi: 0.45,
    call_regime: 'call_accumulation',
    speculative_interest_score: 0.3,
    ...extra,
  });
}

describe('VIX: call skew is the normal shape, never bullish', () => {
  it.each([
    // ticker, price, put premium %, skew state, sentiment, words in the skew label
    // calls / puts − 1 = 1 / 0.59 − 1 = 69 %
    [
      'VIX',
      16,
      -41,
      'balanced',
      'neutral',
      'VIX calls 69 % over puts: call skew, the normal shape of a fear gauge',
    ],
    [
      'VIX',
      16,
      -60,
      'defensive',
      'cautious',
      'VIX calls 150 % over puts: steep call skew, equity hedges bid',
    ],
    ['VIX', 24, -41, 'balanced', 'cautious', 'call skew'],
    ['VIX', 24, -60, 'defensive', 'fearful', 'steep call skew'],
    ['VIX', 34, -5, 'balanced', 'fearful', 'flat skew for VIX'],
    ['^VIX', 13, -30, 'balanced', 'neutral', 'call skew'],
    // The same figures on SPY read as a stock's: calls as rich as puts, bullish.
    ['SPY', 600, -41, 'upside_leaning', 'bullish', 'calls as rich as puts'],
  ])('%s at %d, puts %d % vs calls → %s, %s', (ticker, price, premium, state, mood, words) => {
    const ms = interpretMarketStructure(skewed(ticker, price, premium));
    expect(ms.drivers.skew_tone?.state).toBe(state);
    expect(ms.drivers.skew_tone?.label).toContain(words);
    expect(ms.drivers.sentiment).toBe(mood);
    if (ticker.endsWith('VIX')) {
      expect(ms.drivers.skew_tone?.label).not.toMatch(/as rich as puts/);
      expect(ms.drivers.sentiment).not.toBe('bullish');
      const drivers = ms.label_drivers?.find((d) => d.kind === 'sentiment');
      expect(drivers?.value).toBe(mood);
      expect(drivers?.drivers.map((d) => d.text).join(' ')).toContain('bearish for equities');
    }
  });

  it('heavy call speculation on VIX is hedging, not speculative', () => {
    const ms = interpretMarketStructure(
      skewed('VIX', 15, -35, { speculative_interest_score: 0.9, call_regime: 'call_chasing' }),
    );
    expect(ms.drivers.sentiment).toBe('neutral');
    expect(ms.tags).not.toContain('sentiment_speculative');
  });
});

describe('index levels in the texts: points, never dollars', () => {
  it.each([
    // ticker, price, flip, headline words
    ['SPX', 6016.48, 5950.25, 'SPX 6,016.48', false],
    ['NDX', 21480.5, 21000, 'NDX 21,480.50', false],
    ['VIX', 16.2, 15.1, 'VIX 16.20', false],
    ['SPY', 601.65, 595.02, 'SPY $601.65', true],
  ])('%s at %d: "%s", dollars %s', (ticker, price, flip, words, dollars) => {
    const m = makeTickerMetrics({
      ticker,
      price,
      gex_flip: flip,
      dist_to_gex_flip_pct: ((flip - price) / price) * 100,
    });
    const ms = interpretMarketStructure(m);
    expect(ms.headline).toContain(words);
    const texts = [ms.headline, ms.expected_behavior, ms.drivers.flip_context?.label ?? ''];
    for (const text of texts) expect(text.includes('$')).toBe(dollars);
  });
});
