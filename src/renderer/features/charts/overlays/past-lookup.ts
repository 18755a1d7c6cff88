// Finding the stored snapshot an overlay draws (overlay-times.ts says where to look): the ticker's
// timeline ('ticker:timeline', as the as-of picker and the history view read it) lists the
// instants stored in the session before; the nearest few are read as of their instant (the
// chart's own bridge call with an `at`) until one answers from inside that session. Nothing that
// fits is an answer too ("none"). Framework-free, so it is tested with a fake bridge.
import type { SnapshotEndpoint } from '../../../../shared/bridge/tickers.ts';
import { messageOf } from '../../../../shared/message-of.ts';
import type { BridgeClient } from '../../../lib/bridge-client.ts';
import {
  inWindow,
  nearestFirst,
  overlayWindow,
  type OverlayKey,
  type OverlayWindow,
} from './overlay-times.ts';

/** Stored instants tried, nearest first, before saying none fits (a timeline entry of another expiration). */
const TRIES = 3;

export type PastStatus = 'off' | 'loading' | 'ready' | 'none' | 'error';

export interface PastSnapshot<T> {
  status: PastStatus;
  /** The instant of the snapshot drawn (ready). */
  asof: string | null;
  /** The session looked in (YYYY-MM-DD). */
  session: string | null;
  value: T | null;
  error: string | null;
}

export const PAST_OFF = { status: 'off', asof: null, session: null, value: null, error: null } as const;

export interface PastLookup<T> {
  /** Timeline entries of this endpoint are the candidates. */
  endpoint: SnapshotEndpoint;
  /** The chart's data as stored at or before `at`, and the instant of the snapshot it came from. */
  fetch(
    bridge: BridgeClient,
    ticker: string,
    at: string,
    window: OverlayWindow,
  ): Promise<{ value: T | null; asof: string | null }>;
}

/** The overlay `key` of the snapshot shown at `shownAsof`: ready, none or error (never off or loading). */
export async function findPast<T>(
  bridge: BridgeClient,
  lookup: PastLookup<T>,
  ticker: string,
  shownAsof: string | null,
  key: OverlayKey,
): Promise<PastSnapshot<T>> {
  const shown = shownAsof ? Date.parse(shownAsof) : NaN;
  if (!ticker || !Number.isFinite(shown)) return { ...PAST_OFF, status: 'none' };
  const window = overlayWindow(shown, key);
  const none: PastSnapshot<T> = { ...PAST_OFF, status: 'none', session: window.session };
  try {
    const timeline = await bridge.invoke('ticker:timeline', {
      ticker,
      endpoints: [lookup.endpoint],
      from: new Date(window.from).toISOString(),
      to: new Date(window.to - 1).toISOString(),
      limit: 5000,
    });
    for (const at of nearestFirst(timeline.entries, window).slice(0, TRIES)) {
      const answer = await lookup.fetch(bridge, ticker, at, window);
      if (answer.value !== null && inWindow(answer.asof, window))
        return {
          status: 'ready',
          asof: answer.asof,
          session: window.session,
          value: answer.value,
          error: null,
        };
    }
    return none;
  } catch (error) {
    return { ...none, status: 'error', error: messageOf(error) };
  }
}
