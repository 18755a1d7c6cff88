// Delivers alert events to their channels, off the ingest path. The ingest transaction queues a
// delivery row per channel; this picks rows up, calls the channel, and records the outcome. Each
// delivery is independent: a hanging webhook delays nothing but itself, and a failed one is
// retried later (bounded) from the rows the store keeps, across restarts too.
import type { AlertEvent } from '../../shared/bridge/alerts.ts';
import type { Delivery, DeliveryRepository } from '../store/repositories/alert-deliveries.ts';
import { errorText, type DeliveryOutcome, type NotificationChannel } from './channel.ts';
import { redactSecrets } from './redact.ts';

export interface DispatcherDeps {
  deliveries: DeliveryRepository;
  loadEvent(id: number): AlertEvent | null;
  /** The channel for a store channel name (`desktop`, `in_app`, `webhook:<id>`), from current settings. */
  channel(name: string): NotificationChannel | null;
  /** Attempts per channel before a failed delivery is left as failed. */
  maxAttempts?: number;
  onDelivered?(eventId: number): void;
  log?(message: string): void;
}

export class NotificationDispatcher {
  readonly #deps: DispatcherDeps;
  readonly #inFlight = new Map<string, Promise<void>>();
  readonly #abort = new AbortController();
  #closed = false;

  constructor(deps: DispatcherDeps) {
    this.#deps = deps;
  }

  /** Starts delivering the pending rows of these events; returns at once. */
  dispatch(eventIds: readonly number[]): void {
    for (const id of eventIds) {
      let rows: Delivery[];
      try {
        rows = this.#deps.deliveries.forEvent(id).filter((d) => d.state === 'pending');
      } catch (error) {
        this.#deps.log?.(`deliveries of event ${id}: ${redactSecrets(errorText(error))}`);
        continue;
      }
      this.#start(rows);
    }
  }

  /** Retries what is due (pending after a restart, failed below the attempt limit). */
  retryDue(): void {
    let rows: Delivery[];
    try {
      rows = this.#deps.deliveries.due({ maxAttempts: this.#deps.maxAttempts ?? 3, limit: 200 });
    } catch (error) {
      this.#deps.log?.(`due deliveries: ${redactSecrets(errorText(error))}`);
      return;
    }
    this.#start(rows);
  }

  /** Resolves once nothing is being delivered. */
  async idle(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight.values()]);
  }

  /** Stops taking work and waits for deliveries in flight (aborting them after `graceMs`). */
  async close(graceMs = 5_000): Promise<void> {
    this.#closed = true;
    const timer = setTimeout(() => this.#abort.abort(), graceMs);
    try {
      await this.idle();
    } finally {
      clearTimeout(timer);
    }
  }

  #start(rows: readonly Delivery[]): void {
    if (this.#closed) return;
    for (const row of rows) {
      const key = `${row.eventId}|${row.channel}`;
      if (this.#inFlight.has(key)) continue;
      const work = this.#deliver(row).finally(() => this.#inFlight.delete(key));
      this.#inFlight.set(key, work);
    }
  }

  async #deliver(row: Delivery): Promise<void> {
    let outcome: DeliveryOutcome;
    const event = this.#safe(() => this.#deps.loadEvent(row.eventId));
    const channel = this.#safe(() => this.#deps.channel(row.channel));
    if (!event) outcome = { state: 'skipped', attempts: 0, reason: 'event no longer exists' };
    else if (!channel)
      outcome = { state: 'skipped', attempts: 0, reason: `channel ${row.channel} is not configured` };
    else {
      try {
        outcome = await channel.deliver(event, this.#abort.signal);
      } catch (error) {
        outcome = { state: 'failed', attempts: 1, error: errorText(error) };
      }
    }
    // Stored and shown in the app: a URL in it loses its credentials and query values, whichever
    // channel wrote it.
    const raw =
      outcome.state === 'failed' ? outcome.error : outcome.state === 'skipped' ? outcome.reason : undefined;
    const error = raw === undefined ? undefined : redactSecrets(raw);
    try {
      this.#deps.deliveries.record(
        row.eventId,
        row.channel,
        error === undefined ? { state: outcome.state } : { state: outcome.state, error },
      );
      this.#deps.onDelivered?.(row.eventId);
    } catch (e) {
      this.#deps.log?.(`recording delivery ${row.eventId}/${row.channel}: ${redactSecrets(errorText(e))}`);
    }
  }

  #safe<T>(fn: () => T): T | null {
    try {
      return fn();
    } catch (error) {
      this.#deps.log?.(redactSecrets(errorText(error)));
      return null;
    }
  }
}
