// How payload bodies are stored. Each row records its codec, so rows written with one codec stay
// readable whatever the default becomes (quality settings only affect writing).
//
// The default is brotli at quality 1. Measured on our 1.8-3.6 KB API payloads (test/bench/
// store.bench.ts, CPU time per payload on the project machine): brotli q1 writes 50.7 % of the
// canonical JSON in about 55 µs; deflate-raw level 6 writes 47 % in about 100 µs; brotli q5
// writes 44.7 % in about 230 µs. Ingest throughput has a target and size does not, so the
// fastest wins; deflate-raw remains readable and selectable.
import zlib from 'node:zlib';

export const Codec = { raw: 0, deflateRaw: 1, brotli: 2 } as const;
export type CodecId = (typeof Codec)[keyof typeof Codec];

export const DEFAULT_CODEC: CodecId = Codec.brotli;

/** Bodies this small gain nothing from compression; they are stored as is. */
const MIN_COMPRESS_BYTES = 128;

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

export function encodeBody(text: string, codec: CodecId = DEFAULT_CODEC): EncodedBody {
  const raw = Buffer.from(text, 'utf8');
  const rawSize = raw.length;
  if (codec === Codec.raw || rawSize < MIN_COMPRESS_BYTES) return { codec: Codec.raw, body: raw, rawSize };
  const body =
    codec === Codec.deflateRaw
      ? zlib.deflateRawSync(raw, deflateOptions)
      : zlib.brotliCompressSync(raw, brotliOptions);
  // Incompressible text (rare for JSON) is kept raw rather than stored larger.
  return body.length < rawSize ? { codec, body, rawSize } : { codec: Codec.raw, body: raw, rawSize };
}

export function decodeBody(codec: number, body: Uint8Array): string {
  switch (codec) {
    case Codec.raw:
      return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
    case Codec.deflateRaw:
      return zlib.inflateRawSync(body).toString('utf8');
    case Codec.brotli:
      return zlib.brotliDecompressSync(body).toString('utf8');
    default:
      throw new Error(`unknown payload codec ${codec}`);
  }
}
