// What a year costs on disk under the retention a trader has by default (Settings → Data: every
// snapshot for 30 days, one per 15 minutes until 180, the session's close until 365), measured on
// a generated store rather than assumed. The generated sessions are split in three: the oldest
// third is thinned to its closes, the next to one snapshot per 15 minutes, the newest kept whole,
// by the app's own thinning (store.thinning.run) on a copy; the copy is vacuumed and each part's
// bytes read back (SQLite's dbstat and the bodies' lengths). A year is then the default tiers'
// session counts (from the calendar) times each tier's measured bytes a session.
//
// Then an estimate of a format not built: every body of one ticker encoded again with its
// fractional numbers to 6 significant digits and deflated against the first body of its series
// that session (a preset dictionary), against the bodies as stored (brotli). The note says it is an
// estimate; it is there to say what a design that meets 1 GB would need.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { openDatabase } from '../../../src/core/store/database.ts';
import { decodeBody } from '../../../src/core/store/payload-codec.ts';
import {
  levelOfSession,
  sessionBounds,
  thinCutoffs,
  type ThinLevel,
} from '../../../src/core/store/thinning-plan.ts';
import { defaultSettings } from '../../../src/shared/bridge/settings.ts';
import {
  nyToEpoch,
  previousTradingDay,
  sessionDateOf,
  type IsoDate,
} from '../../../src/shared/market-calendar.ts';
import type { Measurement } from '../harness.ts';
import { YEAR_SESSIONS, type YearStats } from './generate.ts';

const DAY_MS = 86_400_000;
const GB = 1024 ** 3;
type Tier = ThinLevel | 'full';

/** Days of `fullDays`/`quarterHourDays` that put exactly `sessions[0..k)` before the cut-off. */
function daysCutting(
  now: number,
  sessions: readonly IsoDate[],
  k: number,
  cut: 'quarterHourBefore' | 'closeBefore',
): number {
  for (let d = 0; d <= 400; d++) {
    const c = thinCutoffs(now, cut === 'quarterHourBefore' ? d : 0, cut === 'closeBefore' ? d : 0)[cut];
    const before = sessions.filter((s) => s < c).length;
    if (before === k) return d;
    if (before < k) break;
  }
  throw new Error(`no day count cuts ${k} of ${sessions.length} sessions`);
}

/** How many sessions of a year ending on `last` each tier holds under the default settings. */
export function yearTiers(last: IsoDate): Record<Tier, number> {
  const { retention, retentionDays } = defaultSettings;
  const now = nyToEpoch(last, 17 * 60);
  const cut = thinCutoffs(now, retention.fullDays, retention.quarterHourDays);
  const counts: Record<Tier, number> = { full: 0, 'quarter-hour': 0, close: 0 };
  let day = last;
  for (let i = 0; i < YEAR_SESSIONS; i++) {
    if (day < sessionDateOf(now - retentionDays * DAY_MS)) break;
    counts[levelOfSession(day, cut) ?? 'full']++;
    day = previousTradingDay(day);
  }
  return counts;
}

/** A JSON value with every fractional number cut to `digits` significant digits. */
function rounded(value: unknown, digits: number): unknown {
  if (typeof value === 'number') return Number.isInteger(value) ? value : Number(value.toPrecision(digits));
  if (Array.isArray(value)) return value.map((v) => rounded(v, digits));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rounded(v, digits)]));
  return value;
}

interface BodyRow {
  series: string;
  asof: number;
  codec: number;
  body: Buffer;
}

