// What the header badge says about the data on screen, and the problems worth showing beside it.
// Plain functions of the source's state, so every wording is one row of a table test.
import { describeSnapshotTime } from '../../service/index.ts';
import { epochToNy } from '../../shared/market-calendar.ts';

/** "14:05" in New York time. */
export function nyClockText(epochMs: number): string {
  const minutes = Math.floor(epochToNy(epochMs).minutes + 1e-9);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export type BadgeState =
  | { kind: 'local' }
  | { kind: 'remote'; host: string; simulated: boolean }
  /** `now` (wall clock): a snapshot of another year says its year. */
  | { kind: 'chains'; newestSnapshot: number | null; now: number }
  | { kind: 'tradier'; delayed: boolean; lastSuccessAt: number | null }
  /** `newestSnapshot`: Cboe's own timestamp of the newest chain kept (already 15 minutes old). */
  | { kind: 'cboe'; newestSnapshot: number | null };

export const SIMULATED_BADGE = 'SIMULATED DATA';

export function badgeText(state: BadgeState): string {
  switch (state.kind) {
    case 'local':
      return SIMULATED_BADGE;
    case 'remote':
      // Another Gammawatch's local service serves simulated payloads: say so, whatever the host.
      return state.simulated ? SIMULATED_BADGE : state.host;
    case 'chains':
      return state.newestSnapshot === null
        ? 'Chain folder: no files yet'
        : `Chain files as of ${describeSnapshotTime(state.newestSnapshot, state.now)}`;
    case 'tradier': {
      const base = `Tradier · ${state.delayed ? '15 min delayed' : 'real-time'}`;
      return state.lastSuccessAt === null ? base : `${base} · as of ${nyClockText(state.lastSuccessAt)} ET`;
    }
    case 'cboe': {
      const base = 'Cboe · 15 min delayed';
      return state.newestSnapshot === null
        ? `${base} · no chain yet`
        : `${base} · as of ${nyClockText(state.newestSnapshot)} ET`;
    }
  }
}

/** At most this many problems travel with every app:info; `source:problems` has them all. */
export const MAX_PROBLEMS = 10;

/**
 * Problems as lines, one per refused file or failing fetch: the collector's first, then the
 * folder's files, newest reported first. Every one, so the count a user sees is the number refused.
 */
export function problemLines(
  folder: readonly { file: string; message: string }[],
  collectorErrors: readonly string[],
): string[] {
  return [...collectorErrors, ...[...folder].reverse().map((p) => `${p.file}: ${p.message}`)];
}
