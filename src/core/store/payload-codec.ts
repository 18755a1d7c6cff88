// How payload bodies are stored. Each row records its codec, so rows written with one codec stay
// readable whatever the default becomes (quality settings only affect writing).
//
// Ingest writes new bodies as they are (PENDING_CODEC): compressing costs more than everything
// else ingest does, and ingest has a throughput target. compactPayloads() (payload-compaction.ts)
// later compresses pending bodies in idle time with the store's codec.
//
// That codec defaults to brotli at quality 1. Measured on our 1.8-3.6 KB API payloads (test/bench/
// store.bench.ts, CPU time per payload on the project machine): brotli q1 writes 50.7 % of the
// canonical JSON in about 55 µs; deflate-raw level 6 writes 47 % in about 100 µs; brotli q5
// writes 44.7 % in about 230 µs. Compaction competes with the app for idle CPU and size has no
// target, so the fastest wins; deflate-raw remains readable and selectable.
import zlib from 'node:zlib';

/** The codecs a body can end up in (and that a store can be told to compress with). */
export const Codec = { raw: 0, deflateRaw: 1, brotli: 2 } as const;
export type CodecId = (typeof Codec)[keyof typeof Codec];

/**
 * A body stored as is by ingest and not yet looked at by compaction. Read exactly like
 * `Codec.raw`; the difference is that raw is final (too small or incompressible) while pending
 * waits for compaction, which finds it through a partial index (migration 004).
 */
export const PENDING_CODEC = 3;

/** Any codec a stored row may carry. */
export type StoredCodec = CodecId | typeof PENDING_CODEC;

export const DEFAULT_CODEC: CodecId = Codec.brotli;

/** Bodies this small gain nothing from compression; they are stored as is. */
export const MIN_COMPRESS_BYTES = 128;

const deflateOptions: zlib.ZlibOptions = { level: 6 };
// A 4 KB window covers a whole typical payload; brotli's default (4 MB) only costs set-up time.
const brotliOptions: zlib.BrotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
    [zlib.constants.BROTLI_PARAM_LGWIN]: 12,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};

export interface EncodedBody {
  codec: CodecId;
  body: Buffer;
  /** Bytes of the UTF-8 text before encoding. */
  rawSize: number;
}

/** Encodes a body's text (or its UTF-8 bytes) with `codec`, falling back to raw where that is smaller. */
export function encodeBody(text: string | Buffer, codec: CodecId = DEFAULT_CODEC): EncodedBody {
  const raw = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  const rawSize = raw.length;
  if (codec === Codec.raw || rawSize < MIN_COMPRESS_BYTES) return { codec: Codec.raw, body: raw, rawSize };
  const body =
    codec === Codec.deflateRaw
      ? zlib.deflateRawSync(raw, deflateOptions)
      : zlib.brotliCompressSync(raw, brotliOptions);
  // Incompressible text (rare for JSON) is kept raw rather than stored larger.
  return body.length < rawSize ? { codec, body, rawSize } : { codec: Codec.raw, body: raw, rawSize };
}

/**
 * The codec ingest stores a new body with when the store compresses with `codec`: pending when
 * compaction will have something to do, raw (final) when it would not.
 */
export function ingestCodec(rawSize: number, codec: CodecId): StoredCodec {
  return codec === Codec.raw || rawSize < MIN_COMPRESS_BYTES ? Codec.raw : PENDING_CODEC;
}

export function decodeBody(codec: number, body: Uint8Array): string {
  switch (codec) {
    case Codec.raw:
    case PENDING_CODEC:
      return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
    case Codec.deflateRaw:
      return zlib.inflateRawSync(body).toString('utf8');
    case Codec.brotli:
      return zlib.brotliDecompressSync(body).toString('utf8');
    default:
      throw new Error(`unknown payload codec ${codec}`);
  }
}
