// New York wall-clock moments for tests: at('2026-03-02', '10:09') is the instant (epoch ms) the
// market clock reads 10:09 on that date, daylight saving decided as the app decides it.
import { nyToEpoch } from '../../src/shared/market-calendar.ts';

/** Market time of a New York wall-clock moment, e.g. at('2025-03-10', '11:00'). */
export function at(date: string, hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return nyToEpoch(date, h * 60 + m);
}
