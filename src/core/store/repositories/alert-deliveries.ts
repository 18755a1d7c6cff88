// Per-channel delivery of an alert event (desktop, each webhook, in-app, Telegram, e-mail, Pushover): the notifier queues a
// row per channel and records each attempt, so a failed webhook is retried and the history shows
// what reached where.
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { notFound } from '../errors.ts';
import type { EpochMs } from '../time.ts';
import { parseInput } from '../validate.ts';

export const deliveryStates = ['pending', 'sent', 'failed', 'skipped'] as const;
export type DeliveryState = (typeof deliveryStates)[number];
export type QuietHoursMark = 'held' | 'passed';

export interface Delivery {
  eventId: number;
  /** e.g. `desktop`, `in_app`, `webhook:<id>`. */
  channel: string;
  state: DeliveryState;
  attempts: number;
  lastError: string | null;
  updatedAt: EpochMs;
  /** held: quiet hours kept it back; passed: a critical rule went through them; null: not in force. */
  quietHours: QuietHoursMark | null;
  /** The end of the digest window this delivery waits in (null: sent on its own). */
  digestUntil: EpochMs | null;
}

/** A channel to queue, with the quiet-hours mark the plan gave it. */
export interface QueuedChannel {
  channel: string;
  quietHours?: QuietHoursMark | null;
}

export interface DeliveryRepository {
  /** Adds a pending row per channel; channels already queued for the event are left as they are. */
  queue(eventId: number, channels: readonly (string | QueuedChannel)[]): Delivery[];
  /**
   * Records the outcome of a delivery: `attempts` is how many tries it took (default 1 for sent or
   * failed, 0 for skipped). One row per event and channel, however many tries.
   */
  record(
    eventId: number,
    channel: string,
    outcome: { state: Exclude<DeliveryState, 'pending'>; error?: string; attempts?: number },
  ): Delivery;
  /** Puts a pending delivery in the digest window ending at `until`. */
  holdForDigest(eventId: number, channel: string, until: EpochMs): Delivery;
  /** The end of a channel's digest window still open at `now` (pending rows waiting in it), or null. */
  openDigest(channel: string, now: EpochMs): EpochMs | null;
  /** The deliveries of one digest window still to send: pending, or failed below `maxAttempts`. */
  digestGroup(channel: string, until: EpochMs, maxAttempts: number): Delivery[];
  forEvent(eventId: number): Delivery[];
  /** Pending rows, and failed rows with fewer than `maxAttempts` attempts: what to (re)try, oldest first. */
  due(options?: { maxAttempts?: number; limit?: number }): Delivery[];
}

const idSchema = z.number().int().positive();
const channelSchema = z.string().trim().min(1).max(200);
const outcomeSchema = z.object({
  state: z.enum(['sent', 'failed', 'skipped']),
  error: z.string().max(4000).optional(),
  attempts: z.number().int().min(0).max(100).optional(),
});
const queuedSchema = z.union([
  channelSchema,
  z.object({ channel: channelSchema, quietHours: z.enum(['held', 'passed']).nullable().optional() }),
]);
const epochSchema = z.number().int().min(0);

interface DeliveryRow {
  event_id: number;
  channel: string;
  state: DeliveryState;
  attempts: number;
  last_error: string | null;
  updated_at: number;
  quiet_hours: QuietHoursMark | null;
  digest_until: number | null;
}

function toDelivery(row: DeliveryRow): Delivery {
  return {
    eventId: row.event_id,
    channel: row.channel,
    state: row.state,
    attempts: row.attempts,
    lastError: row.last_error,
    updatedAt: row.updated_at,
    quietHours: row.quiet_hours ?? null,
    digestUntil: row.digest_until ?? null,
  };
}

export function createDeliveryRepository(
  db: Database.Database,
  now: () => EpochMs,
  redactText: (text: string) => string,
): DeliveryRepository {
  const q = {
    queue: db.prepare(
      `INSERT INTO alert_deliveries (event_id, channel, state, attempts, updated_at, quiet_hours)
       VALUES (?, ?, 'pending', 0, ?, ?) ON CONFLICT (event_id, channel) DO NOTHING`,
    ),
    hold: db.prepare(
      `UPDATE alert_deliveries SET digest_until = ?, updated_at = ?
       WHERE event_id = ? AND channel = ? AND state = 'pending' RETURNING *`,
    ),
    openDigest: db
      .prepare(
        `SELECT MAX(digest_until) FROM alert_deliveries
         WHERE channel = ? AND state = 'pending' AND digest_until > ?`,
      )
      .pluck(),
    digestGroup: db.prepare(
      `SELECT * FROM alert_deliveries WHERE channel = ? AND digest_until = ?
       AND (state = 'pending' OR (state = 'failed' AND attempts < ?)) ORDER BY event_id DESC`,
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
      const list = parseInput(z.array(queuedSchema).max(100), channels, 'channels');
      return db.transaction(() => {
        if (q.eventExists.get(id) === undefined) throw notFound(`no alert event with id ${id}`);
        const at = now();
        for (const item of list) {
          if (typeof item === 'string') q.queue.run(id, item, at, null);
          else q.queue.run(id, item.channel, at, item.quietHours ?? null);
        }
        return forEvent(id);
      })();
    },

    record(eventId, channel, outcome) {
      const id = parseInput(idSchema, eventId, 'event id');
      const name = parseInput(channelSchema, channel, 'channel');
      const o = parseInput(outcomeSchema, outcome, 'delivery outcome');
      const attempts = o.attempts ?? (o.state === 'skipped' ? 0 : 1);
      const error = o.error === undefined ? null : redactText(o.error);
      const row = q.record.get(o.state, attempts, error, now(), id, name) as DeliveryRow | undefined;
      if (!row) throw notFound(`no delivery of event ${id} to ${name} was queued`);
      return toDelivery(row);
    },

    holdForDigest(eventId, channel, until) {
      const id = parseInput(idSchema, eventId, 'event id');
      const name = parseInput(channelSchema, channel, 'channel');
      const at = parseInput(epochSchema, until, 'digest end');
      const row = q.hold.get(at, now(), id, name) as DeliveryRow | undefined;
      if (!row) throw notFound(`no pending delivery of event ${id} to ${name}`);
      return toDelivery(row);
    },

    openDigest(channel, at) {
      const until = q.openDigest.get(parseInput(channelSchema, channel, 'channel'), at) as number | null;
      return typeof until === 'number' ? until : null;
    },

    digestGroup(channel, until, maxAttempts) {
      const name = parseInput(channelSchema, channel, 'channel');
      return (q.digestGroup.all(name, until, maxAttempts) as DeliveryRow[]).map(toDelivery);
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
