// Every schema version this app ever wrote must open in the current one, data intact.
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { sha256, canonicalJson } from '../../../../src/core/store/canonical-json.ts';
import { openDatabase } from '../../../../src/core/store/database.ts';
import type { StoreError } from '../../../../src/core/store/errors.ts';
import { DatabaseTooNewError } from '../../../../src/core/store/errors.ts';
import {
  APPLICATION_ID,
  CURRENT_SCHEMA_VERSION,
  migrate,
  migrations,
  schemaVersion,
  type Migration,
} from '../../../../src/core/store/migrations/index.ts';
import { PENDING_CODEC, encodeBody } from '../../../../src/core/store/payload-codec.ts';
import { DEFAULT_SOURCE_ID } from '../../../../src/core/store/migrations/008-source-everywhere.ts';
import { UNKNOWN_SOURCE_ID } from '../../../../src/core/store/migrations/metric-origin.ts';
import { epochToNy } from '../../../../src/shared/market-calendar.ts';
import { closePreference } from '../../../../src/shared/session-close.ts';
import { marketStructurePayload, tempDir } from '../../../support/store-factory.ts';

let tmp: ReturnType<typeof tempDir> | undefined;
afterEach(() => {
  tmp?.cleanup();
  tmp = undefined;
});

const payload = marketStructurePayload(11, 'MSFT');
const pendingPayload = marketStructurePayload(12, 'SPY');
const t0 = Date.UTC(2025, 2, 3, 15, 0); // 10:00 New York, Monday 3 March 2025

// Two points on 3 March (New York), one late on 4 March that is still 4 March in New York though
// 5 March in UTC: the daily table must group by New York date.
const points = [
  { metric: 'price', ts: t0, value: 410.5 },
  { metric: 'price', ts: t0 + 3 * 3600_000, value: 412.25 },
  { metric: 'price', ts: Date.UTC(2025, 2, 5, 1, 30), value: 408 },
  { metric: 'call_regime', ts: t0, value: 'call_heavy' },
];

