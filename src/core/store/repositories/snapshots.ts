// Every response the watcher keeps. Bodies are content-addressed (see 001-initial.ts); a snapshot
// row names the endpoint, ticker, parameters and times and points at its body. Re-ingesting the
// same body at the same asof is a no-op, which makes a retried poll harmless. New bodies are
// stored uncompressed (pending) and compressed later by compactPayloads(); reads accept both.
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { canonicalJson, sha256, type JsonValue } from '../canonical-json.ts';
import { isCanonicalName, isCanonicalTicker, isEpochMs, isSimpleParams } from '../canonical-input.ts';
import { guardedIterator, invalidInput } from '../errors.ts';
import { chartLevelsOf, LEVELS_ENDPOINT, LEVELS_PARAMS_KEY, type ChartLevels } from '../key-levels.ts';
import { paramsKey, paramsSchema, type Params } from '../params-key.ts';
import { DEFAULT_CODEC, PENDING_CODEC, decodeBody, ingestCodec, type CodecId } from '../payload-codec.ts';
import { tickerSchema } from '../ticker.ts';
import { timeInputSchema, type EpochMs, type TimeInput } from '../time.ts';
import type { SourceScope } from '../source-scope.ts';
import { parseInput } from '../validate.ts';

export interface SnapshotInput {
  /** The endpoint's name, e.g. `market-structure`, `signals`, `top-setups`, `screener`. */
  endpoint: string;
  /** null (or absent) for cross-ticker endpoints. */
  ticker?: string | null;
  /** The query parameters (or a key made by paramsKey()). */
  params?: Params | string;
  /** The data's own time (API v2 `meta.asof`); the fetch time when the response has none. */
  asof: TimeInput;
  /** When the response arrived; defaults to now. */
  fetchedAt?: TimeInput | undefined;
  /** The response's `data`: what is hashed and deduplicated. */
  data: unknown;
  /** The response's `meta`, kept beside the snapshot (not part of its identity). */
  meta?: unknown;
}

export interface SnapshotKey {
  endpoint: string;
  ticker?: string | null;
  params?: Params | string | undefined;
}

export interface SnapshotInfo {
  id: number;
  endpoint: string;
  ticker: string | null;
  paramsKey: string;
  asof: EpochMs;
  fetchedAt: EpochMs;
  /** sha256 of the canonical JSON of `data`, hex. */
  contentHash: string;
  /** Size of the canonical JSON of `data`, bytes. */
  size: number;
}

export interface Snapshot extends SnapshotInfo {
  data: JsonValue;
  meta: JsonValue | null;
}

export interface IngestResult {
  id: number;
  /** false when this exact snapshot (same key, asof and body) was already stored. */
  isNew: boolean;
  /** false when an identical body was already stored, for this or any other snapshot. */
  payloadIsNew: boolean;
  contentHash: string;
}

export interface SnapshotRangeQuery {
  endpoint?: string;
  ticker?: string | null;
  params?: Params | string;
  /** Inclusive bounds on asof. */
  from?: TimeInput;
  to?: TimeInput;
  order?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}

