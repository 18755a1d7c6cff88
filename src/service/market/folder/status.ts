// What a chain folder reports about itself: the app's header badge ("chain files as of Sep 14 16:31
// ET"), the Settings page's problem list and `probeChainFolder` read it.
import { epochToNy } from '../../../shared/market-calendar.ts';

export interface FolderProblem {
  /** The file's name inside the folder (e.g. `spy_quotedata.csv`, `history/TSLA.csv`). */
  readonly file: string;
  readonly message: string;
}

/** Which "now" rankings and recency windows use: the newest snapshot in the folder, or the wall clock. */
export type ClockMode = 'data' | 'real';

export interface ChainFolderStatus {
  readonly dir: string;
  /** Chain files indexed and served. */
  readonly files: number;
  /** Tickers served, sorted. */
  readonly tickers: readonly string[];
  /** The newest snapshot instant in the folder (epoch ms), or null when there is none. */
  readonly newestSnapshot: number | null;
  readonly problems: readonly FolderProblem[];
  readonly clock: ClockMode;
}

export interface ChainFolderProbe {
  readonly ok: boolean;
  readonly message: string;
  readonly details: string[];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Sep 14 16:31 ET" (with the year when it is not the current one): how the badge and probe name a snapshot. */
export function describeSnapshotTime(epochMs: number, now: number = Date.now()): string {
  const { date, minutes } = epochToNy(epochMs);
  const [year, month, day] = date.split('-');
  const whole = Math.floor(minutes + 1e-9);
  const hhmm = `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
  const thisYear = epochToNy(now).date.slice(0, 4);
  return `${MONTHS[Number(month) - 1]} ${Number(day)}${year === thisYear ? '' : ` ${year}`} ${hhmm} ET`;
}
