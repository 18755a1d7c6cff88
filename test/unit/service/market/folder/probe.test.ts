import { mkdirSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { probeChainFolder } from '../../../../../src/service/index.ts';
import { chainText, tempDir, type TempDir } from './folder-fixtures.ts';

let tmp: TempDir;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => tmp.remove());

describe('probeChainFolder', () => {
  it('sums up a folder: files, tickers, the newest snapshot, what was skipped', async () => {
    writeFileSync(tmp.path('a_tsla.csv'), chainText());
    writeFileSync(tmp.path('b_tsla.csv'), chainText({ when: 'August 22, 2023 at 10:00 AM EDT' }));
    writeFileSync(tmp.path('c_qqq.csv'), chainText({ ticker: 'QQQ' }));
    writeFileSync(tmp.path('d_broken.csv'), 'garbage');
    const probe = await probeChainFolder(tmp.dir);
    expect(probe).toEqual({
      ok: true,
      message: '3 chain files, 2 tickers (QQQ, TSLA), newest Aug 22 2023 10:00 ET; 1 file skipped',
      details: [expect.stringMatching(/^d_broken\.csv: /)],
    });
  });

  it.each([
    ['a missing folder', (t: TempDir) => t.path('missing'), /^folder not found: .*missing$/],
    ['a file', (t: TempDir) => (writeFileSync(t.path('x.csv'), 'x'), t.path('x.csv')), /^not a folder: /],
    ['an empty folder', (t: TempDir) => t.dir, /^no chain files in /],
    [
      'a folder of unreadable files',
      (t: TempDir) => (writeFileSync(t.path('x.csv'), 'garbage'), t.dir),
      /^no readable chain files in .*; 1 file skipped$/,
    ],
  ])('is not ok for %s', async (_name, make, message) => {
    const probe = await probeChainFolder(make(tmp));
    expect(probe.ok).toBe(false);
    expect(probe.message).toMatch(message);
  });

  it('creates nothing in the folder', async () => {
    writeFileSync(tmp.path('a_tsla.csv'), chainText());
    mkdirSync(tmp.path('history'));
    await probeChainFolder(tmp.dir);
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(tmp.dir).sort()).toEqual(['a_tsla.csv', 'history']);
  });
});
