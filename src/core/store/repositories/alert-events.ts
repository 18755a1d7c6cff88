// Alert events: what the rules raised. Each carries an idempotency key chosen by the alerts
// engine (rule, ticker, transition, asof), so evaluating the same snapshot twice (a retried
// poll, a restart mid-run) raises the notification once.
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { canonicalJson, type JsonValue } from '../canonical-json.ts';
import { tickerSchema } from '../ticker.ts';
import { timeInputSchema, type EpochMs, type TimeInput } from '../time.ts';
import type { SourceScope } from '../source-scope.ts';
import { parseInput } from '../validate.ts';

export const severities = ['info', 'warning', 'critical'] as const;
export type Severity = (typeof severities)[number];

export interface Transition {
  from: string | null;
  to: string | null;
}

export interface AlertEventInput {
  ruleId?: number | null;
  ticker?: string | null;
  /** What happened, e.g. `regime_change`, `screener_entry`, `gamma_flip_cross`. */
  kind: string;
  transition?: Transition | null;
  severity: Severity;
  asof: TimeInput;
  payload?: unknown;
  idempotencyKey: string;
}

export interface AlertEvent {
  id: number;
  ruleId: number | null;
  ticker: string | null;
  kind: string;
  transition: Transition | null;
  severity: Severity;
  asof: EpochMs;
  createdAt: EpochMs;
  payload: JsonValue;
  idempotencyKey: string;
  readAt: EpochMs | null;
  /** The data source whose snapshot raised it (sourceIdOf; '' for a store used without one). */
  source: string;
}

export interface AlertEventFilter {
  ticker?: string | undefined;
  ruleId?: number | undefined;
  kind?: string | readonly string[] | undefined;
  severity?: Severity | readonly Severity[] | undefined;
  /** Inclusive bounds on asof. */
  from?: TimeInput | undefined;
  to?: TimeInput | undefined;
  unreadOnly?: boolean | undefined;
}

export interface AlertEventRepository {
  /** Inserts unless an event with the same idempotency key exists; either way returns the stored event. */
  insertIfNew(input: AlertEventInput): { inserted: boolean; event: AlertEvent };
  get(id: number): AlertEvent | undefined;
  /** Newest first. */
  list(filter?: AlertEventFilter & { limit?: number; offset?: number }): AlertEvent[];
  count(filter?: AlertEventFilter): number;
  /** Marks events read; returns how many changed. */
  markRead(ids: readonly number[]): number;
  markAllRead(filter?: AlertEventFilter): number;
}

const kindSchema = z.string().trim().min(1).max(100);
const idSchema = z.number().int().positive();
const stateSchema = z.string().max(200).nullable();

const inputSchema = z.object({
  ruleId: idSchema.nullish(),
  ticker: tickerSchema.nullish(),
  kind: kindSchema,
  transition: z.object({ from: stateSchema, to: stateSchema }).nullish(),
  severity: z.enum(severities),
  asof: timeInputSchema,
  payload: z.unknown().optional(),
  idempotencyKey: z.string().min(1).max(500),
});

const filterSchema = z.object({
  ticker: tickerSchema.optional(),
  ruleId: idSchema.optional(),
  kind: z.union([kindSchema, z.array(kindSchema)]).optional(),
  severity: z.union([z.enum(severities), z.array(z.enum(severities))]).optional(),
  from: timeInputSchema.optional(),
  to: timeInputSchema.optional(),
  unreadOnly: z.boolean().optional(),
  limit: z.number().int().min(1).max(10_000).default(100),
  offset: z.number().int().min(0).default(0),
});

interface EventRow {
  id: number;
  rule_id: number | null;
  ticker: string | null;
  kind: string;
  from_state: string | null;
  to_state: string | null;
  severity: Severity;
  asof: number;
  created_at: number;
  payload: string;
  idempotency_key: string;
  read_at: number | null;
  source: string;
}

function toEvent(row: EventRow): AlertEvent {
  const hasTransition = row.from_state !== null || row.to_state !== null;
  return {
    id: row.id,
    ruleId: row.rule_id,
    ticker: row.ticker,
    kind: row.kind,
    transition: hasTransition ? { from: row.from_state, to: row.to_state } : null,
    severity: row.severity,
    asof: row.asof,
    createdAt: row.created_at,
    payload: JSON.parse(row.payload) as JsonValue,
    idempotencyKey: row.idempotency_key,
    readAt: row.read_at,
    source: row.source,
  };
}

