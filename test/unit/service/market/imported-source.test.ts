import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../../src/service/market/clock.ts';
import { loadImportedMarket, type ImportedMarket } from '../../../../src/service/market/imported-source.ts';
import { sampleText } from './import/cboe-sample.ts';

const dir = mkdtempSync(join(tmpdir(), 'gw-imported-'));
const text = sampleText();
const first = Date.parse('2023-08-21T02:38:00Z');
const second = Date.parse('2023-08-22T14:00:00Z');
let market: ImportedMarket;

beforeAll(async () => {
  writeFileSync(join(dir, 'a_tsla.csv'), text);
  writeFileSync(
    join(dir, 'b_tsla.csv'),
    text.replace('August 20, 2023 at 10:38 PM EDT', 'August 22, 2023 at 10:00 AM EDT'),
  );
  writeFileSync(join(dir, 'c_duplicate.csv'), text);
  writeFileSync(join(dir, 'd_broken.csv'), text.slice(0, 400));
  writeFileSync(join(dir, 'e_broken.json'), '{"timestamp": "2023-08-20 22:38:00"}');
  writeFileSync(join(dir, 'notes.txt'), 'not a chain');
  market = await loadImportedMarket(dir, { clock: manualClock(second) });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loadImportedMarket', () => {
  it('serves one snapshot per file, several per ticker', () => {
    expect(market.simulated).toBe(false);
    expect(market.universe()).toEqual([
      { ticker: 'TSLA', name: 'Tesla Inc (imported)', kind: 'imported', demo: false },
    ]);
    expect(market.snapshotTimes('tsla', 0, Number.MAX_SAFE_INTEGER)).toEqual([first, second]);
    expect(market.snapshotTimes('TSLA', first + 1, second)).toEqual([second]);
    expect(market.latestSnapshotTime('TSLA', second - 1)).toBe(first);
    expect(market.latestSnapshotTime('TSLA', first - 1)).toBeNull();
    expect(market.chain('TSLA', second)?.asof).toBe(second);
    expect(market.chain('TSLA', second + 1)).toBeNull();
    expect(market.snapshot('TSLA', first)?.file).toBe('a_tsla.csv');
  });

  it('builds history from the earlier snapshots, and has no earnings without earnings.csv', () => {
    // The Sunday-evening file shows Friday's session (Aug 18); it is history for Aug 22.
    const history = market.history('TSLA', second);
    expect(history.dates).toEqual(['2023-08-18']);
    expect(history.close[0]).toBe(218.8);
    expect(market.history('TSLA', first).dates).toEqual([]);
    expect(market.earnings('TSLA', second)).toBeNull();
    expect(market.chain('AAPL', first)).toBeNull();
    expect(market.snapshotTimes('AAPL', 0, second)).toEqual([]);
  });

  it('reports unreadable and duplicate files without failing', () => {
    expect(market.problems.map((p) => p.file)).toEqual(['c_duplicate.csv', 'd_broken.csv', 'e_broken.json']);
    expect(market.problems[0]?.message).toContain('same ticker and snapshot time as a_tsla.csv');
    expect(market.problems[1]?.message).toMatch(/^line \d+: expected 22 fields/);
    expect(market.problems[2]?.message).toBe('data: Invalid input: expected object, received undefined');
  });

  it('refuses a folder that does not exist', async () => {
    await expect(loadImportedMarket(join(dir, 'nope'))).rejects.toThrow('cannot read the chain folder');
  });
});
