// Names the bridge accepts: control characters and text-direction controls are refused in every
// name schema, what a person types or pastes is kept; and echoes of a caller's input in error
// messages are clipped.
import { describe, expect, it } from 'vitest';
import { alertRuleInputSchema } from '../../../../src/shared/alert-rules.ts';
import type { BridgeHandlers } from '../../../../src/shared/bridge/contract.ts';
import { nameSchema } from '../../../../src/shared/bridge/common.ts';
import { dispatch } from '../../../../src/core/bridge/dispatch.ts';
import { clipForBridge } from '../../../../src/shared/echo.ts';
import { savedViewCreateInputSchema } from '../../../../src/shared/bridge/saved-views.ts';

const refused: [string, string][] = [
  ['a NUL', 'Tech\u0000'],
  ['a right-to-left override', 'Tech\u202Egnp.exe'],
  ['a left-to-right embedding', '\u202ATech'],
  ['a first-strong isolate', 'Te\u2068ch'],
  ['a pop directional isolate', 'Tech\u2069 list'],
  ['a newline inside', 'one\ntwo'],
  ['a tab inside', 'one\ttwo'],
  ['an escape sequence', 'a\u001b[31mred'],
  ['a DEL', 'Tech\u007f'],
  ['a C1 control', 'Tech\u0085list'],
  ['a line separator', 'one\u2028two'],
  ['an unpaired surrogate', 'Tech\ud800'],
];

const kept: [string, string, string][] = [
  ['plain text', 'Tech', 'Tech'],
  ['accents and CJK', 'Émile 株式', 'Émile 株式'],
  ['an emoji with a joiner', 'Team 👩‍💻', 'Team 👩‍💻'],
  ['right-to-left text with a direction mark', 'قائمة\u200F 1', 'قائمة\u200F 1'],
  ['surrounding whitespace, trimmed', '  \tTech\n', 'Tech'],
];

describe.each([
  ['a watchlist or rule name', (name: string) => nameSchema.safeParse(name)],
  [
    'a rule input',
    (name: string) =>
      alertRuleInputSchema.safeParse({ name, condition: { kind: 'regime_change' }, scope: { kind: 'all' } }),
  ],
  [
    'a saved view',
    (name: string) => savedViewCreateInputSchema.safeParse({ name, kind: 'top_setups', filters: {} }),
  ],
])('%s', (_what, parse) => {
  it.each(refused)('refuses %s', (_label, name) => {
    const result = parse(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'A name cannot contain control characters or text-direction controls',
    );
  });

  it.each(kept)('keeps %s', (_label, name) => {
    expect(parse(name).success).toBe(true);
  });
});

describe('nameSchema output', () => {
  it.each(kept)('%s', (_label, name, stored) => {
    expect(nameSchema.parse(name)).toBe(stored);
  });
});

describe('clipForBridge', () => {
  it.each([
    ['a short name, whole', 'nope:nope', 'nope:nope'],
    ['exactly 80 characters, whole', 'a'.repeat(80), 'a'.repeat(80)],
    ['81 characters, cut to 80 with "…"', 'a'.repeat(81), `${'a'.repeat(80)}…`],
    ['5,000 characters, cut to 80 with "…"', 'b'.repeat(5_000), `${'b'.repeat(80)}…`],
    ['control and direction characters as "?"', 'a\u0000b\u202Ec\nd', 'a?b?c?d'],
    ['astral characters counted whole, never split', '😀'.repeat(100), `${'😀'.repeat(80)}…`],
  ])('%s', (_label, raw, echoed) => {
    expect(clipForBridge(raw)).toBe(echoed);
  });

  it('dispatch echoes an unknown method name clipped', async () => {
    const result = await dispatch({} as BridgeHandlers, 'z'.repeat(5_000), {});
    expect(result).toEqual({
      ok: false,
      error: { code: 'unknown_method', message: `no bridge method '${'z'.repeat(80)}…'` },
    });
  });
});
