// One ticker's replay: the frames of a stored day or week (`replay:times`), the playhead (index,
// playing, speed) and the frame shown, as three curve resources and the levels the charts draw
// from. Frames arrive in batches (`replay:frames`) fetched ahead of the playhead, so playback does
// not wait on the bridge; a tick whose next frame is not here yet waits rather than skipping it.
// The timer lives in the component (replay-bar.svelte) and calls `tick()`.
import { messageOf } from '../../../shared/message-of.ts';
import { REPLAY_MAX_BATCH, type ReplayFrame, type ReplaySpan } from '../../../shared/bridge/replay.ts';
import type { ThinnedDay } from '../../../shared/bridge/history.ts';
import type { ZeroDteData } from '../../../shared/api/market-structure.ts';
import type { BridgeClient } from '../../lib/bridge-client.ts';
import type { CurveChoices, CurveFrame, CurveOf } from '../charts/curves/curve-frame.ts';
import { chartLevels, type MarkerLevels } from '../charts/frame/markers.ts';
import { withoutSettledZeroDte } from '../../../shared/zero-dte-levels.ts';
import { Resource } from '../../state/resource.svelte.ts';
import {
  framesAhead,
  framesToForget,
  framesToLoad,
  stepPlayhead,
  type Playhead,
  type PlayheadAction,
  type Speed,
} from './replay-model.ts';

/** Frames per call: half the bridge's bound, so the first frame shows quickly. */
const BATCH = Math.min(12, REPLAY_MAX_BATCH);
/** Frames kept in memory (~60 kB each for a liquid ticker). */
const KEEP = 120;

const DEFAULT_CHOICES: CurveChoices = { exp: 'combined', naive: false, gexExp: 'combined' };

export class ReplayState implements CurveFrame {
  #open = $state(false);
  #ticker = $state('');
  #span = $state<ReplaySpan>('day');
  #date = $state<string | null>(null);
  #days = $state.raw<string[]>([]);
  #times = $state.raw<string[]>([]);
  #total = $state(0);
  #truncated = $state(false);
  /** The span's sessions retention thinned. */
  #thinned = $state.raw<ThinnedDay[]>([]);
  #head = $state.raw<Playhead>({ index: 0, count: 0, playing: false });
  #speed = $state<Speed>(2);
  #levels = $state.raw<MarkerLevels>({});
  /** The shown frame's 0DTE figures: null when none ends that day, undefined when not recorded. */
  #zeroDte = $state.raw<ZeroDteData | null | undefined>(undefined);
  /** The frame whose data is on screen (null before the first arrives). */
  #shownAt = $state<string | null>(null);
  #framesError = $state<string | null>(null);
  #loadingFrames = $state(false);
  /** The frame list of the chosen span: loading, ready or failed. */
  readonly timeline = new Resource<null>();
  readonly gamma = new Resource<CurveOf<'gamma'>>();
  readonly expirations = new Resource<CurveOf<'gamma_expirations'>>();
  readonly gex = new Resource<CurveOf<'gex_by_strike'>>();

  // Bookkeeping, not displayed: plain collections on purpose.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  #cache = new Map<string, ReplayFrame>();
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  #inflight = new Set<string>();
  #choices: CurveChoices = DEFAULT_CHOICES;
  /** A pinned time the replay was opened from: its frame is the first one shown. */
  #startAt: number | null = null;
  /** Bumped whenever what is fetched changes (ticker, span, choices): older answers are dropped. */
  #generation = 0;
  readonly #bridge: BridgeClient;

  constructor(bridge: BridgeClient) {
    this.#bridge = bridge;
  }

