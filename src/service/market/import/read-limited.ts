// Reading a chain file through one open handle, with the limits enforced on the bytes as they
// arrive rather than on a size taken beforehand: a file swapped or grown after its `stat` is still
// cut off at the limit, and a CSV whose first lines are junk is refused after its first chunk
// instead of being read (and parsed) whole. The size from `stat` only gives an early refusal.
import { constants, readSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import { ChainImportError } from './errors.ts';
import { DEFAULT_READ_LIMITS, longLineProblem, tooLargeProblem, type ReadLimits } from './limits.ts';

const CHUNK_BYTES = 1024 * 1024;

/**
 * Flags to open a chain file with: non-blocking, so that a named pipe put where a file was expected
 * opens at once (and is refused as not a regular file) instead of waiting for a writer. Regular
 * files read the same either way. (Windows has no O_NONBLOCK and no such pipes.)
 */
export const OPEN_FOR_READING = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
const NEWLINE = 0x0a;

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

/**
 * Takes the chunks of one file in order and checks them: the total against `maxBytes`, and, unless
 * the file is JSON (a whole JSON chain is often a single line), each line against `maxLineChars`.
 * Lines are measured in bytes, which is the character count for the ASCII of a chain file and
 * stricter for anything else. The text is decoded chunk by chunk, so the only copy kept is the text.
 */
class CheckedText {
  readonly #decoder = new StringDecoder('utf8');
  readonly #parts: string[] = [];
  #bytes = 0;
  #line = 1;
  #lineStart = 0;
  /** Decided by the first byte that is not a BOM or white space. */
  #json: boolean | null = null;

  constructor(readonly limits: ReadLimits) {}

  get bytes(): number {
    return this.#bytes;
  }

  push(chunk: Buffer): void {
    const start = this.#bytes;
    this.#bytes += chunk.length;
    if (this.#bytes > this.limits.maxBytes) {
      throw new ChainImportError('file', tooLargeProblem(this.limits.maxBytes));
    }
    if (this.#json === null) this.#sniff(chunk, start);
    if (this.#json !== true) this.#checkLines(chunk, start);
    this.#parts.push(this.#decoder.write(chunk));
  }

  text(): string {
    this.#parts.push(this.#decoder.end());
    return this.#parts.join('');
  }

  #sniff(chunk: Buffer, start: number): void {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i] as number;
      const inBom = start + i < 3 && byte === [0xef, 0xbb, 0xbf][start + i];
      if (inBom || isSpace(byte)) continue;
      this.#json = byte === 0x7b || byte === 0x5b; // '{' or '['
      return;
    }
  }

  #checkLines(chunk: Buffer, start: number): void {
    const max = this.limits.maxLineChars;
    for (let nl = chunk.indexOf(NEWLINE); nl >= 0; nl = chunk.indexOf(NEWLINE, nl + 1)) {
      if (start + nl - this.#lineStart > max) this.#tooLong();
      this.#line++;
      this.#lineStart = start + nl + 1;
    }
    // The line still open at the end of the chunk: refused now, without reading the rest of it.
    if (this.#bytes - this.#lineStart > max) this.#tooLong();
  }

  #tooLong(): never {
    throw new ChainImportError(`line ${this.#line}`, longLineProblem(this.limits.maxLineChars));
  }
}

function checkStatedSize(statedSize: number, limits: ReadLimits): void {
  if (statedSize > limits.maxBytes) {
    throw new ChainImportError('file', tooLargeProblem(limits.maxBytes, statedSize));
  }
}

/**
 * The text of an open file, read to its end through `handle` (never by path again). `statedSize`
 * is what the handle's `stat` said; it is trusted only to refuse early. Throws ChainImportError.
 */
export async function readChainText(
  handle: Pick<FileHandle, 'read'>,
  statedSize: number,
  limits: ReadLimits = DEFAULT_READ_LIMITS,
): Promise<string> {
  checkStatedSize(statedSize, limits);
  const checked = new CheckedText(limits);
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  for (;;) {
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, checked.bytes);
    if (bytesRead === 0) return checked.text();
    checked.push(buffer.subarray(0, bytesRead));
  }
}

/** `readChainText` on a file descriptor, for the synchronous re-read of a cached chain. */
export function readChainTextSync(
  fd: number,
  statedSize: number,
  limits: ReadLimits = DEFAULT_READ_LIMITS,
): string {
  checkStatedSize(statedSize, limits);
  const checked = new CheckedText(limits);
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  for (;;) {
    const bytesRead = readSync(fd, buffer, 0, buffer.length, checked.bytes);
    if (bytesRead === 0) return checked.text();
    checked.push(buffer.subarray(0, bytesRead));
  }
}

/**
 * The text of a stream (stdin), read to its end with the same limits as a file: there is no size
 * to refuse early, so the total is counted as the chunks arrive. Throws ChainImportError.
 */
export async function readChainStream(
  chunks: AsyncIterable<Buffer | string>,
  limits: ReadLimits = DEFAULT_READ_LIMITS,
): Promise<string> {
  const checked = new CheckedText(limits);
  for await (const chunk of chunks) checked.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return checked.text();
}
