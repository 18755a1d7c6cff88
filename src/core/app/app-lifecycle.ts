// The app's start and stop: what starts with it (polling, the compaction of stored bodies, thinning, the
// retry of failed deliveries, the check of the source's badge) and the order it all stops in,
// waiting for the work in flight and the deliveries before the store closes. Started once; a stop
// is final, and a second stop waits for the first.
import type { NotificationDispatcher } from '../notify/dispatcher.ts';
import type { Notifications } from '../notify/wiring.ts';
import type { InfoChanges } from '../source/info-changes.ts';
import type { CompactionSchedule } from '../store/compaction-schedule.ts';
import type { RetentionSchedule } from '../store/retention-schedule.ts';
import type { ActiveSource } from './active-source.ts';
import type { StatusPublisher } from './status-publisher.ts';

export interface AppLifecycleParts {
  active: Pick<ActiveSource, 'start' | 'pollNow' | 'settled' | 'stopPolling' | 'close'>;
  compaction: Pick<CompactionSchedule, 'start' | 'finish'>;
  retention: Pick<RetentionSchedule, 'start' | 'finish'>;
  notifications: Pick<Notifications, 'startRetries' | 'stopRetries'>;
  dispatcher: Pick<NotificationDispatcher, 'close'>;
  infoChanges: Pick<InfoChanges, 'start' | 'stop'>;
  status: Pick<StatusPublisher, 'stop'>;
  store: { close(): void };
  /** How often the badge and problems are checked for an `app:changed` event. */
  infoCheckMs: number;
}

export class AppLifecycle {
  readonly #p: AppLifecycleParts;
  #started = false;
  #stopped: Promise<void> | null = null;

  constructor(parts: AppLifecycleParts) {
    this.#p = parts;
  }

  /** The app is stopping or has stopped. */
  get stopping(): boolean {
    return this.#stopped !== null;
  }

  start(): void {
    const p = this.#p;
    if (this.#stopped || this.#started) return;
    this.#started = true;
    p.active.start();
    // Bodies a previous run left uncompressed (it was killed, or stopped in a hurry).
    p.compaction.start();
    // Thinning of old snapshots: a while after the start, then daily.
    p.retention.start();
    p.notifications.startRetries();
    // New chain files, a collector's error: the badge changes without a poll saying so.
    p.infoChanges.start(p.infoCheckMs);
    p.active.pollNow();
  }

  stop(): Promise<void> {
    const p = this.#p;
    this.#stopped ??= (async () => {
      await p.active.settled();
      p.notifications.stopRetries();
      p.infoChanges.stop();
      p.status.stop();
      p.retention.finish();
      await p.active.stopPolling();
      // Nothing should stay uncompressed for long: finish what the last runs left, within a bound.
      p.compaction.finish();
      await p.dispatcher.close();
      await p.active.close();
      p.store.close();
    })();
    return this.#stopped;
  }
}
