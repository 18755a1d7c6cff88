// The desktop app's data moves from Electron's userData into the one data folder, once, on real
// folders: the database with its WAL (a checkpoint-less WAL holds the latest writes), the encrypted
// secrets, backups and exports; Electron's own files stay; nothing moves onto an existing database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MOVED_NOTE, moveLegacyData } from '../../../electron/logic/legacy-data.ts';

let root: string;
let legacy: string;
let data: string;

function put(dir: string, file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
}
const read = (dir: string, file: string): string => fs.readFileSync(path.join(dir, file), 'utf8');

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-legacy-'));
  legacy = path.join(root, 'userData');
  data = path.join(root, 'home', '.gammawatch');
  fs.mkdirSync(legacy, { recursive: true });
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('moveLegacyData', () => {
  it("moves the app's files and leaves Electron's, with a note saying where they went", () => {
    put(legacy, 'gammawatch.db', 'db');
    put(legacy, 'gammawatch.db-wal', 'wal');
    put(legacy, 'api-key.enc', 'sealed key');
    put(legacy, 'tradier-token.enc', 'sealed token');
    put(legacy, 'backups/gammawatch-2026-11-01.db', 'backup');
    put(legacy, 'exports/spy.csv', 'csv');
    put(legacy, 'window-state.json', '{}');
    put(legacy, 'GPUCache/data_0', 'cache');

    const result = moveLegacyData(legacy, data);

    expect(result).toEqual({
      kind: 'moved',
      entries: [
        'gammawatch.db',
        'gammawatch.db-wal',
        'api-key.enc',
        'tradier-token.enc',
        'backups',
        'exports',
      ],
    });
    expect(read(data, 'gammawatch.db')).toBe('db');
    expect(read(data, 'gammawatch.db-wal')).toBe('wal');
    expect(read(data, 'api-key.enc')).toBe('sealed key');
    expect(read(data, 'backups/gammawatch-2026-11-01.db')).toBe('backup');
    expect(read(data, 'exports/spy.csv')).toBe('csv');
    expect(fs.existsSync(path.join(legacy, 'gammawatch.db'))).toBe(false);
    expect(fs.existsSync(path.join(data, 'window-state.json'))).toBe(false);
    expect(read(legacy, 'GPUCache/data_0')).toBe('cache');
    expect(read(legacy, MOVED_NOTE)).toContain(data);
    // Once: the next start finds nothing left to move.
    expect(moveLegacyData(legacy, data)).toEqual({ kind: 'nothing-to-move' });
  });

  it('never moves onto a database already in the data folder, and says where the old one is', () => {
    put(legacy, 'gammawatch.db', 'desktop db');
    put(data, 'gammawatch.db', 'headless db');
    const result = moveLegacyData(legacy, data);
    expect(result.kind).toBe('kept');
    expect(result.kind === 'kept' ? result.reason : '').toContain(legacy);
    expect(read(data, 'gammawatch.db')).toBe('headless db');
    expect(read(legacy, 'gammawatch.db')).toBe('desktop db');
  });

  it('does nothing without a database, or when both folders are one', () => {
    put(legacy, 'window-state.json', '{}');
    expect(moveLegacyData(legacy, data)).toEqual({ kind: 'nothing-to-move' });
    expect(fs.existsSync(data)).toBe(false);
    put(legacy, 'gammawatch.db', 'db');
    expect(moveLegacyData(legacy, `${legacy}/`)).toEqual({ kind: 'same-folder' });
    expect(read(legacy, 'gammawatch.db')).toBe('db');
  });
});
