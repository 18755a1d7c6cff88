// Delivers alert events to their channels, off the ingest path. The ingest transaction queues a
// delivery row per channel; this picks rows up, calls the channel, and records the outcome. Each
// delivery is independent: a hanging webhook delays nothing but itself, and a failed one is
// retried later (bounded) from the rows the store keeps, across restarts too.
//
// Digests: a channel with a digest window holds its deliveries instead. The first one opens a
// window (now + the channel's minutes), later ones join it, and when it ends one message stands
// for them all; every row of the window records that message's outcome. The window's end is on
// each row (digest_until), so a window that ends while the app is closed goes out at the restart.
import type { AlertEvent } from '../../shared/bridge/alerts.ts';
import { realTimers, type Timers } from '../lib/timers.ts';
import type { Delivery, DeliveryRepository } from '../store/repositories/alert-deliveries.ts';
import { errorText, type DeliveryOutcome, type NotificationChannel } from './channel.ts';
import type { OutgoingEvent } from './outgoing.ts';
import { redactSecrets } from './url-redaction.ts';
import { digestEvent } from './templated.ts';

export interface DispatcherDeps {
  deliveries: DeliveryRepository;
  loadEvent(id: number): AlertEvent | null;
  /** The channel for a store channel name (`desktop`, `in_app`, `webhook:<id>`), from current settings. */
  channel(name: string): NotificationChannel | null;
  /** The event as an outward channel sends it (its figures, the rule's template); default: as stored. */
  outgoing?(event: AlertEvent): OutgoingEvent;
  /** Minutes of a channel's digest window (0 or absent: each event on its own). */
  digestMinutes?(channel: string): number;
  /** The clock and timers digest windows run on (the app's, so tests advance them). */
  timers?: Timers;
  /** Attempts per channel before a failed delivery is left as failed. */
  maxAttempts?: number;
  onDelivered?(eventId: number): void;
  log?(message: string): void;
}

export class NotificationDispatcher {
  readonly #deps: DispatcherDeps;
  readonly #inFlight = new Map<string, Promise<void>>();
  readonly #abort = new AbortController();
  /** Digest windows waiting for their end, by `channel|until`: cancels the timer. */
  readonly #windows = new Map<string, () => void>();
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
    for (const cancel of this.#windows.values()) cancel();
    this.#windows.clear();
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
      if (row.digestUntil !== null) {
        this.#awaitWindow(row.channel, row.digestUntil);
        continue;
      }
      const minutes = row.state === 'pending' ? this.#digestMinutes(row.channel) : 0;
      if (minutes > 0) {
        this.#hold(row, minutes);
        continue;
      }
      const key = `${row.eventId}|${row.channel}`;
      this.#track(key, () => this.#deliver(row));
    }
  }

  #track(key: string, run: () => Promise<void>): void {
    if (this.#inFlight.has(key)) return;
    const work = run().finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, work);
  }

  #digestMinutes(channel: string): number {
    return channel === 'in_app' ? 0 : (this.#safe(() => this.#deps.digestMinutes?.(channel) ?? 0) ?? 0);
  }

  get #timers(): Timers {
    return this.#deps.timers ?? realTimers;
  }

  /** Puts a pending row into its channel's open window, or opens one. */
  #hold(row: Delivery, minutes: number): void {
    const until = this.#safe(() => {
      const now = this.#timers.now();
      const end = this.#deps.deliveries.openDigest(row.channel, now) ?? now + minutes * 60_000;
      this.#deps.deliveries.holdForDigest(row.eventId, row.channel, end);
      return end;
    });
    if (until !== null) this.#awaitWindow(row.channel, until);
  }

  /** Sends a window's digest when it ends (at once if it already has). */
  #awaitWindow(channel: string, until: number): void {
    const key = `${channel}|${until}`;
    if (this.#windows.has(key) || this.#inFlight.has(`digest|${key}`)) return;
    const fire = (): void => {
      this.#windows.delete(key);
      if (!this.#closed) this.#track(`digest|${key}`, () => this.#deliverDigest(channel, until));
    };
    const wait = until - this.#timers.now();
    if (wait <= 0) {
      fire();
      return;
    }
    this.#windows.set(key, this.#timers.setTimeout(fire, wait));
  }

  async #deliver(row: Delivery): Promise<void> {
    const event = this.#safe(() => this.#deps.loadEvent(row.eventId));
    const outcome = await this.#send(row.channel, event ? this.#outward(row.channel, event) : null);
    this.#record([row], outcome);
  }

  async #deliverDigest(channel: string, until: number): Promise<void> {
    const rows =
      this.#safe(() => this.#deps.deliveries.digestGroup(channel, until, this.#deps.maxAttempts ?? 3)) ?? [];
    if (rows.length === 0) return;
    const events: OutgoingEvent[] = [];
    for (const row of rows) {
      const event = this.#safe(() => this.#deps.loadEvent(row.eventId));
      if (event) events.push(this.#outward(channel, event));
    }
    // A window that caught a single event sends it as it is, not as a digest of one.
    const message = events.length <= 1 ? (events[0] ?? null) : digestEvent(events);
    this.#record(rows, await this.#send(channel, message));
  }

  #outward(channel: string, event: AlertEvent): OutgoingEvent {
    if (channel === 'in_app' || !this.#deps.outgoing) return event;
    return this.#safe(() => this.#deps.outgoing?.(event) ?? event) ?? event;
  }

  async #send(name: string, event: OutgoingEvent | null): Promise<DeliveryOutcome> {
    const channel = this.#safe(() => this.#deps.channel(name));
    if (!event) return { state: 'skipped', attempts: 0, reason: 'event no longer exists' };
    if (!channel) return { state: 'skipped', attempts: 0, reason: `channel ${name} is not configured` };
    try {
      return await channel.deliver(event, this.#abort.signal);
    } catch (error) {
      return { state: 'failed', attempts: 1, error: errorText(error) };
    }
  }

  /** One outcome for each row (a digest's rows share its message's), attempts as the channel counted. */
  #record(rows: readonly Delivery[], outcome: DeliveryOutcome): void {
    // Stored and shown in the app: a URL in it loses its credentials and query values, whichever
    // channel wrote it.
    const raw =
      outcome.state === 'failed' ? outcome.error : outcome.state === 'skipped' ? outcome.reason : undefined;
    const error = raw === undefined ? undefined : redactSecrets(raw);
    const attempts = outcome.state === 'skipped' ? 0 : Math.max(1, outcome.attempts);
    for (const row of rows) {
      try {
        this.#deps.deliveries.record(
          row.eventId,
          row.channel,
          error === undefined
            ? { state: outcome.state, attempts }
            : { state: outcome.state, error, attempts },
        );
        this.#deps.onDelivered?.(row.eventId);
      } catch (e) {
        this.#deps.log?.(`recording delivery ${row.eventId}/${row.channel}: ${redactSecrets(errorText(e))}`);
      }
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
