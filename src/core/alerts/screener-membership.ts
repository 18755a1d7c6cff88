// Screener membership, remembered: a ticker "enters" a screener once and stays a member until a
// snapshot of that screener taken while the market is open no longer lists it ("left"). Closed
// hours are not news: an empty or thinned screener while the market is shut, a poll that failed,
// a restart (the membership is in SQLite) or a switch of data source and back (it is kept per
// source) changes nothing, so the next session's list does not make every member "enter" again.
//
// Pure apart from the `MembershipStore` the caller hands in: the store's table live, a map in a
// backtest (see `memoryMembership`), so both decide the same way.
import { isMarketOpen } from '../../shared/market-calendar.ts';
import type { AlertSnapshot } from './conditions.ts';
import { itemTickers } from '../lib/payload-fields.ts';

export interface MembershipStore {
  /** The remembered members of a screener and the asof they are from; null: never applied. */
  get(screener: string): { members: readonly string[]; asof: number } | null;
  put(screener: string, members: readonly string[], asof: number): void;
}

export interface MembershipChange {
  screener: string;
  entered: string[];
  left: string[];
}

/** An in-memory MembershipStore (a backtest, a test): lives as long as the object. */
export function memoryMembership(): MembershipStore {
  const rows = new Map<string, { members: readonly string[]; asof: number }>();
  return {
    get: (screener) => rows.get(screener) ?? null,
    put: (screener, members, asof) => rows.set(screener, { members: [...members], asof }),
  };
}

/** Whether a snapshot's list is the screener's word on who is NOT in it: taken while open. */
const authoritative = (snapshot: AlertSnapshot): boolean => isMarketOpen(snapshot.asof);

/**
 * What the members were before `curr` when nothing is remembered: the newest earlier snapshot
 * taken while the market was open, else the newest with a list, else none (a first look).
 */
function seedOf(earlier: readonly AlertSnapshot[]): { members: Set<string>; asof: number } | null {
  for (const want of [authoritative, () => true]) {
    for (let i = earlier.length - 1; i >= 0; i--) {
      const s = earlier[i] as AlertSnapshot;
      const tickers = itemTickers(s.payload);
      if (tickers && want(s)) return { members: tickers, asof: s.asof };
    }
  }
  return null;
}

/**
 * Applies a new screener snapshot to the remembered membership and returns who entered and who
 * left; null when the snapshot says nothing (no list, older than what was applied). `earlier` is
 * the series before `curr`, oldest first (prev last), used only when nothing is remembered, or
 * when what is remembered is older than prev (no screener rule was on meanwhile: those changes are
 * history, not news).
 */
export function applyScreenerSnapshot(
  store: MembershipStore,
  screener: string,
  earlier: readonly AlertSnapshot[],
  curr: AlertSnapshot,
): MembershipChange | null {
  const listed = itemTickers(curr.payload);
  if (!listed) return null;
  const prev = earlier.at(-1);
  let known: { members: Set<string>; asof: number } | null = null;
  const stored = store.get(screener);
  if (stored && !(prev && stored.asof < prev.asof))
    known = { members: new Set(stored.members), asof: stored.asof };
  else known = seedOf(earlier);
  if (known && curr.asof <= known.asof) return null;
  if (!known) {
    // A first look is not a change.
    store.put(screener, [...listed], curr.asof);
    return { screener, entered: [], left: [] };
  }
  const entered = [...listed].filter((t) => !known.members.has(t)).sort();
  const left = authoritative(curr) ? [...known.members].filter((t) => !listed.has(t)).sort() : [];
  const members = new Set([...known.members, ...listed]);
  for (const t of left) members.delete(t);
  store.put(screener, [...members], curr.asof);
  return { screener, entered, left };
}
