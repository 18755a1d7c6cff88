// The one list of level kinds: what the service emits, what the levels export styles, and what
// a remote service may name beyond them (accepted by the schema, not a known kind).
import { describe, expect, it } from 'vitest';
import { isLevelKind, LEVEL_KINDS, levelSchema } from '../../../../src/shared/api/levels.ts';

describe('level kinds', () => {
  it.each([
    ['spot', true],
    ['gamma_flip', true],
    ['sigma_1d', true],
    ['sigma_1w', true],
    ['sigma_1m', true],
    ['call_wall', true],
    ['put_wall', true],
    ['max_pain', true],
    ['vol_trigger', false],
    ['', false],
    ['SPOT', false],
  ])('isLevelKind(%j) is %s', (kind, known) => {
    expect(isLevelKind(kind)).toBe(known);
  });

  it('the schema takes every known kind and any other non-empty label', () => {
    for (const kind of [...LEVEL_KINDS, 'vol_trigger']) {
      expect(levelSchema.safeParse({ label: 'L', price: 1, kind }).success).toBe(true);
    }
    expect(levelSchema.safeParse({ label: 'L', price: 1, kind: '' }).success).toBe(false);
  });
});