/** One ticker's bodies: as stored, and encoded as the note above describes. */
function reencoded(
  db: Database.Database,
  ticker: string,
): { stored: number; encoded: number; bodies: number } {
  const rows = db
    .prepare(
      `SELECT s.endpoint || ' ' || s.params_key AS series, s.asof, p.codec, p.body
         FROM snapshots s JOIN payloads p ON p.id = s.payload_id
        WHERE s.ticker = ? ORDER BY series, s.asof`,
    )
    .all(ticker) as BodyRow[];
  let stored = 0;
  let encoded = 0;
  let key = '';
  let dictionary = Buffer.alloc(0);
  for (const row of rows) {
    const text = JSON.stringify(rounded(JSON.parse(decodeBody(row.codec, row.body)), 6));
    const raw = Buffer.from(text, 'utf8');
    const rowKey = `${row.series} ${sessionDateOf(row.asof)}`;
    const first = rowKey !== key;
    const body = zlib.deflateRawSync(raw, { level: 6, ...(first ? {} : { dictionary }) });
    if (first) {
      key = rowKey;
      dictionary = raw.subarray(-32_768);
    }
    stored += row.body.length;
    encoded += body.length;
  }
  return { stored, encoded, bodies: rows.length };
}

/** The measurements; `file` is not touched (the work is on a copy). */
export function retentionProjection(file: string, stats: YearStats, scaleNote: string): Measurement[] {
  const sessions = [...stats.sessions].sort();
  if (sessions.length < 3) return [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-bench-retention-'));
  try {
    const copy = path.join(dir, 'gammawatch.db');
    fs.copyFileSync(file, copy);
    const third = Math.floor(sessions.length / 3);
    const last = sessions.at(-1) as IsoDate;
    const now = nyToEpoch(last, 17 * 60);
    const fullDays = daysCutting(now, sessions, 2 * third, 'quarterHourBefore');
    const quarterHourDays = daysCutting(now, sessions, third, 'closeBefore');
    const cut = thinCutoffs(now, fullDays, quarterHourDays);
    const tierOf = (s: IsoDate): Tier => levelOfSession(s, cut) ?? 'full';

    const store = openDatabase(copy);
    const steps = store.thinning.run({
      fullDays,
      quarterHourDays,
      retentionDays: 3650,
      now,
      readRows: 5000,
      batchRows: 1000,
    });
    while (!steps.next().done);
    store.close();

    const db = new Database(copy);
    db.exec('VACUUM');
    const bytesOf = db.prepare('SELECT COALESCE(SUM(pgsize), 0) AS n FROM dbstat WHERE name = ?');
    const tableBytes = (name: string): number => (bytesOf.get(name) as { n: number }).n;
    const rowTables = [
      'snapshots',
      'snapshots_identity',
      'snapshots_ticker_asof',
      'snapshots_source_asof',
      'snapshots_asof',
      'snapshots_payload',
      'snapshot_levels',
      'sqlite_autoindex_payloads_1',
    ];
    const pageBytes = (
      db.prepare('SELECT page_count * page_size AS n FROM pragma_page_count, pragma_page_size').get() as {
        n: number;
      }
    ).n;
    const allBodies = (db.prepare('SELECT SUM(length(body)) AS n FROM payloads').get() as { n: number }).n;
    const snapshots = (db.prepare('SELECT COUNT(*) AS n FROM snapshots').get() as { n: number }).n;
    const rowTableBytes = rowTables.reduce((sum, t) => sum + tableBytes(t), 0);
    // A snapshot's row, its index entries and its body's hash entry; the payloads table's pages
    // beyond the bodies' own bytes (headers, slack) are counted with the bodies.
    const rowBytes = rowTableBytes / snapshots;
    const bodySlack = tableBytes('payloads') / allBodies;
    // Intraday metric points, thinned with their session's snapshots: each session's own count.
    const pointBytes =
      tableBytes('metric_points') /
      Math.max(1, (db.prepare('SELECT COUNT(*) AS n FROM metric_points').get() as { n: number }).n);
    const pointsIn = db.prepare('SELECT COUNT(*) AS n FROM metric_points WHERE ts >= ? AND ts < ?');
    // What is kept whole whatever the tier (the daily series, alerts, settings).
    const fixedPerSession =
      (pageBytes - tableBytes('payloads') - tableBytes('metric_points') - rowTableBytes) / sessions.length;
    const perSession = db.prepare(
      `SELECT COUNT(*) AS n, COALESCE(SUM(length(p.body)), 0) AS body
         FROM snapshots s JOIN payloads p ON p.id = s.payload_id WHERE s.asof >= ? AND s.asof < ?`,
    );
    /** A tier's measured sessions, and their snapshots and bytes of bodies and points, summed. */
    const tiers: Record<Tier, { sessions: number; snapshots: number; bodies: number; points: number }> = {
      full: { sessions: 0, snapshots: 0, bodies: 0, points: 0 },
      'quarter-hour': { sessions: 0, snapshots: 0, bodies: 0, points: 0 },
      close: { sessions: 0, snapshots: 0, bodies: 0, points: 0 },
    };
    for (const s of sessions) {
      const { from, to } = sessionBounds(s);
      const { n, body } = perSession.get(from, to) as { n: number; body: number };
      const t = tiers[tierOf(s)];
      t.sessions++;
      t.snapshots += n;
      t.bodies += body * bodySlack;
      t.points += (pointsIn.get(from, to) as { n: number }).n * pointBytes;
    }
    const re = reencoded(db, stats.tickers[0] as string);
    db.close();

    // One session of each tier at 50 tickers, then the year's sessions of each tier.
    const scale = 50 / stats.tickers.length;
    const year = yearTiers(last);
    const perTier = (t: Tier) => {
      const m = tiers[t];
      const each = (x: number): number => (x / m.sessions) * scale;
      const bodies = each(m.bodies);
      const points = each(m.points);
      const snapshotsEach = each(m.snapshots);
      return {
        snapshots: snapshotsEach,
        bodies,
        points,
        bytes: bodies + points + snapshotsEach * rowBytes + fixedPerSession * scale,
      };
    };
    let yearBytes = 0;
    let yearSnapshots = 0;
    let yearBodies = 0;
    let yearPoints = 0;
    for (const t of ['full', 'quarter-hour', 'close'] as const) {
      const p = perTier(t);
      yearBytes += p.bytes * year[t];
      yearSnapshots += p.snapshots * year[t];
      yearBodies += p.bodies * year[t];
      yearPoints += p.points * year[t];
    }
    const ratio = re.encoded / re.stored;
    const describe = (t: Tier): string => {
      const p = perTier(t);
      return `${t} ${year[t]} sessions × ${Math.round(p.snapshots).toLocaleString('en-US')} snapshots, ${(p.bytes / 2 ** 20).toFixed(1)} MiB a session`;
    };
    const how = `thinned and measured on a copy of ${scaleNote} (sessions split ${tiers.close.sessions} close / ${tiers['quarter-hour'].sessions} quarter-hour / ${tiers.full.sessions} whole, scaled to 50 tickers); the year under the defaults (${defaultSettings.retention.fullDays} / ${defaultSettings.retention.quarterHourDays} / ${defaultSettings.retentionDays} days): ${describe('full')}; ${describe('quarter-hour')}; ${describe('close')}`;
    return [
      {
        name: 'store: a year of 50 tickers under the default retention (thinned), on disk',
        value: yearBytes / GB,
        unit: 'GiB',
        target: { value: 1, better: 'lower' },
        note: `${Math.round(yearSnapshots).toLocaleString('en-US')} snapshots kept; bodies ${((yearBodies / yearBytes) * 100).toFixed(0)} % of it; intraday metric points ${((yearPoints / yearBytes) * 100).toFixed(0)} %; ${how}`,
      },
      {
        name: 'store: the same year with bodies at 6 significant digits, deflated against their series\u2019 first body of the session (ESTIMATE of a format not built)',
        value: (yearBytes - yearBodies + yearBodies * ratio) / GB,
        unit: 'GiB',
        target: { value: 1, better: 'lower' },
        note: `${stats.tickers[0]}'s ${re.bodies.toLocaleString('en-US')} bodies of the thinned copy: ${(re.stored / re.bodies).toFixed(0)} B each as stored (brotli), ${(re.encoded / re.bodies).toFixed(0)} B so encoded (× ${ratio.toFixed(2)}); rows, indexes and metric points as measured; an estimate`,
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
