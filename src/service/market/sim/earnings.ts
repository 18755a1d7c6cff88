// The simulated earnings calendar: stocks report once a quarter in the weeks after each quarter
// ends, each on its own usual slot of the season (a fixed offset per ticker plus a little jitter),
// at a usual time of day. ETFs never report. Dates depend only on (seed, ticker, quarter).
import type { EarningsEvent, EarningsTime } from '../../engine/types.ts';
import { nthWeekday, nyToEpoch, type IsoDate } from '../../../shared/market-calendar.ts';
import { dateOfDayNumber, dayNumber } from './listing.ts';
import { Rng } from './random.ts';
import type { SimTicker } from './universe.ts';

export interface SimEarnings extends EarningsEvent {
  /** When the news comes out: 08:00 (bmo), 12:00 (dmh) or 16:30 (amc) New York time, epoch ms. */
  readonly instant: number;
  /** The session whose opening gap carries the surprise (the next one after an amc report). */
  readonly reactionDate: IsoDate;
  /** Standard deviation of the surprise move, log-return. */
  readonly moveStd: number;
}

/** Usual size of an earnings move by kind of company. */
function moveStd(t: SimTicker): number {
  const byKind = t.kind === 'high_vol' ? 0.09 : t.kind === 'defensive' ? 0.032 : 0.05;
  return byKind * Math.sqrt(t.baseVol / (t.kind === 'high_vol' ? 0.6 : t.kind === 'defensive' ? 0.17 : 0.3));
}

const INSTANT_MINUTES: Record<EarningsTime, number> = { bmo: 8 * 60, dmh: 12 * 60, amc: 16 * 60 + 30 };

function shiftTradingDays(n: number, by: number, isTrading: (n: number) => boolean): number {
  let d = n;
  while (!isTrading(d)) d++;
  for (let k = 0; k < by; k++) {
    d++;
    while (!isTrading(d)) d++;
  }
  return d;
}

/**
 * Every earnings event of a ticker whose date falls in [fromYear, toYear], oldest first. Empty for
 * ETFs. `isTrading` is the NYSE calendar on day numbers.
 */
export function earningsSchedule(
  seed: number,
  t: SimTicker,
  fromYear: number,
  toYear: number,
  isTrading: (dayNumber: number) => boolean,
): SimEarnings[] {
  if (!t.earnings) return [];
  const slot = Rng.for(seed, t.ticker, 'earnings-slot');
  const offset = slot.int(22); // trading days after the season opens
  const roll = slot.float();
  const time: EarningsTime = roll < 0.45 ? 'bmo' : roll < 0.95 ? 'amc' : 'dmh';
  const std = moveStd(t);
  const out: SimEarnings[] = [];
  for (let year = fromYear; year <= toYear; year++) {
    for (const month of [1, 4, 7, 10]) {
      const jitter = Rng.for(seed, t.ticker, 'earnings', year, month).int(5) - 2;
      const seasonOpens = dayNumber(nthWeekday(year, month, 1, 2)); // second Monday
      const day = shiftTradingDays(seasonOpens, Math.max(0, offset + jitter), isTrading);
      const date = dateOfDayNumber(day);
      const reaction = time === 'amc' ? shiftTradingDays(day + 1, 0, isTrading) : day;
      out.push({
        date,
        time,
        instant: nyToEpoch(date, INSTANT_MINUTES[time]),
        reactionDate: dateOfDayNumber(reaction),
        moveStd: std,
      });
    }
  }
  return out;
}
