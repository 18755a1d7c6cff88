// The replay's rules, without Svelte or the bridge: how the playhead moves (play, pause, step,
// seek, the timer's tick), which frames to fetch ahead of it and which to forget, and how a frame,
// a day and a cap read. The state module applies these; the tests read them as tables.
import type { ThinnedDay } from '../../../shared/bridge/history.ts';

/** Frames per second a user can pick. */
export const SPEEDS = [1, 2, 5, 10] as const;
export type Speed = (typeof SPEEDS)[number];

export interface Playhead {
  /** 0-based frame shown. */
  index: number;
  /** Frames in the replay. */
  count: number;
  playing: boolean;
}

export type PlayheadAction =
  | { type: 'load'; count: number; index?: number }
  | { type: 'toggle' }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'step'; by: number }
  | { type: 'seek'; index: number }
  /** The timer fired; `nextReady` says whether the next frame's data is here (else wait for it). */
  | { type: 'tick'; nextReady: boolean };

const clampIndex = (index: number, count: number): number =>
  count <= 0 || !Number.isFinite(index) ? 0 : Math.min(Math.max(Math.trunc(index), 0), count - 1);

/**
 * The playhead after an action. Stepping or seeking pauses (the user took over); playing from the
 * last frame starts again from the first; the tick stops on the last frame, and waits (same frame,
 * still playing) while the next frame is still loading, so playback never skips a frame.
 */
export function stepPlayhead(p: Playhead, action: PlayheadAction): Playhead {
  switch (action.type) {
    case 'load':
      return { index: clampIndex(action.index ?? 0, action.count), count: action.count, playing: false };
    case 'toggle':
      return stepPlayhead(p, { type: p.playing ? 'pause' : 'play' });
    case 'play':
      if (p.count <= 1) return { ...p, playing: false };
      return { ...p, index: p.index >= p.count - 1 ? 0 : p.index, playing: true };
    case 'pause':
      return { ...p, playing: false };
    case 'step':
      return { ...p, index: clampIndex(p.index + action.by, p.count), playing: false };
    case 'seek':
      return { ...p, index: clampIndex(action.index, p.count), playing: false };
    case 'tick': {
      if (!p.playing) return p;
      if (p.index >= p.count - 1) return { ...p, playing: false };
      if (!action.nextReady) return p;
      const index = p.index + 1;
      return { ...p, index, playing: index < p.count - 1 };
    }
  }
}

/** Milliseconds between two frames at a speed. */
export function frameInterval(speed: number): number {
  return Math.round(1000 / Math.max(speed, 0.1));
}

/** How many frames to hold ready ahead of the playhead: four seconds of playback, at least 6. */
export function framesAhead(speed: number): number {
  return Math.max(6, Math.ceil(speed * 4));
}

/**
 * The frames to fetch next, in playing order: the one shown first, then those after it up to
 * `ahead`, skipping what is loaded or on its way, at most `batch` of them.
 */
export function framesToLoad(
  count: number,
  index: number,
  known: (i: number) => boolean,
  ahead: number,
  batch: number,
): number[] {
  const out: number[] = [];
  const last = Math.min(count - 1, index + ahead);
  for (let i = Math.max(0, index); i <= last && out.length < batch; i++) if (!known(i)) out.push(i);
  return out;
}

/**
 * Loaded frames to forget so at most `keep` stay: the farthest from the playhead first (a frame
 * holds three whole curves, and a week has hundreds of frames).
 */
export function framesToForget(loaded: readonly number[], index: number, keep: number): number[] {
  if (loaded.length <= keep) return [];
  return [...loaded]
    .sort((a, b) => Math.abs(b - index) - Math.abs(a - index) || b - a)
    .slice(0, loaded.length - keep);
}

const NY = 'America/New_York';
const frameParts = new Intl.DateTimeFormat('en-US', {
  timeZone: NY,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const dayParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});

function parts(format: Intl.DateTimeFormat, ms: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of format.formatToParts(ms)) out[part.type] = part.value;
  return out;
}

/** A frame as traders read it: "Tue 24 Nov 10:30 ET · 12 / 78" (1-based). */
export function frameLabel(at: string | null | undefined, index: number, count: number): string {
  const ms = at ? Date.parse(at) : NaN;
  if (!Number.isFinite(ms) || count <= 0) return 'No frames';
  const p = parts(frameParts, ms);
  return `${p.weekday} ${p.day} ${p.month} ${p.hour}:${p.minute} ET · ${index + 1} / ${count}`;
}

/** A New York date (YYYY-MM-DD) as "Tue 24 Nov", or "Tue 24 Nov 2026" with its year. */
export function dayLabel(date: string, withYear = false): string {
  const ms = Date.parse(`${date}T12:00:00Z`);
  if (!Number.isFinite(ms)) return date;
  const p = parts(dayParts, ms);
  return `${p.weekday} ${p.day} ${p.month}${withYear ? ` ${date.slice(0, 4)}` : ''}`;
}

/** The Monday of a date's week (YYYY-MM-DD). */
export function mondayOf(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  if (!Number.isFinite(d.getTime())) return date;
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

export interface SpanChoice {
  /** The date to ask for: the day itself, or the Monday of the week. */
  date: string;
  label: string;
}

/** What the date picker offers: each stored day, or each week holding one ("Week of Mon 23 Nov"). */
export function spanChoices(span: 'day' | 'week', days: readonly string[], withYear = false): SpanChoice[] {
  if (span === 'day') return days.map((date) => ({ date, label: dayLabel(date, withYear) }));
  const weeks = [...new Set(days.map(mondayOf))];
  return weeks.map((date) => ({ date, label: `Week of ${dayLabel(date, withYear)}` }));
}

/** The sentence under the controls when a span had more snapshots than the replay shows. */
/** How a thinned session is said: what it keeps. */
export function thinnedLevelText(level: ThinnedDay['level']): string {
  return level === 'close' ? 'its close only' : 'one snapshot per 15 minutes';
}

/**
 * What the span's thinned sessions keep, when any: retention thinned them, so fewer frames than
 * were polled is not a gap of the watcher.
 */
export function thinnedNote(span: 'day' | 'week', thinned: readonly ThinnedDay[]): string | null {
  if (thinned.length === 0) return null;
  const [only] = thinned;
  if (span === 'day' && thinned.length === 1 && only)
    return `This day was thinned to ${thinnedLevelText(only.level)} (retention, Settings → Data).`;
  const days = thinned.map((d) => `${d.day} (${thinnedLevelText(d.level)})`).join(', ');
  return `Thinned by retention (Settings → Data): ${days}.`;
}

export function capNote(span: 'day' | 'week', total: number, shown: number): string | null {
  if (total <= shown || shown <= 0) return null;
  const every = Math.round(total / shown);
  return `This ${span} has ${total.toLocaleString('en-US')} stored snapshots: ${shown.toLocaleString('en-US')} of them, about every ${ordinal(every)}, are replayed.`;
}

function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;
}
