// Per-channel delivery of an alert event (desktop, each webhook, in-app): the notifier queues a
// row per channel and records each attempt, so a failed webhook is retried and the history shows
// what reached where.
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { notFound } from '../errors.ts';
import type { EpochMs } from '../time.ts';
import { parseInput } from '../validate.ts';

export const deliveryStates = ['pending', 'sent', 'failed', 'skipped'] as const;
export type DeliveryState = (typeof deliveryStates)[number];

export interface Delivery {
  eventId: number;
  /** e.g. `desktop`, `in_app`, `webhook:<id>`. */
  channel: string;
  state: DeliveryState;
  attempts: number;
  lastError: string | null;
  updatedAt: EpochMs;
}

export interface DeliveryRepository {
  /** Adds a pending row per channel; channels already queued for the event are left as they are. */
  queue(eventId: number, channels: readonly string[]): Delivery[];
  /** Records the outcome of an attempt (sent or failed count as attempts; skipped does not). */
  record(
    eventId: number,
    channel: string,
    outcome: { state: Exclude<DeliveryState, 'pending'>; error?: string },
  ): Delivery;
  forEvent(eventId: number): Delivery[];
  /** Pending rows, and failed rows with fewer than `maxAttempts` attempts: what to (re)try, oldest first. */
  due(options?: { maxAttempts?: number; limit?: number }): Delivery[];
}

const idSchema = z.number().int().positive();
const channelSchema = z.string().trim().min(1).max(200);
const outcomeSchema = z.object({
  state: z.enum(['sent', 'failed', 'skipped']),
  error: z.string().max(4000).optional(),
});

interface DeliveryRow {
  event_id: number;
  channel: string;
  state: DeliveryState;
  attempts: number;
  last_error: string | null;
  updated_at: number;
}

function toDelivery(row: DeliveryRow): Delivery {
  return {
    eventId: row.event_id,
    channel: row.channel,
    state: row.state,
    attempts: row.attempts,
    lastError: row.last_error,
    updatedAt: row.updated_at,
  };
}

export function createDeliveryRepository(db: Database.Database, now: () => EpochMs): DeliveryRepository {
  const q = {
    queue: db.prepare(
      `INSERT INTO alert_deliveries (event_id, channel, state, attempts, updated_at) VALUES (?, ?, 'pending', 0, ?)
       ON CONFLICT (event_id, channel) DO NOTHING`,
    ),
    record: db.prepare(
      `UPDATE alert_deliveries SET state = ?, attempts = attempts + ?, last_error = ?, updated_at = ?
       WHERE event_id = ? AND channel = ? RETURNING *`,
    ),
    forEvent: db.prepare('SELECT * FROM alert_deliveries WHERE event_id = ? ORDER BY channel'),
    eventExists: db.prepare('SELECT 1 FROM alert_events WHERE id = ?').pluck(),
    due: db.prepare(
      `SELECT * FROM alert_deliveries WHERE state = 'pending' OR (state = 'failed' AND attempts < ?)
       ORDER BY updated_at, event_id LIMIT ?`,
    ),
  };

  const forEvent = (eventId: number): Delivery[] =>
    (q.forEvent.all(eventId) as DeliveryRow[]).map(toDelivery);

  return {
    queue(eventId, channels) {
      const id = parseInput(idSchema, eventId, 'event id');
      const list = parseInput(z.array(channelSchema).max(100), channels, 'channels');
      return db.transaction(() => {
        if (q.eventExists.get(id) === undefined) throw notFound(`no alert event with id ${id}`);
        const at = now();
        for (const channel of list) q.queue.run(id, channel, at);
        return forEvent(id);
      })();
    },

    record(eventId, channel, outcome) {
      const id = parseInput(idSchema, eventId, 'event id');
      const name = parseInput(channelSchema, channel, 'channel');
      const o = parseInput(outcomeSchema, outcome, 'delivery outcome');
      const row = q.record.get(o.state, o.state === 'skipped' ? 0 : 1, o.error ?? null, now(), id, name) as
        DeliveryRow | undefined;
      if (!row) throw notFound(`no delivery of event ${id} to ${name} was queued`);
      return toDelivery(row);
    },

    forEvent(eventId) {
      return forEvent(parseInput(idSchema, eventId, 'event id'));
    },

    due(options = {}) {
      const maxAttempts = parseInput(
        z.number().int().min(1).max(100).default(5),
        options.maxAttempts,
        'maxAttempts',
      );
      const limit = parseInput(z.number().int().min(1).max(10_000).default(100), options.limit, 'limit');
      return (q.due.all(maxAttempts, limit) as DeliveryRow[]).map(toDelivery);
    },
  };
}
