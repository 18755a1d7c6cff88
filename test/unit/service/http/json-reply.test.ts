import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, CachedBody } from '../../../../src/service/http/json-reply.ts';

describe('acceptsGzip', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['gzip', true],
    ['gzip, deflate, br', true],
    ['br;q=1.0, GZIP;q=0.5', true],
    ['x-gzip', true],
    ['gzip;q=0', false],
    ['gzip;q=0.0, deflate', false],
    ['deflate, br', false],
    [['deflate', 'gzip'], true],
  ] as const)('%j → %s', (header, expected) => {
    expect(acceptsGzip(header as string | string[] | undefined)).toBe(expected);
  });
});

describe('CachedBody', () => {
  it('gzips once and round-trips', () => {
    const body = new CachedBody(Buffer.from(JSON.stringify({ rows: Array(500).fill('abc') })));
    const first = body.gzip;
    expect(body.gzip).toBe(first);
    expect(gunzipSync(first).equals(body.raw)).toBe(true);
    expect(first.length).toBeLessThan(body.raw.length);
  });
});
