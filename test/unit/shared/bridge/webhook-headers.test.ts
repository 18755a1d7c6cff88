// A webhook's own headers, as Settings checks them (one schema for the form and the core): an HTTP
// token for a name, one line of Latin-1 text for a value, none of the headers the app sets itself,
// no name twice; a webhook stored before headers existed reads as one with none.
import { describe, expect, it } from 'vitest';
import { webhookHeaderSchema, webhookSchema } from '../../../../src/shared/bridge/settings.ts';

const hook = { id: 'desk', url: 'https://hooks.example.com/gw', preset: 'generic', enabled: true };
const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? '?');

describe('a webhook header', () => {
  it.each([
    ['Authorization', 'Bearer 0123456789abcdef', null],
    ['X-Api-Key', 'k', null],
    ['x-route', '', null],
    ['User-Agent', 'desk-bot/1.0', null],
    ['  X-Padded  ', 'v', null],
    ['X-Latin', 'caf\u00e9', null],
    ['', 'v', 'a header needs a name'],
    ['X Space', 'v', 'a header name is letters, digits and - (e.g. Authorization)'],
    ['X:Colon', 'v', 'a header name is letters, digits and - (e.g. Authorization)'],
    ['X-Ok', 'one\r\nX-Injected: 1', 'a header value is one line: no line breaks'],
    ['X-Ok', 'one\nline', 'a header value is one line: no line breaks'],
    [
      'X-Ok',
      'nul\u0000',
      'a header value is plain text: no control characters, no characters beyond Latin-1',
    ],
    [
      'X-Ok',
      'snow \u2603',
      'a header value is plain text: no control characters, no characters beyond Latin-1',
    ],
    ['X-Ok', 'x'.repeat(2001), 'a header value is at most 2,000 characters'],
    ['Content-Type', 'text/plain', 'Gammawatch sets this header itself: choose another name'],
    ['content-length', '1', 'Gammawatch sets this header itself: choose another name'],
    ['Host', 'evil.example.com', 'Gammawatch sets this header itself: choose another name'],
    ['X-Gammawatch-Signature', 't=1,v1=00', 'Gammawatch sets this header itself: choose another name'],
    ['Idempotency-Key', 'k', 'Gammawatch sets this header itself: choose another name'],
    ['Transfer-Encoding', 'chunked', 'Gammawatch sets this header itself: choose another name'],
  ])('%j: %j → %s', (name, value, error) => {
    expect(message(webhookHeaderSchema.safeParse({ name, value }))).toBe(error);
  });

  it('a name set twice, in any case, is refused at the second', () => {
    const result = webhookSchema.safeParse({
      ...hook,
      headers: [
        { name: 'X-Team', value: 'a' },
        { name: 'x-team', value: 'b' },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['headers.1.name', 'x-team is set twice'],
    ]);
  });

  it('at most 20', () => {
    const headers = Array.from({ length: 21 }, (_, i) => ({ name: `X-H${i}`, value: 'v' }));
    expect(message(webhookSchema.safeParse({ ...hook, headers }))).toBe('at most 20 headers');
  });

  it('a webhook stored before headers existed has none', () => {
    expect(webhookSchema.parse({ ...hook, digestMinutes: 0 }).headers).toEqual([]);
  });
});
