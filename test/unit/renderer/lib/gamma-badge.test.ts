import { describe, expect, it } from 'vitest';
import { gammaBadge, type GammaBadgeInput } from '../../../../src/renderer/lib/gamma-badge.ts';

// The badge derives from the card's gamma tone (net gamma at spot); the flip only qualifies it.
describe('gammaBadge', () => {
  it.each<[string, GammaBadgeInput, string | null, string | null, RegExp | null]>([
    // The TSLA/AMD case: no flip, card "dealers heavily long gamma": never "n/a".
    [
      'long gamma, no flip',
      { tone: 'strong_positive', spot: 250, flip: null, regime: 'unknown' },
      'Long γ · no flip',
      'pos',
      /positive at every price in range, so there is no flip/,
    ],
    [
      'short gamma, no flip',
      { tone: 'negative', spot: 250, flip: null, regime: 'unknown' },
      'Short γ · no flip',
      'neg',
      /negative at every price/,
    ],
    [
      'long, spot above the flip',
      { tone: 'positive', spot: 600, flip: 590 },
      'Long γ',
      'pos',
      /above the flip/,
    ],
    [
      'short, spot below the flip',
      { tone: 'negative', spot: 580, flip: 590 },
      'Short γ',
      'neg',
      /below the flip/,
    ],
    [
      'long although below the flip (two crossings)',
      { tone: 'positive', spot: 580, flip: 590 },
      'Long γ · below flip',
      'pos',
      /crosses zero more than once/,
    ],
    ['long, at the flip', { tone: 'positive', spot: 590, flip: 590 }, 'Long γ', 'pos', /at the flip/],
    ['no tone: spot vs flip', { tone: null, spot: 600, flip: 590 }, 'Long γ', 'pos', /above the gamma flip/],
    [
      'no tone, regime only',
      { tone: null, spot: null, flip: null, regime: 'negative' },
      'Short γ',
      'neg',
      null,
    ],
    [
      'no tone, regime neutral',
      { tone: null, spot: null, flip: null, regime: 'neutral' },
      'At flip',
      'neutral',
      null,
    ],
    ['nothing known', { tone: null, spot: 600, flip: null, regime: 'unknown' }, 'n/a', 'neutral', /unknown/],
    ['no input at all', { tone: null, spot: null, flip: null }, null, null, null],
  ])('%s', (_, input, text, tone, title) => {
    const view = gammaBadge(input);
    if (text === null) return expect(view).toBeNull();
    expect(view?.text).toBe(text);
    expect(view?.tone).toBe(tone);
    if (title) expect(view?.title).toMatch(title);
  });
});
