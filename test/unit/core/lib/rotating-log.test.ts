// The --verbose log file: every line stamped, rotated by size into .1 … .<keep>, the oldest dropped,
// and a failure to write reported once instead of stopping the app.
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RotatingLogFile } from '../../../../src/core/lib/rotating-log.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(tmpdir(), 'gw-log-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const NOW = Date.UTC(2026, 10, 29, 12, 0, 0);
const STAMP = '2026-11-29T12:00:00.000Z';

describe('RotatingLogFile', () => {
  it('appends each line of a message with the time, to a file only its owner reads', () => {
    const log = new RotatingLogFile(path.join(dir, 'sub', 'gammawatch.log'), { now: () => NOW });
    log.write('first');
    log.write('two\nlines');
    expect(fs.readFileSync(log.file, 'utf8')).toBe(`${STAMP} first\n${STAMP} two\n${STAMP} lines\n`);
    if (process.platform !== 'win32') expect(fs.statSync(log.file).mode & 0o777).toBe(0o600);
  });

  it.each([
    // [lines written, keep, files expected (newest first) with the lines each holds]
    [3, 3, [['m2'], ['m1'], ['m0']]],
    [5, 3, [['m4'], ['m3'], ['m2'], ['m1']]],
    [5, 1, [['m4'], ['m3']]],
  ])('rotates past the size: %d lines, keep %d', (count, keep, expected) => {
    const line = (i: number): string => `${STAMP} m${i}\n`;
    // Room for one line a file: each new line rotates.
    const file = path.join(dir, 'gammawatch.log');
    const log = new RotatingLogFile(file, { now: () => NOW, keep, maxBytes: line(0).length + 1 });
    for (let i = 0; i < count; i++) log.write(`m${i}`);
    const names = [file, ...Array.from({ length: keep }, (_, n) => `${file}.${n + 1}`)];
    const present = names.filter((f) => fs.existsSync(f));
    expect(present.map((f) => fs.readFileSync(f, 'utf8'))).toEqual(
      expected.map((lines) => lines.map((l) => `${STAMP} ${l}\n`).join('')),
    );
    expect(fs.existsSync(`${file}.${keep + 1}`)).toBe(false);
  });

  it('counts what the file already holds when it starts', () => {
    const file = path.join(dir, 'gammawatch.log');
    fs.writeFileSync(file, 'x'.repeat(90));
    const log = new RotatingLogFile(file, { now: () => NOW, maxBytes: 100 });
    log.write('next');
    expect(fs.readFileSync(`${file}.1`, 'utf8')).toBe('x'.repeat(90));
    expect(fs.readFileSync(file, 'utf8')).toBe(`${STAMP} next\n`);
  });

  it('reports a failure to write once and goes on', () => {
    const errors: string[] = [];
    const file = path.join(dir, 'gammawatch.log');
    fs.mkdirSync(file); // a folder where the file should be
    const log = new RotatingLogFile(file, { onError: (m) => errors.push(m) });
    expect(() => {
      log.write('a');
      log.write('b');
    }).not.toThrow();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`cannot write the log file ${file}`);
  });
});