  get open(): boolean {
    return this.#open;
  }
  get ticker(): string {
    return this.#ticker;
  }
  get span(): ReplaySpan {
    return this.#span;
  }
  get date(): string | null {
    return this.#date;
  }
  get days(): readonly string[] {
    return this.#days;
  }
  get times(): readonly string[] {
    return this.#times;
  }
  get total(): number {
    return this.#total;
  }
  get truncated(): boolean {
    return this.#truncated;
  }
  get thinned(): readonly ThinnedDay[] {
    return this.#thinned;
  }
  get index(): number {
    return this.#head.index;
  }
  get count(): number {
    return this.#head.count;
  }
  get playing(): boolean {
    return this.#head.playing;
  }
  get speed(): Speed {
    return this.#speed;
  }
  get levels(): MarkerLevels {
    return this.#levels;
  }
  get zeroDte(): ZeroDteData | null | undefined {
    return this.#zeroDte;
  }
  /** The instant of the frame on screen (null before the first arrives). */
  get shownAt(): string | null {
    return this.#shownAt;
  }
  /** The instant of the frame under the playhead. */
  get at(): string | null {
    return this.#times[this.#head.index] ?? null;
  }
  /** The playhead's frame is not here yet (the charts still show `shownAt`). */
  get waiting(): boolean {
    return this.at !== null && this.#shownAt !== this.at;
  }
  get loadingFrames(): boolean {
    return this.#loadingFrames;
  }
  get framesError(): string | null {
    return this.#framesError;
  }

  /** Opens the replay of a ticker on the day of `at` (a pinned time), or on its latest stored day. */
  start(ticker: string, at: string | null): void {
    this.#open = true;
    this.#ticker = ticker;
    this.#span = 'day';
    this.#date = at ? nyDate(at) : null;
    this.#startAt = at ? Date.parse(at) : null;
    this.#reload();
  }

  close(): void {
    if (!this.#open) return;
    this.#open = false;
    this.#head = { ...this.#head, playing: false };
    this.#generation += 1;
    this.#cache.clear();
    this.#inflight.clear();
    this.#loadingFrames = false;
  }

  setSpan(span: ReplaySpan): void {
    if (span === this.#span) return;
    this.#span = span;
    this.#reload();
  }

  setDate(date: string): void {
    if (date === this.#date) return;
    this.#date = date;
    this.#reload();
  }

  setSpeed(speed: Speed): void {
    this.#speed = speed;
    this.#preload();
  }

  /** The charts' curve choices: another expiration or view is another set of stored curves. */
  choose(choices: CurveChoices): void {
    const c = this.#choices;
    if (c.exp === choices.exp && c.naive === choices.naive && c.gexExp === choices.gexExp) return;
    this.#choices = { ...choices };
    if (!this.#open) return;
    this.#generation += 1;
    this.#cache.clear();
    this.#inflight.clear();
    this.#loadingFrames = false;
    this.#shownAt = null;
    this.#zeroDte = undefined;
    this.#show();
  }

  toggle(): void {
    this.#act({ type: 'toggle' });
  }
  pause(): void {
    this.#act({ type: 'pause' });
  }
  step(by: number): void {
    this.#act({ type: 'step', by });
  }
  seek(index: number): void {
    this.#act({ type: 'seek', index });
  }
  /** The component's timer: the next frame if it is here, else wait for it. */
  tick(): void {
    const next = this.#times[this.#head.index + 1];
    this.#act({ type: 'tick', nextReady: next !== undefined && this.#cache.has(next) });
  }

  /** Fetches the frames again after a failure. */
  retry(): void {
    this.#framesError = null;
    this.#show();
  }

  #act(action: PlayheadAction): void {
    const before = this.#head;
    const after = stepPlayhead(before, action);
    if (after.index === before.index && after.playing === before.playing && after.count === before.count)
      return;
    this.#head = after;
    if (after.index !== before.index || after.count !== before.count) this.#show();
  }

  /** The frame list of the span, then the first frame. */
  #reload(): void {
    const generation = ++this.#generation;
    this.#cache.clear();
    this.#inflight.clear();
    this.#loadingFrames = false;
    this.#shownAt = null;
    this.#zeroDte = undefined;
    this.#framesError = null;
    this.#head = { index: 0, count: 0, playing: false };
    const ticker = this.#ticker;
    const span = this.#span;
    const date = this.#date;
    void this.timeline.load(async () => {
      const answer = await this.#bridge.invoke('replay:times', {
        ticker,
        span,
        ...(date ? { date } : {}),
      });
      if (generation !== this.#generation) return null;
      this.#days = answer.days;
      this.#date = answer.date ?? date;
      this.#times = answer.times;
      this.#total = answer.total;
      this.#truncated = answer.truncated;
      this.#thinned = answer.thinned;
      const startAt = this.#startAt;
      this.#startAt = null;
      const index = startAt === null ? 0 : answer.times.findLastIndex((t) => Date.parse(t) <= startAt);
      this.#act({ type: 'load', count: answer.times.length, index: Math.max(0, index) });
      return null;
    });
  }

  /** Puts the playhead's frame on screen if it is here, and fetches what comes next. */
  #show(): void {
    const at = this.at;
    const frame = at ? this.#cache.get(at) : undefined;
    if (at && frame) this.#apply(frame);
    this.#forget();
    this.#preload();
  }

