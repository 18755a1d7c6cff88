// The renderer's policy is delivered twice: as a <meta> tag (the one Chromium applies to file:// pages in
// Electron) and as a response header (security.ts, for anything served over a protocol). They must agree,
// and neither may allow remote code, eval or inline script.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

function directives(policy: string): Map<string, string> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );
}

const headerPolicy =
  /'Content-Security-Policy': \[\s*"([^"]+)"/.exec(read('electron/security.ts'))?.[1] ?? '';
const metaPolicy =
  /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(read('src/renderer/index.html'))?.[1] ?? '';

describe('content security policy', () => {
  it('is found in both places', () => {
    expect(headerPolicy).not.toBe('');
    expect(metaPolicy).not.toBe('');
  });

  it('is the same in the header and the meta tag (frame-ancestors only works as a header)', () => {
    const header = directives(headerPolicy);
    header.delete('frame-ancestors');
    expect(directives(metaPolicy)).toEqual(header);
  });

  it.each([headerPolicy, metaPolicy])(
    'loads nothing remote and runs no eval or inline script: %s',
    (policy) => {
      const d = directives(policy);
      expect(d.get('default-src')).toBe("'none'");
      expect(d.get('script-src')).toBe("'self'");
      expect(policy).not.toMatch(/unsafe-eval|https?:|\*/);
      expect(d.get('object-src')).toBe("'none'");
    },
  );
});