export interface SnapshotRepository {
  /** Stores a batch in one transaction; results are in input order. */
  ingest(inputs: readonly SnapshotInput[]): IngestResult[];
  /**
   * The newest snapshot of a key (by asof, then by arrival). Like every read here, it sees the
   * active data source's snapshots only (Store.useSource); new snapshots are tagged with it.
   */
  latest(key: SnapshotKey): Snapshot | undefined;
  /**
   * The newest snapshot of a key among those stored after snapshot id `afterId`: what an alert
   * compares with when only the current data source's snapshots count (see alertBaseline).
   */
  latestAfterId(key: SnapshotKey, afterId: number): Snapshot | undefined;
  /**
   * The asof of the newest snapshot of a key stored after snapshot id `afterId` (0: any), or null:
   * what decides whether a new snapshot is news, without reading a body.
   */
  newestAsof(key: SnapshotKey, afterId?: number): EpochMs | null;
  /** The highest snapshot id so far (0 when none): a mark that later snapshots are above. */
  maxId(): number;
  /** The newest snapshot of a key with asof at or before `at`: what was known then. */
  latestAtOrBefore(key: SnapshotKey, at: TimeInput): Snapshot | undefined;
  /** The id of the snapshot latestAtOrBefore() gives, its body untouched; undefined when none. */
  idAtOrBefore(key: SnapshotKey, at: TimeInput): number | undefined;
  /** The newest snapshot of a key with asof strictly before `beforeAsof`: what an alert compares with. */
  previous(key: SnapshotKey, beforeAsof: TimeInput): Snapshot | undefined;
  /** The newest snapshot of `endpoint` for each ticker given (tickers with none are left out). */
  latestForTickers(endpoint: string, tickers: readonly string[], params?: Params | string): Snapshot[];
  byId(id: number): Snapshot | undefined;
  /** Every snapshot time of a ticker, newest first unless `order` says otherwise (no bodies). */
  timeline(ticker: string, query?: Omit<SnapshotRangeQuery, 'ticker'>): SnapshotInfo[];
  /** Snapshots matching a query, without bodies. */
  range(query: SnapshotRangeQuery): SnapshotInfo[];
  /**
   * Ids and times of the snapshots matching a query, nothing else: no payload is touched, so a
   * long window (50,000 snapshots) lists in tens of ms where `range` takes a second.
   */
  instants(query: SnapshotRangeQuery): { id: number; asof: EpochMs }[];
  /** The ids alone of the snapshots matching a query, in its order: the cheapest listing there is. */
  ids(query: SnapshotRangeQuery): number[];
  /**
   * The bodies of the active source's snapshots `ids`, in the order given (an id it does not have
   * is left out), read in one statement: what byId() gives for each, without the row's other
   * fields (hash, meta), for a query that thins a long window to a few thousand snapshots.
   */
  dataOf(ids: readonly number[]): SnapshotData[];
  /**
   * The chart levels kept beside the active source's market-structure snapshots `ids` (key-levels.ts),
   * in the order given, without decoding a body: `levels` null when the body has none a chart can
   * use, undefined for a snapshot stored before they were kept (read its body with dataOf()).
   */
  levelsOf(ids: readonly number[]): SnapshotLevels[];
  /** Snapshots matching a query, with bodies, read page by page (for exports); no limit unless given. */
  iterate(query: SnapshotRangeQuery): IterableIterator<Snapshot>;
  /** Totals for a statistics screen or a benchmark: reads every row, so not for hot paths. */
  count(): SnapshotCounts;
}

export interface SnapshotData {
  id: number;
  asof: EpochMs;
  data: JsonValue;
}

/** A snapshot_levels row as read: spot null when the body has no chart levels. */
type LevelsRow = Omit<ChartLevels, 'spot'> & { spot: number | null };

export interface SnapshotLevels {
  id: number;
  asof: EpochMs;
  levels: ChartLevels | null | undefined;
}

export interface SnapshotCounts {
  snapshots: number;
  payloads: number;
  /** Stored body bytes (compressed where compacted) and their canonical JSON size. */
  payloadBytes: number;
  rawBytes: number;
  /** Bodies still waiting for compactPayloads(). */
  pendingPayloads: number;
}

const keySchema = z.object({
  endpoint: z.string().trim().min(1).max(100),
  ticker: tickerSchema.nullish(),
  params: z.union([z.string().max(4000), paramsSchema]).optional(),
});

const inputSchema = keySchema.extend({
  asof: timeInputSchema,
  fetchedAt: timeInputSchema.optional(),
  data: z.unknown().refine((v) => v !== undefined, 'data is required'),
  meta: z.unknown().optional(),
});

const rangeSchema = keySchema.partial().extend({
  from: timeInputSchema.optional(),
  to: timeInputSchema.optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  limit: z.number().int().min(1).max(100_000).default(1000),
  offset: z.number().int().min(0).default(0),
});