  #apply(frame: ReplayFrame): void {
    const ticker = this.#ticker;
    this.gamma.set({ ticker, kind: 'gamma', snapshot: frame.gamma.snapshot, data: frame.gamma.data });
    this.expirations.set({
      ticker,
      kind: 'gamma_expirations',
      snapshot: frame.expirations.snapshot,
      data: frame.expirations.data,
    });
    this.gex.set({ ticker, kind: 'gex_by_strike', snapshot: frame.gex.snapshot, data: frame.gex.data });
    // At the frame's instant, a settled expiration's 0DTE levels are not marked; the frame's own
    // time dates levels that do not name their expiration (a frame stands on its day's snapshots).
    const at = Date.parse(frame.at);
    const levels = frame.levels ? withoutSettledZeroDte(frame.levels, at, at).levels : null;
    this.#levels = chartLevels(frame.keyLevels, levels);
    this.#zeroDte = frame.zeroDte;
    this.#shownAt = frame.at;
  }

  #forget(): void {
    if (this.#cache.size <= KEEP) return;
    const loaded = [...this.#cache.keys()].map((t) => this.#times.indexOf(t));
    for (const i of framesToForget(loaded, this.#head.index, KEEP)) {
      const t = this.#times[i];
      if (t) this.#cache.delete(t);
    }
  }

  /** One batch at a time: the frame shown first, then those the next seconds of playback need. */
  #preload(): void {
    if (!this.#open || this.#inflight.size > 0 || this.#framesError) return;
    const times = this.#times;
    const wanted = framesToLoad(
      times.length,
      this.#head.index,
      (i) => {
        const t = times[i];
        return t === undefined || this.#cache.has(t) || this.#inflight.has(t);
      },
      framesAhead(this.#speed),
      BATCH,
    ).flatMap((i) => times[i] ?? []);
    if (wanted.length === 0) return;
    void this.#fetch(wanted);
  }

  async #fetch(times: string[]): Promise<void> {
    const generation = this.#generation;
    const c = this.#choices;
    for (const t of times) this.#inflight.add(t);
    this.#loadingFrames = true;
    try {
      const answer = await this.#bridge.invoke('replay:frames', {
        ticker: this.#ticker,
        times,
        gammaExp: c.exp,
        ...(c.naive ? { gammaView: 'naive' as const } : {}),
        gexExp: c.gexExp,
      });
      if (generation !== this.#generation) return;
      for (const frame of answer.frames) this.#cache.set(frame.at, frame);
    } catch (error) {
      if (generation !== this.#generation) return;
      this.#framesError = messageOf(error);
      this.#head = { ...this.#head, playing: false };
    } finally {
      if (generation === this.#generation) {
        for (const t of times) this.#inflight.delete(t);
        this.#loadingFrames = false;
      }
    }
    if (generation === this.#generation && !this.#framesError) this.#show();
  }
}

/** The New York date of an instant (YYYY-MM-DD). */
function nyDate(at: string): string | null {
  const ms = Date.parse(at);
  if (!Number.isFinite(ms)) return null;
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(ms);
}
