// The poll status (the Settings panel's last runs, share of 304s, errors, next run), built in one
// place (currentPollStatus, queries/poll-status.ts), published as the `poll:status` event,
// coalesced so that a burst of queue changes becomes one event (`poll:status` requests are
// answered with the same status).
import { messageOf } from '../../shared/message-of.ts';
import type { EventHub } from '../events/event-hub.ts';
import { currentPollStatus, type PollStatusSources } from '../queries/poll-status.ts';

export interface StatusPublisherOptions {
  events: EventHub;
  /** What to read, or null when there is nothing to publish (the store closed, no source yet). */
  sources(): PollStatusSources | null;
  log(message: string): void;
  /** How long a burst is gathered into one event (default 100 ms). */
  coalesceMs?: number;
}

export class StatusPublisher {
  readonly #o: StatusPublisherOptions;
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: StatusPublisherOptions) {
    this.#o = options;
  }

  /** A `poll:status` event soon, with the status as it is then. */
  emit(): void {
    if (this.#timer || this.#o.sources() === null) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      const sources = this.#o.sources();
      if (sources === null) return;
      try {
        this.#o.events.emit('poll:status', currentPollStatus(sources));
      } catch (error) {
        this.#o.log(`poll status: ${messageOf(error)}`);
      }
    }, this.#o.coalesceMs ?? 100);
    this.#timer.unref?.();
  }

  /** Drops the event pending, if any. */
  stop(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }
}
