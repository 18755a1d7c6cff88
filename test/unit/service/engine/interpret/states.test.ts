import { describe, expect, it } from 'vitest';
import {
  extensionState,
  momentumState,
  realizedVolState,
  trendAlignmentState,
  trendState,
} from '../../../../../src/service/engine/interpret/states.ts';

describe('trendState', () => {
  it.each([
    [1.0, 'up'],
    [4.2, 'up'],
    [0.999, 'sideways'],
    [0, 'sideways'],
    [-0.999, 'sideways'],
    [-1.0, 'down'],
    [-3, 'down'],
  ] as const)('trend_score %s → %s', (score, state) => {
    expect(trendState(score)).toBe(state);
  });
});

describe('momentumState', () => {
  it.each([
    // [score, change, trend, expected]
    [1.2, 0.1, 'up', 'strong'],
    [1.2, -0.5, 'up', 'fading'],
    [0.4, 0.5, 'up', 'improving'],
    [0.4, -0.6, 'up', 'fading'],
    [-0.3, 0.1, 'up', 'fading'], // price moving against the up-trend
    [0.3, 0.1, 'up', 'weak'],
    [-1.5, -0.2, 'down', 'strong'], // down-trend momentum is strong when price falls hard
    [-1.5, 0.7, 'down', 'fading'],
    [-0.2, -0.6, 'down', 'improving'],
    [0.4, 0, 'down', 'fading'],
    [1.1, 0, 'sideways', 'strong'],
    [-1.1, 0, 'sideways', 'strong'],
    [-0.3, -0.5, 'sideways', 'improving'],
    [0.2, 0, null, 'weak'],
  ] as const)('score %s change %s in trend %s → %s', (score, change, trend, state) => {
    expect(momentumState(score, change, trend)).toBe(state);
  });
});

describe('extensionState', () => {
  it.each([
    [2, 'overbought'],
    [1.99, 'neutral'],
    [-1.99, 'neutral'],
    [-2, 'oversold'],
  ] as const)('extension %s → %s', (score, state) => {
    expect(extensionState(score)).toBe(state);
  });
});

describe('realizedVolState', () => {
  it.each([
    [85, 1.0, 'elevated'],
    [80, 0.9, 'elevated'],
    [85, 0.85, 'contracting'],
    [10, 1.0, 'subdued'],
    [20, 1.1, 'subdued'],
    [15, 1.2, 'expanding'],
    [50, 1.0, 'expanding'],
    [50, 0.99, 'contracting'],
  ] as const)('percentile %s ratio %s → %s', (percentile, ratio, state) => {
    expect(realizedVolState({ percentile, ratio })).toBe(state);
  });
});

describe('trendAlignmentState', () => {
  it.each([
    [[1, 1, 1], 'aligned'],
    [[-0.6, -1, 0], 'aligned'],
    [[1, 0.2, 0.1], 'mixed'],
    [[0.4, 0.4, 0.4], 'mixed'],
    [[1, -0.5, 0], 'conflicting'],
    [[1, 1, -0.9], 'conflicting'],
  ] as const)('components %j → %s', (parts, state) => {
    expect(trendAlignmentState(parts)).toBe(state);
  });
});
