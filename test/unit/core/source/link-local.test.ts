// A remote API base URL on a link-local address (169.254.0.0/16, fe80::/10: where cloud metadata
// services answer) is refused unless confirmed: by the shared schema, by the connection test
// before any request, and where the remote source is resolved for a switch.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testSource } from '../../../../src/core/source/probe.ts';
import { sourceFromSettings } from '../../../../src/core/source/option.ts';
import { memorySecretStore } from '../../../../src/core/secrets/secret-store.ts';
import {
  dataSourceSchema,
  isLinkLocalUrl,
  linkLocalRefusal,
  type DataSource,
} from '../../../../src/shared/bridge/settings.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('isLinkLocalUrl: host literals only', () => {
  it.each<[string, string, boolean]>([
    ['the metadata address', 'http://169.254.169.254/latest/meta-data', true],
    ['the start of 169.254/16', 'http://169.254.0.1/api/v2', true],
    ['the end of 169.254/16', 'https://169.254.255.255:8443/api/v2', true],
    ['a decimal spelling of 169.254.169.254', 'http://2852039166/api/v2', true],
    ['a hex spelling', 'http://0xa9.0xfe.0xa9.0xfe/api/v2', true],
    ['a short spelling (169.254.43518)', 'http://169.254.43518/api/v2', true],
    ['fe80::1', 'http://[fe80::1]/api/v2', true],
    ['the top of fe80::/10', 'http://[febf:ffff::1]:8080/api/v2', true],
    ['upper-case IPv6', 'http://[FE80::A]/api/v2', true],
    ['IPv4-mapped IPv6', 'http://[::ffff:169.254.169.254]/api/v2', true],
    ['IPv4-compatible IPv6', 'http://[::169.254.1.1]/api/v2', true],
    ['NAT64 IPv6', 'http://[64:ff9b::169.254.169.254]/api/v2', true],
    ['a private address', 'http://10.0.0.1/api/v2', false],
    ['loopback', 'http://127.0.0.1:8787/api/v2', false],
    ['169.253.x is not', 'http://169.253.1.1/api/v2', false],
    ['170.254.x is not', 'http://170.254.1.1/api/v2', false],
    ['fec0:: is not (site-local)', 'http://[fec0::1]/api/v2', false],
    ['fe7f:: is not', 'http://[fe7f::1]/api/v2', false],
    ['IPv6 loopback', 'http://[::1]/api/v2', false],
    ['IPv4-mapped private', 'http://[::ffff:10.0.0.1]/api/v2', false],
    ['a name, even a metadata one (no lookups)', 'http://metadata.google.internal/api/v2', false],
    ['a name that merely starts with the digits', 'http://169.254.example.com/api/v2', false],
    ['not a URL', 'not a url', false],
  ])('%s', (_name, url, expected) => {
    expect(isLinkLocalUrl(url)).toBe(expected);
  });
});

describe('linkLocalRefusal', () => {
  it('names the address and the checkbox', () => {
    expect(linkLocalRefusal({ baseUrl: 'http://169.254.169.254/api/v2' })).toBe(
      '169.254.169.254 is a link-local address (cloud metadata services live there); tick "Allow a link-local address" to use it anyway',
    );
    expect(linkLocalRefusal({ baseUrl: 'http://[fe80::1]/api/v2' })).toMatch(
      /^\[fe80::1\] is a link-local address/,
    );
  });

  it.each<[string, { baseUrl: string; confirmLinkLocal?: boolean }]>([
    ['confirmed', { baseUrl: 'http://169.254.169.254/api/v2', confirmLinkLocal: true }],
    ['not link-local', { baseUrl: 'https://api.example.com/api/v2' }],
    ['not link-local, not confirmed', { baseUrl: 'http://192.168.1.5/api/v2', confirmLinkLocal: false }],
  ])('allows %s', (_name, source) => {
    expect(linkLocalRefusal(source)).toBeNull();
  });
});

describe('the data-source schema', () => {
  it.each<[string, unknown, boolean]>([
    [
      'link-local, unconfirmed',
      { kind: 'remote', baseUrl: 'http://169.254.169.254/api/v2', demo: true },
      false,
    ],
    [
      'link-local, confirmation false',
      { kind: 'remote', baseUrl: 'http://[fe80::1]/api/v2', demo: true, confirmLinkLocal: false },
      false,
    ],
    [
      'link-local, confirmed',
      { kind: 'remote', baseUrl: 'http://169.254.169.254/api/v2', demo: true, confirmLinkLocal: true },
      true,
    ],
    [
      'an ordinary address, no confirmation key',
      { kind: 'remote', baseUrl: 'https://a.example/api/v2', demo: true },
      true,
    ],
    [
      'a confirmation that is not a boolean',
      { kind: 'remote', baseUrl: 'https://a.example', demo: true, confirmLinkLocal: 'yes' },
      false,
    ],
  ])('%s', (_name, source, ok) => {
    expect(dataSourceSchema.safeParse(source).success).toBe(ok);
  });

  it('puts the refusal on confirmLinkLocal, where the form shows it', () => {
    const parsed = dataSourceSchema.safeParse({
      kind: 'remote',
      baseUrl: 'http://169.254.169.254/api/v2',
      demo: true,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['confirmLinkLocal'],
      message: expect.stringMatching(/^169\.254\.169\.254 is a link-local address/) as unknown,
    });
  });
});

// Built as a typed value without the schema: the probe and the switch must not rely on it.
const metadata = { kind: 'remote', baseUrl: 'http://169.254.169.254/api/v2', demo: true } as DataSource;
const deps = { dataDir: '/nonexistent/gammawatch', secrets: memorySecretStore(), env: {}, timeoutMs: 200 };

describe('source:test (testSource)', () => {
  it('refuses a link-local address before sending anything', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const result = await testSource(metadata, deps);
    expect(result).toEqual({
      ok: false,
      message:
        '169.254.169.254 is a link-local address (cloud metadata services live there); tick "Allow a link-local address" to use it anyway',
      details: [],
    });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('tries a confirmed one', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('fetch failed'));
    const result = await testSource({ ...metadata, confirmLinkLocal: true } as DataSource, deps);
    expect(result.ok).toBe(false);
    expect(result.message).not.toMatch(/link-local/);
    expect(fetchSpy).toHaveBeenCalled();
  });
});

describe('switching (sourceFromSettings)', () => {
  it('refuses an unconfirmed link-local address', () => {
    expect(() => sourceFromSettings(metadata, deps)).toThrow(/169\.254\.169\.254 is a link-local address/);
  });

  it('resolves a confirmed one, and an ordinary one', () => {
    expect(sourceFromSettings({ ...metadata, confirmLinkLocal: true } as DataSource, deps)).toMatchObject({
      kind: 'remote',
      baseUrl: 'http://169.254.169.254/api/v2',
    });
    expect(
      sourceFromSettings({ kind: 'remote', baseUrl: 'https://a.example/api/v2', demo: true }, deps),
    ).toMatchObject({ kind: 'remote' });
  });
});
