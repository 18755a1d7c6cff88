// The desktop app's data used to live in Electron's userData folder, which the command line, headless
// mode and the assistants' MCP server never read. It now lives in the one data folder every entry
// point uses (core's data-dir.ts). On the first start after that change, what the app kept in
// userData moves there, once, so a user keeps their history, rules and saved secrets. Nothing moves
// when the data folder already has a database (the user chose a folder of their own, or ran headless
// first): two databases are never merged, and the old one is then left where it was, named in the
// log. No Electron here, so this is tested on real folders.
import fs from 'node:fs';
import path from 'node:path';
import { DESKTOP_SECRET_FILES } from '../../src/core/index.ts';

/** What the app keeps in its data folder (Electron's own caches and window state stay behind). */
export const APP_DATA_ENTRIES: readonly string[] = [
  'gammawatch.db',
  'gammawatch.db-wal',
  'gammawatch.db-shm',
  ...Object.values(DESKTOP_SECRET_FILES),
  'backups',
  'exports',
  'chains',
  'service',
];

/** Left in the old folder, so someone looking there finds where the data went. */
export const MOVED_NOTE = 'MOVED-TO-DATA-FOLDER.txt';

export type LegacyMove =
  | { kind: 'same-folder' | 'nothing-to-move' }
  | { kind: 'moved'; entries: string[] }
  | { kind: 'kept'; reason: string };

function move(from: string, to: string): void {
  try {
    fs.renameSync(from, to);
  } catch (error) {
    // Another disk (a home folder on another volume): copy, then remove the original.
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    fs.cpSync(from, to, { recursive: true, errorOnExist: true, force: false });
    fs.rmSync(from, { recursive: true, force: true });
  }
}

/**
 * Moves the app's data from `legacyDir` (Electron's userData) into `dataDir`, when the first has a
 * database and the second has none. The database's -wal and -shm go with it (the app is not running:
 * this runs before the store opens, under Electron's single-instance lock).
 */
export function moveLegacyData(legacyDir: string, dataDir: string): LegacyMove {
  if (path.resolve(legacyDir) === path.resolve(dataDir)) return { kind: 'same-folder' };
  if (!fs.existsSync(path.join(legacyDir, 'gammawatch.db'))) return { kind: 'nothing-to-move' };
  if (fs.existsSync(path.join(dataDir, 'gammawatch.db')))
    return {
      kind: 'kept',
      reason:
        `${dataDir} already has a database, so the desktop app's older one in ${legacyDir} was left ` +
        'where it is (two databases are never merged; import it from Settings → Data → Backup to use it)',
    };
  fs.mkdirSync(dataDir, { recursive: true });
  const entries = APP_DATA_ENTRIES.filter(
    (entry) => fs.existsSync(path.join(legacyDir, entry)) && !fs.existsSync(path.join(dataDir, entry)),
  );
  for (const entry of entries) move(path.join(legacyDir, entry), path.join(dataDir, entry));
  fs.writeFileSync(
    path.join(legacyDir, MOVED_NOTE),
    `Gammawatch's data moved to ${dataDir} (the one data folder of the desktop app, headless mode, ` +
      `the command line and the MCP server): ${entries.join(', ')}.\n`,
  );
  return { kind: 'moved', entries };
}
