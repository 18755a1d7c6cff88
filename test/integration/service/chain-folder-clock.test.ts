// A chain folder whose files disagree about "now", through real HTTP: one stray newer file (NDX,
// March 2024) among 2023 files, and one dated in the future (2033). Every ticker is read at its own
// newest file; the rankings say which tickers they leave out and why; the future file is flagged
// and does not move the data clock; series points are sessions; a partial chain says so.
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  incomeResponseSchema,
  marketStructureResponseSchema,
  screenerResponseSchema,
  seriesResponseSchema,
  topSetupsResponseSchema,
} from '../../../src/shared/api/index.ts';
import { startService, type RunningService } from '../../../src/service/index.ts';
import { isTradingDay, sessionDateOf } from '../../../src/shared/market-calendar.ts';
import { call, TEST_KEY } from '../../support/service-factory.ts';
import { chainText, tempDir, type TempDir } from '../../unit/service/market/folder/folder-fixtures.ts';
import { valid } from './schema-assert.ts';

/** The sample moved to another date and ticker, its one expiration moved along (else all expired). */
function moved(when: string, ticker: string, expiry: string, occ: string): string {
  return chainText({ when, ticker }).replaceAll('Fri Aug 25 2023', expiry).replaceAll('230825', occ);
}

const NDX_ASOF = Date.parse('2024-03-08T21:00:00Z'); // Fri Mar 8 2024 16:00 EST

describe('a chain folder with a stray newer file and a file dated in the future', () => {
  let tmp: TempDir;
  let svc: RunningService;
  beforeAll(async () => {
    tmp = tempDir('gw-clock-per-ticker-');
    writeFileSync(tmp.path('tsla_sun.csv'), chainText()); // Sun Aug 20 2023 22:38 EDT
    writeFileSync(
      tmp.path('tsla_tue.csv'),
      chainText({ when: 'August 22, 2023 at 10:00 AM EDT', spot: 231.4 }),
    );
    writeFileSync(
      tmp.path('ndx.csv'),
      moved('March 8, 2024 at 4:00 PM EST', 'NDX', 'Fri Mar 15 2024', '240315'),
    );
    writeFileSync(
      tmp.path('abcd_2033.csv'),
      moved('January 3, 2033 at 4:00 PM EST', 'ABCD', 'Fri Jan 7 2033', '330107'),
    );
    svc = await startService({
      port: 0,
      chainsDir: tmp.dir,
      chainsWatch: false,
      apiKeys: [TEST_KEY],
      log: { level: 'silent' },
      warm: false,
    });
  });
  afterAll(async () => {
    await svc.close();
    tmp.remove();
  });

  it('sets the data clock by the newest file not in the future, and flags the future one', () => {
    const status = svc.folder?.status();
    expect(status?.newestSnapshot).toBe(NDX_ASOF);
    expect(status?.problems).toEqual([
      {
        file: 'abcd_2033.csv',
        message: expect.stringMatching(/^dated in the future: its snapshot time Jan 3 2033/),
      },
    ]);
  });

  it('ranks NDX and says why TSLA and ABCD are left out', async () => {
    const top = valid(topSetupsResponseSchema, (await call(svc.baseUrl, '/top-setups')).json);
    expect(top.data.items.map((i) => i.ticker)).toEqual(['NDX']);
    expect(top.data.left_out).toEqual([
      {
        ticker: 'ABCD',
        code: 'future_only',
        newest_asof: '2033-01-03T21:00:00.000Z',
        reason:
          'every snapshot is dated in the future (newest 2033-01-03 16:00 ET), later than the wall clock',
      },
      {
        ticker: 'TSLA',
        code: 'stale',
        newest_asof: '2023-08-22T14:00:00.000Z',
        reason:
          'newest snapshot 2023-08-22 10:00 ET, 199 days before the newest snapshot in the folder (2024-03-08 16:00 ET); rankings keep snapshots within 36 hours of that',
      },
    ]);
    const screener = valid(
      screenerResponseSchema,
      (await call(svc.baseUrl, '/top-setups/screener/momentum_breakout')).json,
    );
    expect(screener.data.left_out?.map((l) => l.ticker)).toEqual(['ABCD', 'TSLA']);
    const income = valid(incomeResponseSchema, (await call(svc.baseUrl, '/income-setups')).json);
    expect(income.data.left_out?.map((l) => [l.ticker, l.code])).toEqual([
      ['ABCD', 'future_only'],
      ['TSLA', 'stale'],
    ]);
  });

  it('serves TSLA’s 30-day series up to its own newest file, one point per session', async () => {
    const body = valid(
      seriesResponseSchema,
      (await call(svc.baseUrl, '/tickers/TSLA/series?window=30d&metrics=price')).json,
    );
    // The Sunday file is Friday's close; the Tuesday file is Tuesday's session. Each point names
    // the file it comes from.
    expect(body.data.points.map(({ date, price }) => ({ date, price }))).toEqual([
      { date: '2023-08-18', price: 218.8 },
      { date: '2023-08-22', price: 231.4 },
    ]);
    for (const p of body.data.points) expect(sessionDateOf(Date.parse(String(p['asof'])))).toBe(p.date);
    expect(body.data.points.every((p) => isTradingDay(p.date))).toBe(true);
  });

  it('notes a partial chain on its market structure', async () => {
    const body = valid(
      marketStructureResponseSchema,
      (await call(svc.baseUrl, '/tickers/TSLA/market-structure')).json,
    );
    expect(body.data.confidence.notes).toContain(
      'Partial chain: only the nearest expiration (Aug 25), none more than 60 days out; put/call OI and GEX cover it only',
    );
  });
});
