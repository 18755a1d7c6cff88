import { describe, expect, it } from 'vitest';
import { ECHO_MAX_CHARS, clipForApi } from '../../../../src/shared/echo.ts';

describe('clipForApi', () => {
  it.each([
    ['short text', 'AAPL', 'AAPL'],
    ['control characters', 'a\u0000b\u202ec', 'a?b?c'],
    ['exactly the limit', 'x'.repeat(ECHO_MAX_CHARS), 'x'.repeat(ECHO_MAX_CHARS)],
    ['one over the limit', 'x'.repeat(ECHO_MAX_CHARS + 1), `${'x'.repeat(ECHO_MAX_CHARS)}…`],
    ['a 15 KB value', `%zz${'y'.repeat(15_000)}`, `%zz${'y'.repeat(ECHO_MAX_CHARS - 3)}…`],
  ])('%s', (_case, raw, echoed) => {
    expect(clipForApi(raw)).toBe(echoed);
  });
});
