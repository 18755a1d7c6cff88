import { describe, expect, it } from 'vitest';
import {
  Codec,
  PENDING_CODEC,
  decodeBody,
  encodeBody,
  ingestCodec,
  type CodecId,
} from '../../../../src/core/store/payload-codec.ts';
import { marketStructurePayload } from '../../../support/store-factory.ts';

const payload = JSON.stringify(marketStructurePayload(7));

describe('payload codec', () => {
  it.each<[string, CodecId]>([
    ['deflate-raw', Codec.deflateRaw],
    ['brotli', Codec.brotli],
    ['raw', Codec.raw],
  ])('%s round-trips a realistic payload', (_name, codec) => {
    const encoded = encodeBody(payload, codec);
    expect(encoded.codec).toBe(codec);
    expect(decodeBody(encoded.codec, encoded.body)).toBe(payload);
  });

  it.each<[string, CodecId]>([
    ['deflate-raw', Codec.deflateRaw],
    ['brotli', Codec.brotli],
  ])('%s makes a realistic payload smaller', (_name, codec) => {
    expect(encodeBody(payload, codec).body.length).toBeLessThan(Buffer.byteLength(payload) * 0.7);
  });

  it('keeps tiny bodies raw', () => {
    const encoded = encodeBody('{"a":1}', Codec.brotli);
    expect(encoded.codec).toBe(Codec.raw);
    expect(decodeBody(encoded.codec, encoded.body)).toBe('{"a":1}');
  });

  it('keeps incompressible text raw rather than larger', () => {
    let text = '';
    for (let i = 0; i < 400; i++) text += String.fromCharCode(0x4e00 + ((i * 7919) % 20000));
    const encoded = encodeBody(text, Codec.deflateRaw);
    expect(encoded.body.length).toBeLessThanOrEqual(Buffer.byteLength(text));
    expect(decodeBody(encoded.codec, encoded.body)).toBe(text);
  });

  it('round-trips non-ASCII text', () => {
    const text = JSON.stringify({ note: 'Prix d’exercice — 172,5 €'.repeat(20) });
    const encoded = encodeBody(text);
    expect(decodeBody(encoded.codec, encoded.body)).toBe(text);
  });

  it('refuses an unknown codec', () => {
    expect(() => decodeBody(9, Buffer.from('x'))).toThrow(/unknown payload codec 9/);
  });
});

describe('pending bodies', () => {
  it('read exactly like raw ones', () => {
    const body = Buffer.from(payload, 'utf8');
    expect(decodeBody(PENDING_CODEC, body)).toBe(payload);
  });

  it.each<[string, number, CodecId, number]>([
    ['a realistic body, compacted later', 2600, Codec.brotli, PENDING_CODEC],
    ['with deflate-raw too', 2600, Codec.deflateRaw, PENDING_CODEC],
    ['a store that never compresses', 2600, Codec.raw, Codec.raw],
    ['a body too small to be worth it', 127, Codec.brotli, Codec.raw],
    ['the smallest body worth compressing', 128, Codec.brotli, PENDING_CODEC],
  ])('ingest stores %s with the right codec', (_name, size, codec, expected) => {
    expect(ingestCodec(size, codec)).toBe(expected);
  });

  it('compaction encodes stored bytes without a round trip through text', () => {
    const bytes = Buffer.from(payload, 'utf8');
    const encoded = encodeBody(bytes, Codec.brotli);
    expect(encoded.rawSize).toBe(bytes.length);
    expect(decodeBody(encoded.codec, encoded.body)).toBe(payload);
  });
});