/** Rows as each schema version wrote them, in that version's SQL, keyed by the version that introduced the table. */
const seeds: Record<number, (db: Database.Database) => void> = {
  1: (db) => {
    db.prepare(
      "INSERT INTO watchlists (id, name, position, created_at, updated_at) VALUES (1, 'Core', 0, ?, ?)",
    ).run(t0, t0);
    db.prepare(
      "INSERT INTO watchlist_tickers (watchlist_id, ticker, position, added_at) VALUES (1, 'MSFT', 0, ?), (1, 'SPY', 1, ?)",
    ).run(t0, t0);
    const text = canonicalJson(payload);
    const body = encodeBody(text);
    db.prepare('INSERT INTO payloads (id, hash, codec, raw_size, body) VALUES (1, ?, ?, ?, ?)').run(
      sha256(text),
      body.codec,
      text.length,
      body.body,
    );
    db.prepare(
      "INSERT INTO snapshots (endpoint, ticker, params_key, asof, fetched_at, payload_id, meta) VALUES ('market-structure', 'MSFT', '', ?, ?, 1, '{\"ticker\":\"MSFT\"}')",
    ).run(t0, t0 + 1000);
    const insert = db.prepare(
      "INSERT INTO metric_points (ticker, metric, ts, value) VALUES ('MSFT', ?, ?, ?)",
    );
    for (const p of points) insert.run(p.metric, p.ts, p.value);
    // Each point came from a signals snapshot at its time (what tells step 8 whose it is).
    const signals = db.prepare(
      "INSERT OR IGNORE INTO snapshots (endpoint, ticker, params_key, asof, fetched_at, payload_id) VALUES ('signals', 'MSFT', '', ?, ?, 1)",
    );
    for (const p of points) signals.run(p.ts, p.ts + 1000);
    db.prepare(
      "INSERT INTO http_cache (key, etag, body, stored_at, max_age, swr) VALUES ('GET /top-setups', 'W/\"a\"', '{}', ?, 900, 30)",
    ).run(t0);
    db.prepare(
      'INSERT INTO alert_rules (id, name, enabled, rule, created_at, updated_at) VALUES (1, \'Regime change\', 1, \'{"type":"regime_change"}\', ?, ?)',
    ).run(t0, t0);
    db.prepare(
      `INSERT INTO alert_events (id, rule_id, ticker, kind, from_state, to_state, severity, asof, created_at, payload, idempotency_key)
       VALUES (1, 1, 'MSFT', 'regime_change', 'range_bound', 'trending_low_vol', 'warning', ?, ?, '{}', 'r1:MSFT:t0')`,
    ).run(t0, t0);
    db.prepare(
      "INSERT INTO alert_deliveries (event_id, channel, state, attempts, updated_at) VALUES (1, 'desktop', 'sent', 1, ?)",
    ).run(t0);
    db.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('theme', '\"dark\"', ?)").run(t0);
  },
  2: (db) => {
    db.prepare(
      "INSERT INTO poll_runs (job, started_at, finished_at, requests, not_modified, bytes, errors, duration_ms) VALUES ('signals', ?, ?, 10, 4, 5000, 1, 800)",
    ).run(t0, t0 + 800);
  },
  3: (db) => {
    // From version 3 on, every metric write also kept metric_daily (by calendar date) up to date.
    const daily = db.prepare(
      `INSERT INTO metric_daily (ticker, metric, day, ts, value) VALUES ('MSFT', ?, ?, ?, ?)
       ON CONFLICT (ticker, metric, day) DO UPDATE SET ts = excluded.ts, value = excluded.value`,
    );
    for (const p of points) daily.run(p.metric, epochToNy(p.ts).date, p.ts, p.value);
  },
  4: (db) => {
    // From version 4 on, ingest stores new bodies uncompressed, marked pending for compaction.
    const text = canonicalJson(pendingPayload);
    const id = db
      .prepare('INSERT INTO payloads (hash, codec, raw_size, body) VALUES (?, ?, ?, ?)')
      .run(sha256(text), PENDING_CODEC, Buffer.byteLength(text), Buffer.from(text)).lastInsertRowid;
    db.prepare(
      "INSERT INTO snapshots (endpoint, ticker, params_key, asof, fetched_at, payload_id, meta) VALUES ('market-structure', 'SPY', '', ?, ?, ?, NULL)",
    ).run(t0, t0 + 1000, id);
  },
  5: (db) => {
    // From version 5 on, a snapshot names the data source that stored it.
    db.prepare(
      "INSERT INTO snapshots (endpoint, ticker, params_key, asof, fetched_at, payload_id, meta, source) VALUES ('market-structure', 'MSFT', '', ?, ?, 1, NULL, 'folder:/chains')",
    ).run(t0 - 86_400_000, t0);
  },
  6: (db) => {
    // From version 6 on, saved rankings views and user screeners.
    db.prepare(
      `INSERT INTO saved_views (kind, name, body, created_at, updated_at)
       VALUES ('screener', 'Cheap range', '{"kind":"screener","preset":"range_premium_seller","overrides":{"iv_rank_min":20}}', ?, ?)`,
    ).run(t0, t0);
  },
  7: (db) => {
    // From version 7 on, a delivery says whether it passed quiet hours and which digest it waits in.
    db.prepare("UPDATE alert_deliveries SET quiet_hours = 'passed', digest_until = ? WHERE event_id = 1").run(
      t0 + 60_000,
    );
  },
  8: (db) => {
    // From version 8 on, metric points, alert events and poll runs name their data source too.
    db.prepare(
      "INSERT INTO metric_points (source, ticker, metric, ts, value) VALUES ('folder:/chains', 'MSFT', 'price', ?, 99.5)",
    ).run(t0);
    db.prepare(
      "INSERT INTO metric_daily (source, ticker, metric, day, ts, value) VALUES ('folder:/chains', 'MSFT', 'price', '2025-03-03', ?, 99.5)",
    ).run(t0);
    db.prepare(
      "INSERT INTO poll_runs (job, started_at, finished_at, requests, source) VALUES ('curves', ?, ?, 3, 'folder:/chains')",
    ).run(t0, t0 + 10);
  },
  9: (db) => {
    // From version 9 on, the alerts remember screener membership per source.
    db.prepare(
      `INSERT INTO screener_membership (source, screener, members, asof, updated_at)
       VALUES ('folder:/chains', 'momentum_breakout', '["MSFT","SPY"]', ?, ?)`,
    ).run(t0, t0);
    // Up to version 9 the latest point of a session was its daily point, a pre-market print of
    // the next morning (4 March, 08:00 New York) included.
    const premarket = Date.UTC(2025, 2, 4, 13, 0);
    db.prepare(
      "INSERT INTO metric_points (source, ticker, metric, ts, value) VALUES ('folder:/chains', 'MSFT', 'price', ?, 101.25)",
    ).run(premarket);
    db.prepare(
      "UPDATE metric_daily SET ts = ?, value = 101.25 WHERE source = 'folder:/chains' AND ticker = 'MSFT' AND day = '2025-03-03'",
    ).run(premarket);
  },
  10: (db) => {
    // From version 10 on, a daily row says how well its snapshot stands for the session's close.
    db.prepare(
      `INSERT INTO metric_daily (source, ticker, metric, day, ts, value, pref)
       VALUES ('folder:/chains', 'MSFT', 'gex_flip', '2025-03-03', ?, 405.5, ?)`,
    ).run(t0, closePreference(t0));
  },
  11: (db) => {
    // From version 11 on, thinning records which sessions of a series it thinned, and how far.
    db.exec(`
      INSERT INTO thinned_days (source, ticker, day, endpoint, params_key, level, removed, thinned_at)
      VALUES ('folder:/chains', 'MSFT', '2025-03-03', 'market_structure', '', 'quarter-hour', 12, 0);
      INSERT INTO thinning_progress (day, level, high_id, thinned_at) VALUES ('2025-03-03', 'quarter-hour', 1, 0);
    `);
  },
  12: (db) => {
    // From version 12 on, a market-structure snapshot's chart levels are kept beside it.
    db.exec(`
      INSERT INTO snapshot_levels (snapshot_id, spot, gamma_flip, call_wall, put_wall, plus_1sigma_1d, minus_1sigma_1d)
      SELECT id, 410.5, 405, 420, 400, 414, 407 FROM snapshots ORDER BY id LIMIT 1;
    `);
  },
};

