import { describe, expect, it } from 'vitest';
import { trackRecordTarget } from '../../../../src/renderer/features/rankings/track-record-target.ts';

describe('which screener a track record covers', () => {
  it.each([
    [
      'a plain preset',
      { preset: 'momentum_breakout', savedId: null, savedName: null, overridden: false },
      { kind: 'preset', preset: 'momentum_breakout' },
      'Momentum breakout',
      false,
    ],
    [
      'a preset with unsaved changes: the preset, and a note',
      { preset: 'trend_pullback', savedId: null, savedName: null, overridden: true },
      { kind: 'preset', preset: 'trend_pullback' },
      'Trend pullback',
      true,
    ],
    [
      'a saved screener',
      { preset: 'trend_pullback', savedId: 7, savedName: 'Dips', overridden: true },
      { kind: 'saved', viewId: 7 },
      'My screener “Dips”',
      false,
    ],
  ] as const)('%s', (_name, input, screener, title, hasNote) => {
    const t = trackRecordTarget(input);
    expect(t.screener).toEqual(screener);
    expect(t.title).toBe(title);
    expect(t.note !== null).toBe(hasNote);
  });
});
