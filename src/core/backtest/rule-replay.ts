// The replay of one rule over stored snapshots (pure): the live engine's `evaluateSnapshot`, fed
// the series one snapshot at a time with an in-memory AlertContext that answers exactly what the
// store answers live at that moment:
// - prev: the snapshot before it in the series (live: the newest stored before it);
// - lastFiredAsof: the replay's own firings (live: the stored events);
// - sawValue (threshold hysteresis): the metric's values in the replayed snapshots of the ticker;
// - history (dwell): the snapshots before it, with the live limits (HISTORY_LIMIT, HISTORY_SPAN_MS);
// - wallNow: the snapshot's asof, so snooze and quiet hours follow the replayed time (quiet hours
//   only hold deliveries back: a firing in them still counts).
// Look-ahead is excluded by construction: evaluating a snapshot sees nothing after it.
import type { AlertSnapshot } from '../alerts/conditions.ts';
import {
  evaluateSnapshot,
  type ActiveRule,
  type AlertContext,
  type NewAlertEvent,
} from '../alerts/engine.ts';
import { number } from '../lib/payload-fields.ts';
import type { ChannelSettings } from '../alerts/policy.ts';
import { HISTORY_LIMIT, HISTORY_SPAN_MS } from '../store/alert-context.ts';

export interface ReplayOptions {
  rule: ActiveRule;
  channels: ChannelSettings;
  watchlistTickers(id: number): ReadonlySet<string>;
  /** Firings before this instant feed the cooldown and hysteresis but are not reported (warm-up). */
  reportFrom: number;
}

/** Snapshots of one series sorted by asof, one per asof (the first stored, as live ingest keeps). */
export function orderSeries(snapshots: readonly AlertSnapshot[]): AlertSnapshot[] {
  const sorted = [...snapshots].sort((a, b) => a.asof - b.asof);
  return sorted.filter((s, i) => i === 0 || s.asof !== (sorted[i - 1] as AlertSnapshot).asof);
}

/** The first index of `asofs` (ascending) whose value is above `t`. */
function firstAbove(asofs: readonly number[], t: number): number {
  let lo = 0;
  let hi = asofs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((asofs[mid] as number) <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface ReplayedFiring {
  event: NewAlertEvent;
  /** The snapshot that raised it (its price is the firing's). */
  snapshot: AlertSnapshot;
}

/**
 * A rule replayed over several series (each ordered by asof, see orderSeries); the events of the
 * snapshots at or after `reportFrom`, in the order the series were given and then by time.
 * Series are independent except through the rule's per-ticker memory, as live.
 */
export function replayRule(
  series: readonly (readonly AlertSnapshot[])[],
  options: ReplayOptions,
): ReplayedFiring[] {
  const fired = new Map<string, number>();
  const out: ReplayedFiring[] = [];
  for (const snapshots of series) {
    const asofs = snapshots.map((s) => s.asof);
    // Values of a metric in this series, by ticker, built on first use for threshold hysteresis.
    const values = new Map<string, (number | null)[]>();
    const valuesOf = (metric: string): (number | null)[] => {
      let v = values.get(metric);
      if (!v) {
        v = snapshots.map((s) => number(s.payload, metric));
        values.set(metric, v);
      }
      return v;
    };
    let index = 0;
    let wallNow = 0;
    const ctx: AlertContext = {
      rules: [options.rule],
      watchlistTickers: (id) => options.watchlistTickers(id),
      lastFiredAsof: (ruleId, ticker) => fired.get(`${ruleId}|${ticker}`) ?? null,
      sawValue(ticker, metric, after, until, test) {
        const curr = snapshots[index];
        if (!curr || curr.ticker !== ticker) return false;
        const v = valuesOf(metric);
        const start = after === null ? 0 : firstAbove(asofs, after);
        for (let i = start; i < snapshots.length && (asofs[i] as number) <= until; i++) {
          const x = v[i];
          if (x !== null && x !== undefined && test(x)) return true;
        }
        return false;
      },
      history(curr) {
        const i = snapshots[index] === curr ? index : snapshots.indexOf(curr);
        const earliest = curr.asof - HISTORY_SPAN_MS;
        let start = Math.max(0, i - HISTORY_LIMIT);
        while (start < i && (asofs[start] as number) < earliest) start++;
        return snapshots.slice(start, i);
      },
      channels: options.channels,
      get wallNow() {
        return wallNow;
      },
    };
    for (index = 0; index < snapshots.length; index++) {
      const curr = snapshots[index] as AlertSnapshot;
      wallNow = curr.asof;
      const prev = index > 0 ? (snapshots[index - 1] as AlertSnapshot) : null;
      for (const event of evaluateSnapshot(ctx, prev, curr)) {
        fired.set(`${event.ruleId}|${event.ticker}`, event.asof);
        if (event.asof >= options.reportFrom) out.push({ event, snapshot: curr });
      }
    }
  }
  return out;
}