function databaseAtVersion(file: string, version: number): void {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // Version by version, each seed in its own version's SQL, as the app of that version wrote.
  for (let v = 1; v <= version; v++) {
    migrate(db, v);
    seeds[v]?.(db);
  }
  db.close();
}

describe('migrations', () => {
  it('are numbered 1..n with no gap, one per file', () => {
    expect(migrations.map((m) => m.version)).toEqual(migrations.map((_, i) => i + 1));
    expect(CURRENT_SCHEMA_VERSION).toBe(migrations.length);
    expect(CURRENT_SCHEMA_VERSION).toBeGreaterThanOrEqual(2);
  });

  it('has a seed for every version, so the forward test below covers each', () => {
    expect(Object.keys(seeds).map(Number)).toEqual(migrations.map((m) => m.version));
  });

  it.each(migrations.map((m) => m.version))(
    'a database at schema %i opens in the current version with its data',
    (version) => {
      tmp = tempDir();
      const file = tmp.file('old.db');
      databaseAtVersion(file, version);

      const store = openDatabase(file);
      // Rows from before sources were recorded belong to the default simulator (no baseline names
      // another); every read below is that source's.
      store.useSource(DEFAULT_SOURCE_ID);
      try {
        expect(store.migration.from).toBe(version);
        expect(store.migration.to).toBe(CURRENT_SCHEMA_VERSION);
        expect(store.migration.applied).toHaveLength(CURRENT_SCHEMA_VERSION - version);

        expect(store.watchlists.list()).toMatchObject([{ name: 'Core', tickers: ['MSFT', 'SPY'] }]);
        const snapshot = store.snapshots.latest({ endpoint: 'market-structure', ticker: 'MSFT' });
        expect(snapshot?.data).toEqual(payload);
        expect(snapshot?.meta).toEqual({ ticker: 'MSFT' });
        // The response cache is keyed by source from 008 on: what was cached before is dropped.
        expect(store.httpCache.get('GET /top-setups')).toBeUndefined();
        expect(store.alertRules.get(1)?.rule).toEqual({ type: 'regime_change' });
        expect(store.alertEvents.list()).toMatchObject([
          { kind: 'regime_change', transition: { from: 'range_bound', to: 'trending_low_vol' } },
        ]);
        expect(store.deliveries.forEvent(1)).toMatchObject([{ channel: 'desktop', state: 'sent' }]);
        expect(store.settings.getSettings().theme).toBe('dark');

        // The daily table, backfilled by 003 from the points version 1 stored.
        const series = store.metrics.series('MSFT', ['price', 'call_regime']);
        expect(series.dates).toEqual(['2025-03-03', '2025-03-04']);
        expect(series.columns.price).toEqual([412.25, 408]);
        expect(series.columns.call_regime).toEqual(['call_heavy', null]);

        // A body stored pending reads back, before and after compaction.
        if (version >= 4) {
          const spy = { endpoint: 'market-structure', ticker: 'SPY' };
          expect(store.snapshots.latest(spy)?.data).toEqual(pendingPayload);
          expect(store.compactPayloads()).toMatchObject({ rows: 1, remaining: false });
          expect(store.snapshots.latest(spy)?.data).toEqual(pendingPayload);
        }

        // A source sees its own snapshots only, whatever another source stored later.
        if (version >= 5) {
          store.useSource('folder:/chains');
          const msft = store.snapshots.latest({ endpoint: 'market-structure', ticker: 'MSFT' });
          expect(msft?.asof).toBe(t0 - 86_400_000);
          expect(store.snapshots.latest({ endpoint: 'market-structure', ticker: 'SPY' })).toBeUndefined();
          expect(store.alertEvents.list()).toEqual([]);
          if (version >= 9)
            expect(store.screenerMembership.get('momentum_breakout')).toEqual({
              members: ['MSFT', 'SPY'],
              asof: t0,
            });
          if (version >= 8) {
            // The session's own print, not the next morning's pre-market one (version 9's seed).
            expect(store.metrics.series('MSFT', ['price']).columns.price).toEqual([99.5]);
            if (version >= 10)
              expect(store.metrics.series('MSFT', ['gex_flip']).columns.gex_flip).toEqual([405.5]);
            expect(store.pollRuns.recent()).toMatchObject([{ job: 'curves', requests: 3 }]);
          } else {
            expect(store.metrics.series('MSFT', ['price']).dates).toEqual([]);
          }
          store.useSource(DEFAULT_SOURCE_ID);
        }

        if (version >= 6)
          expect(store.savedViews.list('screener')).toMatchObject([
            { name: 'Cheap range', preset: 'range_premium_seller', overrides: { iv_rank_min: 20 } },
          ]);

        // And the new version's tables work on the migrated file.
        if (version >= 2)
          expect(store.pollRuns.recent()).toMatchObject([{ job: 'signals', requests: 10, notModified: 4 }]);
        const run = store.pollRuns.record({ job: 'income', startedAt: t0, finishedAt: t0 + 50 });
        // Membership is the source's own: the default simulator's starts empty and is kept.
        expect(store.screenerMembership.get('momentum_breakout')).toBeNull();
        store.screenerMembership.put('momentum_breakout', ['NVDA'], t0 + 1);
        expect(store.screenerMembership.get('momentum_breakout')).toEqual({
          members: ['NVDA'],
          asof: t0 + 1,
        });
        expect(store.pollRuns.get(run.id)?.durationMs).toBe(50);
      } finally {
        store.close();
      }
    },
  );

  it('a new file gets every migration and is marked as ours', () => {
    tmp = tempDir();
    const store = openDatabase(tmp.file('new.db'));
    expect(store.migration).toEqual({
      from: 0,
      to: CURRENT_SCHEMA_VERSION,
      applied: migrations.map((m) => expect.stringContaining(m.name)),
    });
    store.close();
    const db = new Database(tmp.file('new.db'), { readonly: true });
    expect(db.pragma('application_id', { simple: true })).toBe(APPLICATION_ID);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('rows of unknown origin go to the source the database last served, and a Sunday point to Friday', () => {
    tmp = tempDir();
    const file = tmp.file('served.db');
    databaseAtVersion(file, 7);
    const db = new Database(file);
    db.prepare(
      `INSERT INTO settings (key, value, updated_at) VALUES ('flag:sourceBaseline', '{"source":"folder:/data/spx","afterSnapshotId":0}', ?)`,
    ).run(t0);
    const sunday = Date.UTC(2025, 2, 9, 15, 0);
    db.prepare("INSERT INTO metric_points (ticker, metric, ts, value) VALUES ('MSFT', 'iv_rank', ?, 40)").run(
      sunday,
    );
    // Its snapshot is from before sources were recorded too.
    db.prepare(
      "INSERT INTO snapshots (endpoint, ticker, params_key, asof, fetched_at, payload_id, source) VALUES ('signals', 'MSFT', '', ?, ?, 1, '')",
    ).run(sunday, sunday);
    db.close();

    const store = openDatabase(file);
    try {
      store.useSource(DEFAULT_SOURCE_ID);
      expect(store.snapshots.latest({ endpoint: 'market-structure', ticker: 'MSFT' })).toBeUndefined();
      expect(store.alertEvents.list()).toEqual([]);
      store.useSource('folder:/data/spx');
      expect(store.snapshots.latest({ endpoint: 'market-structure', ticker: 'MSFT' })?.data).toEqual(payload);
      expect(store.alertEvents.list()).toHaveLength(1);
      expect(store.metrics.series('MSFT', ['iv_rank'])).toMatchObject({
        dates: ['2025-03-07'],
        columns: { iv_rank: [40] },
      });
    } finally {
      store.close();
    }
  });

  it("an old database's points go to the source of their snapshot: simulated series are not the folder's", () => {
    // A database that served the simulator, then a chain folder. Before step 8
    // knew whose a point was, every one (two years of simulated series) became the folder's.
    tmp = tempDir();
    const file = tmp.file('sim-then-folder.db');
    databaseAtVersion(file, 7);
    const db = new Database(file);
    const SIM = DEFAULT_SOURCE_ID;
    const FOLDER = 'folder:/data/chains';
    db.prepare(
      `INSERT INTO settings (key, value, updated_at) VALUES ('flag:sourceBaseline', '{"source":"${FOLDER}","afterSnapshotId":0}', ?)`,
    ).run(t0);
    const body = (data: unknown) => {
      const text = canonicalJson(data);
      const encoded = encodeBody(text);
      return db
        .prepare('INSERT INTO payloads (hash, codec, raw_size, body) VALUES (?, ?, ?, ?)')
        .run(sha256(text), encoded.codec, text.length, encoded.body).lastInsertRowid;
    };
    const snapshot = db.prepare(
      "INSERT INTO snapshots (endpoint, ticker, params_key, asof, fetched_at, payload_id, source) VALUES (?, 'NVDA', '', ?, ?, ?, ?)",
    );
    const point = db.prepare(
      "INSERT INTO metric_points (ticker, metric, ts, value) VALUES ('NVDA', ?, ?, ?)",
    );
    const closeOf = (day: number) => Date.UTC(2024, 11, day, 21, 0); // 16:00 New York
    // The simulator's 2-year series, polled once: its points at each session's close.
    const series = {
      points: [2, 3, 4].map((d) => ({ date: `2024-12-0${d}`, price: 85 + d, iv_rank: 30 + d })),
    };
    snapshot.run('series', closeOf(4) + 60_000, closeOf(4) + 61_000, body(series), SIM);
    for (const d of [2, 3, 4]) {
      point.run('price', closeOf(d), 85 + d);
      point.run('iv_rank', closeOf(d), 30 + d);
    }
    // The simulator's signals on Dec 4, 10:00, and the folder's file of Dec 3, 15:55.
    const simSignals = Date.UTC(2024, 11, 4, 15, 0);
    snapshot.run('signals', simSignals, simSignals, body({ price: 88.5 }), SIM);
    point.run('price', simSignals, 88.5);
    const folderFile = Date.UTC(2024, 11, 3, 20, 55);
    snapshot.run('signals', folderFile, folderFile, body({ price: 150.28 }), FOLDER);
    point.run('price', folderFile, 150.28);
    point.run('gex_flip', folderFile, 148);
    // A point no snapshot accounts for, in a database that served three sources (the seeds' own).
    point.run('price', Date.UTC(2024, 11, 5, 15, 0), 9999);
    db.close();

    const store = openDatabase(file);
    try {
      store.useSource(FOLDER);
      expect(store.metrics.series('NVDA', ['price', 'gex_flip', 'iv_rank'])).toMatchObject({
        dates: ['2024-12-03'],
        columns: { price: [150.28], gex_flip: [148], iv_rank: [null] },
      });
      store.useSource(SIM);
      const sim = store.metrics.series('NVDA', ['price', 'iv_rank']);
      expect(sim.dates).toEqual(['2024-12-02', '2024-12-03', '2024-12-04']);
      expect(sim.columns.iv_rank).toEqual([32, 33, 34]);
      // Dec 4's close from the series, the morning's signals only an intraday point.
      expect(sim.columns.price).toEqual([87, 88, 89]);
      expect(sim.columns.price).not.toContain(9999);
      store.useSource(UNKNOWN_SOURCE_ID);
      expect(store.metrics.series('NVDA', ['price']).columns.price).toEqual([9999]);
    } finally {
      store.close();
    }
  });

  it('opening a current database again changes nothing', () => {
    tmp = tempDir();
    openDatabase(tmp.file('a.db')).close();
    const again = openDatabase(tmp.file('a.db'));
    expect(again.migration).toEqual({
      from: CURRENT_SCHEMA_VERSION,
      to: CURRENT_SCHEMA_VERSION,
      applied: [],
    });
    again.close();
  });

  it('a failing step leaves the database at the version before it, without its half-made tables', () => {
    tmp = tempDir();
    const db = new Database(tmp.file('broken.db'));
    const broken: Migration = {
      version: 2,
      name: 'broken',
      up(d) {
        d.exec('CREATE TABLE half_made (x)');
        throw new Error('step failed');
      },
    };
    expect(() => migrate(db, 2, [migrations[0] as Migration, broken])).toThrow('step failed');
    expect(schemaVersion(db)).toBe(1);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half_made'").get()).toBeUndefined();
    db.close();
  });

  it('refuses a database from a newer Gammawatch and leaves it untouched', () => {
    tmp = tempDir();
    const file = tmp.file('future.db');
    databaseAtVersion(file, CURRENT_SCHEMA_VERSION);
    const db = new Database(file);
    db.pragma(`user_version = ${CURRENT_SCHEMA_VERSION + 4}`);
    db.close();
    const before = fs.readFileSync(file);

    let error: unknown;
    try {
      openDatabase(file);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DatabaseTooNewError);
    expect((error as StoreError).kind).toBe('too_new');
    expect((error as Error).message).toBe(
      `this database was written by a newer Gammawatch (schema ${CURRENT_SCHEMA_VERSION + 4}); this version understands up to ${CURRENT_SCHEMA_VERSION}`,
    );
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  it('refuses a newer database opened read-only too', () => {
    tmp = tempDir();
    const file = tmp.file('future.db');
    databaseAtVersion(file, CURRENT_SCHEMA_VERSION);
    const db = new Database(file);
    db.pragma(`user_version = ${CURRENT_SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => openDatabase(file, { readonly: true })).toThrow(DatabaseTooNewError);
  });
});