interface SnapshotRow {
  id: number;
  endpoint: string;
  ticker: string;
  params_key: string;
  asof: number;
  fetched_at: number;
  hash: Buffer;
  raw_size: number;
}

interface SnapshotBodyRow extends SnapshotRow {
  codec: number;
  body: Buffer;
  meta: string | null;
}

const infoColumns = 's.id, s.endpoint, s.ticker, s.params_key, s.asof, s.fetched_at, p.hash, p.raw_size';
const bodyColumns = `${infoColumns}, p.codec, p.body, s.meta`;
const fromJoin = 'FROM snapshots s JOIN payloads p ON p.id = s.payload_id';
const byKeyJoin = 'FROM snapshots s INDEXED BY snapshots_identity JOIN payloads p ON p.id = s.payload_id';
/** One key of the active source: source, endpoint, ticker, params (the identity index's prefix). */
const byKey = 's.source = ? AND s.endpoint = ? AND s.ticker = ? AND s.params_key = ?';

const PAGE = 500;

const idSchema = z.number().int().positive();
const idsSchema = z.array(idSchema);
const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;

function toInfo(row: SnapshotRow): SnapshotInfo {
  return {
    id: row.id,
    endpoint: row.endpoint,
    ticker: row.ticker === '' ? null : row.ticker,
    paramsKey: row.params_key,
    asof: row.asof,
    fetchedAt: row.fetched_at,
    contentHash: row.hash.toString('hex'),
    size: row.raw_size,
  };
}

function toSnapshot(row: SnapshotBodyRow): Snapshot {
  return {
    ...toInfo(row),
    data: JSON.parse(decodeBody(row.codec, row.body)) as JsonValue,
    meta: row.meta === null ? null : (JSON.parse(row.meta) as JsonValue),
  };
}

interface NormalKey {
  endpoint: string;
  ticker: string;
  paramsKey: string;
}

/** The key by hand when it is canonical already, else null (the caller uses the schema). */
function normalKeyOrNull(key: SnapshotKey): NormalKey | null {
  const { endpoint, ticker, params } = key;
  if (
    isCanonicalName(endpoint) &&
    (ticker === undefined || ticker === null || isCanonicalTicker(ticker)) &&
    (params === undefined || (typeof params === 'string' ? params.length <= 4000 : isSimpleParams(params)))
  ) {
    return {
      endpoint,
      ticker: ticker ?? '',
      paramsKey: typeof params === 'string' ? params : paramsKey(params),
    };
  }
  return null;
}

function normalKey(key: SnapshotKey): NormalKey {
  const fast = normalKeyOrNull(key);
  if (fast) return fast;
  const k = parseInput(keySchema, key, 'snapshot key');
  return {
    endpoint: k.endpoint,
    ticker: k.ticker ?? '',
    paramsKey: typeof k.params === 'string' ? k.params : paramsKey(k.params),
  };
}

