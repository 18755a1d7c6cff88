// The buffer of level rules (flip, walls, σ levels, a custom price): a crossing counts only once
// spot is `pct` % of spot beyond the level on `snapshots` snapshots in a row, and the way back must
// clear the same band (hysteresis). Spot oscillating inside the band never changes the confirmed
// side, so it fires nothing; a snapshot inside the band breaks a run of snapshots beyond it.
//
// Pure: a function of one series' (spot, level) points over time, so live alerts and a backtest
// over stored snapshots (both through `evaluateCondition`) decide the same way.
import type { LevelBuffer } from '../../shared/alert-rules.ts';

export interface LevelPoint {
  asof: number;
  spot: number;
  level: number;
}

export type Zone = 'above' | 'below' | 'inside';

/** Where spot is against the level, with a band of `pct` % of spot either side of it. */
export function zoneOf(point: Pick<LevelPoint, 'spot' | 'level'>, pct: number): Zone {
  const band = (Math.abs(point.spot) * pct) / 100;
  const diff = point.spot - point.level;
  return diff > band ? 'above' : diff < -band ? 'below' : 'inside';
}

/** Spot's distance beyond the level in percent of spot: positive above, negative below. */
export function beyondPct(point: Pick<LevelPoint, 'spot' | 'level'>): number {
  return point.spot === 0 ? 0 : ((point.spot - point.level) / point.spot) * 100;
}

export interface BufferedCross {
  from: 'above' | 'below';
  to: 'above' | 'below';
  /** Snapshots beyond the band on the new side, up to and including the newest. */
  held: number;
  /** asof of the first snapshot of that run. */
  since: number;
}

/**
 * The crossing confirmed exactly at the last point, or null. `null` points (a payload without spot
 * or the level) are skipped: they neither confirm nor break a run. The first side seen beyond the
 * band is taken as settled (its start is before the window): a window that starts on one side
 * reports nothing until spot clears the band on the other.
 */
export function bufferedCrossAtLast(
  points: readonly (LevelPoint | null)[],
  buffer: LevelBuffer,
): BufferedCross | null {
  const seen = points.filter((p): p is LevelPoint => p !== null);
  let confirmed: 'above' | 'below' | null = null;
  type Run = { side: 'above' | 'below'; count: number; since: number };
  let run = null as Run | null;
  let result: BufferedCross | null = null;
  for (const point of seen) {
    result = null;
    const zone = zoneOf(point, buffer.pct);
    if (zone === 'inside') {
      run = null;
      continue;
    }
    run = run?.side === zone ? { ...run, count: run.count + 1 } : { side: zone, count: 1, since: point.asof };
    if (confirmed === null) {
      confirmed = zone;
      continue;
    }
    if (zone !== confirmed && run.count >= buffer.snapshots) {
      result = { from: confirmed, to: zone, held: run.count, since: run.since };
      confirmed = zone;
    }
  }
  return result;
}

/** "0.25 % beyond the flip for 2 snapshots in a row", the buffer in words (for the messages). */
export function bufferText(buffer: LevelBuffer, levelName: string): string {
  const parts: string[] = [];
  if (buffer.pct > 0) parts.push(`${buffer.pct}% beyond ${levelName}`);
  else parts.push(`beyond ${levelName}`);
  if (buffer.snapshots > 1) parts.push(`for ${buffer.snapshots} snapshots in a row`);
  return parts.join(' ');
}