export function createAlertEventRepository(
  db: Database.Database,
  now: () => EpochMs,
  scope: SourceScope,
): AlertEventRepository {
  // An event records the data source whose snapshot raised it; lists show the active source's.
  const q = {
    insert: db
      .prepare(
        `INSERT INTO alert_events (rule_id, ticker, kind, from_state, to_state, severity, asof, created_at, payload, idempotency_key, source)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
      )
      .pluck(),
    byKey: db.prepare('SELECT * FROM alert_events WHERE idempotency_key = ?'),
    get: db.prepare('SELECT * FROM alert_events WHERE id = ?'),
  };

  function where(filter: z.output<typeof filterSchema>): { sql: string; args: unknown[] } {
    const clauses: string[] = [];
    const args: unknown[] = [];
    const add = (clause: string, ...values: unknown[]): void => {
      clauses.push(clause);
      args.push(...values);
    };
    add('source = ?', scope.id);
    const anyOf = (column: string, value: string | readonly string[]): void => {
      const values = typeof value === 'string' ? [value] : value;
      add(`${column} IN (${values.map(() => '?').join(', ') || 'NULL'})`, ...values);
    };
    if (filter.ticker !== undefined) add('ticker = ?', filter.ticker);
    if (filter.ruleId !== undefined) add('rule_id = ?', filter.ruleId);
    if (filter.kind !== undefined) anyOf('kind', filter.kind);
    if (filter.severity !== undefined) anyOf('severity', filter.severity);
    if (filter.from !== undefined) add('asof >= ?', filter.from);
    if (filter.to !== undefined) add('asof <= ?', filter.to);
    if (filter.unreadOnly) add('read_at IS NULL');
    return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', args };
  }

  function getEvent(id: number): AlertEvent | undefined {
    const row = q.get.get(parseInput(idSchema, id, 'event id')) as EventRow | undefined;
    return row ? toEvent(row) : undefined;
  }

  return {
    insertIfNew(raw) {
      const e = parseInput(inputSchema, raw, 'alert event');
      const payload = canonicalJson(e.payload ?? {});
      const id = q.insert.get(
        e.ruleId ?? null,
        e.ticker ?? null,
        e.kind,
        e.transition?.from ?? null,
        e.transition?.to ?? null,
        e.severity,
        e.asof,
        now(),
        payload,
        e.idempotencyKey,
        scope.id,
      ) as number | undefined;
      if (id !== undefined) return { inserted: true, event: getEvent(id) as AlertEvent };
      return { inserted: false, event: toEvent(q.byKey.get(e.idempotencyKey) as EventRow) };
    },

    get: getEvent,

    list(filter = {}) {
      const f = parseInput(filterSchema, filter, 'event filter');
      const { sql, args } = where(f);
      const rows = db
        .prepare(`SELECT * FROM alert_events ${sql} ORDER BY asof DESC, id DESC LIMIT ? OFFSET ?`)
        .all(...args, f.limit, f.offset);
      return (rows as EventRow[]).map(toEvent);
    },

    count(filter = {}) {
      const { sql, args } = where(parseInput(filterSchema, filter, 'event filter'));
      return db
        .prepare(`SELECT COUNT(*) FROM alert_events ${sql}`)
        .pluck()
        .get(...args) as number;
    },

    markRead(ids) {
      const list = parseInput(z.array(idSchema).max(100_000), ids, 'event ids');
      const update = db.prepare('UPDATE alert_events SET read_at = ? WHERE id = ? AND read_at IS NULL');
      return db.transaction(() => {
        const at = now();
        return list.reduce((changed, id) => changed + update.run(at, id).changes, 0);
      })();
    },

    markAllRead(filter = {}) {
      const f = parseInput(filterSchema, { ...filter, unreadOnly: true }, 'event filter');
      const { sql, args } = where(f);
      return db.prepare(`UPDATE alert_events SET read_at = ? ${sql}`).run(now(), ...args).changes;
    },
  };
}
