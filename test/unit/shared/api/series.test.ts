import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SERIES_METRICS,
  METRIC_KEYS,
  SERIES_WINDOW_PATTERN,
  metricKeySchema,
  normalizeMetricKey,
} from '../../../../src/shared/api/index.ts';

describe('normalizeMetricKey', () => {
  it.each([
    ['price', 'price'],
    ['pc_25d_ratio', 'put_call_25d_iv_ratio'],
    ['PC_25D_RATIO', 'put_call_25d_iv_ratio'],
    ['  iv_rank ', 'iv_rank'],
    ['put_call_25d_iv_ratio', 'put_call_25d_iv_ratio'],
    ['GEX_FLIP', 'gex_flip'],
    ['gamma', null],
    ['', null],
    ['toString', null],
    ['__proto__', null],
  ])('%j → %j', (raw, want) => {
    expect(normalizeMetricKey(raw)).toBe(want);
  });

  it('maps every catalog key to itself', () => {
    for (const key of METRIC_KEYS) expect(normalizeMetricKey(key)).toBe(key);
  });
});

describe('metric key enum', () => {
  it('rejects the alias (it is not a catalog key) and unknown keys', () => {
    expect(metricKeySchema.safeParse('pc_25d_ratio').success).toBe(false);
    expect(metricKeySchema.safeParse('vanna').success).toBe(false);
    expect(metricKeySchema.safeParse('atm_iv').success).toBe(true);
  });

  it('the spec default list resolves to catalog keys', () => {
    for (const key of DEFAULT_SERIES_METRICS) expect(metricKeySchema.safeParse(key).success).toBe(true);
  });
});

describe('series window', () => {
  it.each([
    ['30d', true],
    ['180d', true],
    ['2y', true],
    ['12w', true],
    ['6m', true],
    ['0d', false],
    ['30', false],
    ['d30', false],
    ['30 d', false],
    ['99999d', false],
  ])('%s → %s', (w, ok) => {
    expect(SERIES_WINDOW_PATTERN.test(w)).toBe(ok);
  });
});
