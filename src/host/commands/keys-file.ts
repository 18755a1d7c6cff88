// `service --keys-file F`, checked before the service reads it: the reader takes the whole file
// at once, so /dev/zero grew the process by gigabytes a second and a FIFO with no writer blocked
// start-up forever. A keys file is a few lines; anything else is a mistake, said so at once.
import { statSync, type Stats } from 'node:fs';

/** Far above any real list of keys (a key is at most 256 characters), far below trouble. */
export const KEYS_FILE_MAX_BYTES = 1024 * 1024;

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'folder';
  if (stats.isFIFO()) return 'named pipe';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'device';
  if (stats.isSocket()) return 'socket';
  return 'special file';
}

/**
 * Throws a message naming the flag unless `file` is a regular file (a symbolic link to one is
 * fine) of at most `maxBytes`. stat, not open: opening a FIFO is what blocks.
 */
export function checkKeysFile(file: string, maxBytes: number = KEYS_FILE_MAX_BYTES): void {
  let stats: Stats;
  try {
    stats = statSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      `--keys-file ${file}: ${code === 'ENOENT' ? 'no such file' : `cannot read it (${code ?? 'error'})`}`,
      {
        cause: error,
      },
    );
  }
  if (!stats.isFile())
    throw new Error(`--keys-file ${file} is a ${kindOf(stats)}, not a regular file: give a file of API keys`);
  if (stats.size > maxBytes)
    throw new Error(
      `--keys-file ${file} is ${stats.size} bytes; a keys file is at most ${maxBytes} bytes (one key a line, or JSON)`,
    );
}