export function createSnapshotRepository(
  db: Database.Database,
  now: () => EpochMs,
  scope: SourceScope,
  codec: CodecId = DEFAULT_CODEC,
): SnapshotRepository {
  const q = {
    payloadId: db.prepare('SELECT id FROM payloads WHERE hash = ?').pluck(),
    insertPayload: db.prepare('INSERT INTO payloads (hash, codec, raw_size, body) VALUES (?, ?, ?, ?)'),
    // run() rather than RETURNING: changes and lastInsertRowid come back without a result row.
    insertSnapshot: db.prepare(
      `INSERT INTO snapshots (endpoint, ticker, params_key, asof, fetched_at, payload_id, meta, source)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    ),
    existingSnapshot: db
      .prepare(
        `SELECT id FROM snapshots
         WHERE source = ? AND endpoint = ? AND ticker = ? AND params_key = ? AND asof = ? AND payload_id = ?`,
      )
      .pluck(),
    latest: db.prepare(
      `SELECT ${bodyColumns} ${byKeyJoin} WHERE ${byKey}
       ORDER BY s.asof DESC, s.id DESC LIMIT 1`,
    ),
    latestAfterId: db.prepare(
      `SELECT ${bodyColumns} ${byKeyJoin} WHERE ${byKey} AND s.id > ?
       ORDER BY s.asof DESC, s.id DESC LIMIT 1`,
    ),
    newestAsof: db
      .prepare(
        `SELECT s.asof FROM snapshots s INDEXED BY snapshots_identity WHERE ${byKey} AND s.id > ?
         ORDER BY s.asof DESC LIMIT 1`,
      )
      .pluck(),
    maxId: db.prepare('SELECT COALESCE(MAX(id), 0) FROM snapshots').pluck(),
    atOrBefore: db.prepare(
      `SELECT ${bodyColumns} ${byKeyJoin} WHERE ${byKey} AND s.asof <= ?
       ORDER BY s.asof DESC, s.id DESC LIMIT 1`,
    ),
    idAtOrBefore: db
      .prepare(
        `SELECT s.id FROM snapshots s INDEXED BY snapshots_identity WHERE ${byKey} AND s.asof <= ?
         ORDER BY s.asof DESC, s.id DESC LIMIT 1`,
      )
      .pluck(),
    before: db.prepare(
      `SELECT ${bodyColumns} ${byKeyJoin} WHERE ${byKey} AND s.asof < ?
       ORDER BY s.asof DESC, s.id DESC LIMIT 1`,
    ),
    byId: db.prepare(`SELECT ${bodyColumns} ${fromJoin} WHERE s.id = ? AND s.source = ?`),
    // j.key is the position in the array given, so rows come back in the caller's order. CROSS
    // JOIN keeps SQLite from reordering the loops: without statistics (a store not yet analysed)
    // it chose to scan the source's snapshots and look each up in the array, 5 s for 2,000 ids
    // of 49,140 where reading the ids one by one by rowid takes 45 ms.
    dataOf: db.prepare(
      `SELECT s.id, s.asof, p.codec, p.body FROM json_each(?) j
       CROSS JOIN snapshots s ON s.id = j.value CROSS JOIN payloads p ON p.id = s.payload_id
       WHERE s.source = ? ORDER BY j.key`,
    ),
    insertLevels: db.prepare(
      `INSERT INTO snapshot_levels (snapshot_id, spot, gamma_flip, call_wall, put_wall, plus_1sigma_1d, minus_1sigma_1d)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    // As dataOf: the caller's order, loops kept in it. known is 0 for a snapshot with no row.
    levelsOf: db.prepare(
      `SELECT s.id, s.asof, l.snapshot_id IS NOT NULL AS known, l.spot, l.gamma_flip, l.call_wall,
              l.put_wall, l.plus_1sigma_1d, l.minus_1sigma_1d
       FROM json_each(?) j CROSS JOIN snapshots s ON s.id = j.value
       LEFT JOIN snapshot_levels l ON l.snapshot_id = s.id
       WHERE s.source = ? ORDER BY j.key`,
    ),
    count: db.prepare(
      `SELECT (SELECT COUNT(*) FROM snapshots) AS snapshots, COUNT(*) AS payloads,
              COALESCE(SUM(LENGTH(body)), 0) AS payloadBytes, COALESCE(SUM(raw_size), 0) AS rawBytes,
              (SELECT COUNT(*) FROM payloads WHERE codec = ${PENDING_CODEC}) AS pendingPayloads
       FROM payloads`,
    ),
  };

  /** The input as inputSchema gives it back; by hand when it is canonical already (see canonical-input.ts). */
  function checkInput(raw: SnapshotInput): z.output<typeof inputSchema> {
    if (typeof raw !== 'object' || raw === null) return parseInput(inputSchema, raw, 'snapshot');
    const { asof, fetchedAt, data } = raw;
    if (isEpochMs(asof) && (fetchedAt === undefined || isEpochMs(fetchedAt)) && data !== undefined) {
      const key = normalKeyOrNull(raw);
      if (key) {
        const { endpoint, ticker, paramsKey: params } = key;
        return {
          endpoint,
          ticker,
          params,
          asof,
          data,
          meta: raw.meta,
          ...(fetchedAt === undefined ? {} : { fetchedAt }),
        };
      }
    }
    return parseInput(inputSchema, raw, 'snapshot');
  }

  // The UTF-8 bytes of a body are written into one buffer, reused: SQLite copies a bound blob
  // (better-sqlite3 binds with SQLITE_TRANSIENT), so no buffer per body is allocated (and
  // collected). Measured: a 2.7 KB Buffer.from took about 7 µs per snapshot inside an ingest
  // batch, mostly its share of garbage collection.
  let scratch = Buffer.allocUnsafeSlow(64 * 1024);
  function utf8Of(text: string): Buffer {
    // A UTF-16 code unit is at most 3 bytes of UTF-8.
    if (text.length * 3 > scratch.length) {
      const need = Buffer.byteLength(text, 'utf8');
      if (need > scratch.length) scratch = Buffer.allocUnsafeSlow(Math.max(need, scratch.length * 2));
    }
    return scratch.subarray(0, scratch.write(text, 0, 'utf8'));
  }

  /** One input, inside the caller's transaction. */
  function ingestOne(raw: SnapshotInput): IngestResult {
    const input = checkInput(raw);
    // One UTF-8 encoding serves both the hash and the stored body.
    const body = utf8Of(canonicalJson(input.data));
    const hash = sha256(body);
    // Looked up before inserting: polls mostly repeat unchanged responses, and one SELECT costs
    // less than an INSERT that hits the conflict and a SELECT after it (measured about even when
    // every payload is new, 5 % slower with 3 in 4 repeats).
    let payloadId = q.payloadId.get(hash) as number | undefined;
    const payloadIsNew = payloadId === undefined;
    if (payloadId === undefined) {
      const stored = q.insertPayload.run(hash, ingestCodec(body.length, codec), body.length, body);
      payloadId = Number(stored.lastInsertRowid);
    }
    const ticker = input.ticker ?? '';
    const key = typeof input.params === 'string' ? input.params : paramsKey(input.params);
    const meta = input.meta === undefined || input.meta === null ? null : canonicalJson(input.meta);
    const fetchedAt = input.fetchedAt ?? now();
    const inserted = q.insertSnapshot.run(
      input.endpoint,
      ticker,
      key,
      input.asof,
      fetchedAt,
      payloadId,
      meta,
      scope.id,
    );
    const isNew = inserted.changes > 0;
    const id = isNew
      ? Number(inserted.lastInsertRowid)
      : (q.existingSnapshot.get(scope.id, input.endpoint, ticker, key, input.asof, payloadId) as number);
    if (isNew && input.endpoint === LEVELS_ENDPOINT && key === LEVELS_PARAMS_KEY) {
      const l = chartLevelsOf(input.data);
      q.insertLevels.run(
        id,
        l?.spot ?? null,
        l?.gamma_flip ?? null,
        l?.call_wall ?? null,
        l?.put_wall ?? null,
        l?.plus_1sigma_1d ?? null,
        l?.minus_1sigma_1d ?? null,
      );
    }
    return { id, isNew, payloadIsNew, contentHash: hash.toString('hex') };
  }

  const ingestBatch = db.transaction((inputs: readonly SnapshotInput[]) => inputs.map(ingestOne));

  interface Range {
    where: string[];
    args: unknown[];
    order: 'ASC' | 'DESC';
    limit: number;
    offset: number;
  }

  function toRange(query: SnapshotRangeQuery): Range {
    const r = parseInput(rangeSchema, query, 'snapshot query');
    const where: string[] = [];
    const args: unknown[] = [];
    const add = (clause: string, value: unknown): void => {
      where.push(clause);
      args.push(value);
    };
    add('s.source = ?', scope.id);
    if (r.endpoint !== undefined) add('s.endpoint = ?', r.endpoint);
    if (r.ticker !== undefined) add('s.ticker = ?', r.ticker ?? '');
    if (r.params !== undefined)
      add('s.params_key = ?', typeof r.params === 'string' ? r.params : paramsKey(r.params));
    if (r.from !== undefined) add('s.asof >= ?', r.from);
    if (r.to !== undefined) add('s.asof <= ?', r.to);
    return { where, args, order: r.order === 'asc' ? 'ASC' : 'DESC', limit: r.limit, offset: r.offset };
  }

  function selectRange(range: Range, columns: string, extraWhere: string[] = []): string {
    const where = [...range.where, ...extraWhere];
    return `SELECT ${columns} ${fromJoin} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY s.asof ${range.order}, s.id ${range.order} LIMIT ? OFFSET ?`;
  }

  function listRange(query: SnapshotRangeQuery): SnapshotInfo[] {
    const range = toRange(query);
    return (
      db
        .prepare(selectRange(range, infoColumns))
        .all(...range.args, range.limit, range.offset) as SnapshotRow[]
    ).map(toInfo);
  }

  function listInstants(query: SnapshotRangeQuery): { id: number; asof: EpochMs }[] {
    const range = toRange(query);
    const sql = `SELECT s.id, s.asof FROM snapshots s WHERE ${range.where.join(' AND ')}
      ORDER BY s.asof ${range.order}, s.id ${range.order} LIMIT ? OFFSET ?`;
    return db.prepare(sql).all(...range.args, range.limit, range.offset) as { id: number; asof: EpochMs }[];
  }

  function listIds(query: SnapshotRangeQuery): number[] {
    const range = toRange(query);
    const sql = `SELECT s.id FROM snapshots s WHERE ${range.where.join(' AND ')}
      ORDER BY s.asof ${range.order}, s.id ${range.order} LIMIT ? OFFSET ?`;
    return db
      .prepare(sql)
      .pluck()
      .all(...range.args, range.limit, range.offset) as number[];
  }

  /** Snapshot ids as given when they are plain ids (the usual case, checked cheaply), else parsed. */
  function checkedIds(ids: readonly number[]): readonly number[] {
    return Array.isArray(ids) && ids.every(isId) ? ids : parseInput(idsSchema, ids, 'snapshot ids');
  }

  function dataOf(ids: readonly number[]): SnapshotData[] {
    const checked = checkedIds(ids);
    if (checked.length === 0) return [];
    const rows = q.dataOf.all(JSON.stringify(checked), scope.id) as {
      id: number;
      asof: number;
      codec: number;
      body: Buffer;
    }[];
    return rows.map((row) => ({
      id: row.id,
      asof: row.asof,
      data: JSON.parse(decodeBody(row.codec, row.body)) as JsonValue,
    }));
  }

  function levelsOf(ids: readonly number[]): SnapshotLevels[] {
    const checked = checkedIds(ids);
    if (checked.length === 0) return [];
    const rows = q.levelsOf.all(JSON.stringify(checked), scope.id) as (LevelsRow & {
      id: number;
      asof: number;
      known: number;
    })[];
    return rows.map((row) => ({
      id: row.id,
      asof: row.asof,
      levels:
        row.known === 0
          ? undefined
          : row.spot === null
            ? null
            : {
                spot: row.spot,
                gamma_flip: row.gamma_flip,
                call_wall: row.call_wall,
                put_wall: row.put_wall,
                plus_1sigma_1d: row.plus_1sigma_1d,
                minus_1sigma_1d: row.minus_1sigma_1d,
              },
    }));
  }

  /**
   * Pages through a range by (asof, id) so that no statement stays open between pages: a
   * consumer that awaits between items (writing a file) must not hold the connection busy.
   */
  function* iterateRange(query: SnapshotRangeQuery): IterableIterator<Snapshot> {
    const range = toRange({ ...query, limit: query.limit ?? 100_000 });
    const first = db.prepare(selectRange(range, bodyColumns));
    const cmp = range.order === 'ASC' ? '>' : '<';
    const next = db.prepare(
      selectRange({ ...range, offset: 0 }, bodyColumns, [`(s.asof, s.id) ${cmp} (?, ?)`]),
    );
    let remaining = query.limit ?? Number.POSITIVE_INFINITY;
    let last: SnapshotBodyRow | undefined;
    while (remaining > 0) {
      const pageSize = Math.min(PAGE, remaining);
      const rows = (
        last === undefined
          ? first.all(...range.args, pageSize, range.offset)
          : next.all(...range.args, last.asof, last.id, pageSize, 0)
      ) as SnapshotBodyRow[];
      for (const row of rows) yield toSnapshot(row);
      if (rows.length < pageSize) return;
      remaining -= rows.length;
      last = rows[rows.length - 1];
    }
  }

  const one = (statement: Database.Statement, ...args: unknown[]): Snapshot | undefined => {
    const row = statement.get(...args) as SnapshotBodyRow | undefined;
    return row ? toSnapshot(row) : undefined;
  };
  const latestOf = (k: NormalKey): Snapshot | undefined =>
    one(q.latest, scope.id, k.endpoint, k.ticker, k.paramsKey);

  return {
    ingest(inputs) {
      if (!Array.isArray(inputs)) throw invalidInput('ingest takes an array of snapshots');
      return ingestBatch(inputs);
    },

    latest(key) {
      return latestOf(normalKey(key));
    },

    latestAfterId(key, afterId) {
      const k = normalKey(key);
      const after = parseInput(z.number().int().min(0), afterId, 'snapshot id');
      return one(q.latestAfterId, scope.id, k.endpoint, k.ticker, k.paramsKey, after);
    },

    newestAsof(key, afterId = 0) {
      const k = normalKey(key);
      const after = parseInput(z.number().int().min(0), afterId, 'snapshot id');
      const asof = q.newestAsof.get(scope.id, k.endpoint, k.ticker, k.paramsKey, after) as number | undefined;
      return asof ?? null;
    },

    maxId() {
      return q.maxId.get() as number;
    },

    latestAtOrBefore(key, at) {
      const k = normalKey(key);
      return one(
        q.atOrBefore,
        scope.id,
        k.endpoint,
        k.ticker,
        k.paramsKey,
        parseInput(timeInputSchema, at, 'time'),
      );
    },

    idAtOrBefore(key, at) {
      const k = normalKey(key);
      const time = parseInput(timeInputSchema, at, 'time');
      return q.idAtOrBefore.get(scope.id, k.endpoint, k.ticker, k.paramsKey, time) as number | undefined;
    },

    previous(key, beforeAsof) {
      const k = normalKey(key);
      return one(
        q.before,
        scope.id,
        k.endpoint,
        k.ticker,
        k.paramsKey,
        parseInput(timeInputSchema, beforeAsof, 'time'),
      );
    },

    latestForTickers(endpoint, tickers, params) {
      const symbols = parseInput(z.array(tickerSchema).max(10_000), tickers, 'tickers');
      const out: Snapshot[] = [];
      for (const ticker of symbols) {
        const snapshot = latestOf(normalKey({ endpoint, ticker, params }));
        if (snapshot) out.push(snapshot);
      }
      return out;
    },

    byId(id) {
      return one(q.byId, isId(id) ? id : parseInput(idSchema, id, 'snapshot id'), scope.id);
    },

    timeline(ticker, query = {}) {
      return listRange({ ...query, ticker: parseInput(tickerSchema, ticker, 'ticker') });
    },

    range: listRange,

    instants: listInstants,

    ids: listIds,

    dataOf,

    levelsOf,

    iterate(query) {
      return guardedIterator(iterateRange(query), 'snapshots.iterate');
    },

    count() {
      return q.count.get() as SnapshotCounts;
    },
  };
}
