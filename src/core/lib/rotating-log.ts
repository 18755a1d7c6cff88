// The log file `--verbose` writes in the data folder: one line per message, each stamped with the
// time, appended synchronously (a line written before a crash is on disk). Past `maxBytes` the file
// is rotated by size: gammawatch.log → gammawatch.log.1 → … → gammawatch.log.<keep>, the oldest
// dropped, so the log never takes more than about (keep + 1) × maxBytes. A failure to write is
// reported once (through `onError`) and the file left alone: logging must never stop the app.
import fs from 'node:fs';
import path from 'node:path';

/** The log file's name in the data folder. */
export const LOG_FILE_NAME = 'gammawatch.log';
/** Rotate past 5 MB, keeping 3 older files. */
export const LOG_MAX_BYTES = 5 * 1024 * 1024;
export const LOG_KEEP_FILES = 3;

export interface RotatingLogOptions {
  maxBytes?: number;
  keep?: number;
  now?: () => number;
  onError?: (message: string) => void;
}

export class RotatingLogFile {
  readonly file: string;
  readonly #maxBytes: number;
  readonly #keep: number;
  readonly #now: () => number;
  readonly #onError: (message: string) => void;
  #size: number;
  #failed = false;

  constructor(file: string, options: RotatingLogOptions = {}) {
    this.file = path.resolve(file);
    this.#maxBytes = options.maxBytes ?? LOG_MAX_BYTES;
    this.#keep = options.keep ?? LOG_KEEP_FILES;
    this.#now = options.now ?? Date.now;
    this.#onError = options.onError ?? (() => undefined);
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    this.#size = sizeOf(this.file);
  }

  /** Appends `message` (one line per line of it, each stamped), rotating first when it would not fit. */
  write(message: string): void {
    const stamp = new Date(this.#now()).toISOString();
    const text = message
      .split(/\r?\n/)
      .map((line) => `${stamp} ${line}\n`)
      .join('');
    const bytes = Buffer.byteLength(text);
    try {
      if (this.#size > 0 && this.#size + bytes > this.#maxBytes) this.#rotate();
      fs.appendFileSync(this.file, text, { mode: 0o600 });
      this.#size += bytes;
    } catch (error) {
      if (this.#failed) return;
      this.#failed = true;
      this.#onError(`cannot write the log file ${this.file}: ${(error as Error).message}`);
    }
  }

  #rotate(): void {
    const nth = (n: number): string => (n === 0 ? this.file : `${this.file}.${n}`);
    fs.rmSync(nth(this.#keep), { force: true });
    for (let n = this.#keep - 1; n >= 0; n--) {
      if (fs.existsSync(nth(n))) fs.renameSync(nth(n), nth(n + 1));
    }
    this.#size = 0;
  }
}

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}
