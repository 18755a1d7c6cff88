// Matching a cron expression against New York wall time at minute resolution, for schedules that
// follow the market's clock rather than the wall's (a fast simulated clock, catching up after a
// sleep). node-cron parses and validates; plain numeric fields are matched here through the
// calendar's New York conversion (cheap enough to scan days of minutes), and the rarer tokens
// (L, W, #) fall back to node-cron's own matcher so both always agree.
import { createTask, parse, validate } from 'node-cron';
import { epochToNy, parseIsoDate, weekday } from '../../shared/market-calendar.ts';

export const NEW_YORK = 'America/New_York';

export interface CronMatcher {
  readonly expression: string;
  /** Whether the schedule fires in the New York minute containing `epochMs`. */
  matches(epochMs: number): boolean;
}

export class CronExpressionError extends Error {
  constructor(readonly expression: string) {
    super(`not a valid cron expression: '${expression}'`);
    this.name = 'CronExpressionError';
  }
}

export function cronMatcher(expression: string): CronMatcher {
  if (!validate(expression)) throw new CronExpressionError(expression);
  const fields = parse(expression);
  const numeric = (values: (number | string)[]): values is number[] =>
    values.every((v) => typeof v === 'number');
  if (numeric(fields.dayOfMonth) && numeric(fields.dayOfWeek)) {
    const minute = new Set(fields.minute);
    const hour = new Set(fields.hour);
    const dom = new Set(fields.dayOfMonth);
    const month = new Set(fields.month);
    const dow = new Set(fields.dayOfWeek.map((d) => d % 7));
    return {
      expression,
      matches(epochMs) {
        const ny = epochToNy(epochMs);
        const m = Math.floor(ny.minutes);
        if (!minute.has(m % 60) || !hour.has(Math.floor(m / 60))) return false;
        const { month: mo, day } = parseIsoDate(ny.date);
        return month.has(mo) && dom.has(day) && dow.has(weekday(ny.date));
      },
    };
  }
  const task = createTask(expression, () => undefined, { timezone: NEW_YORK });
  // Only its matcher is used; destroying it removes it from node-cron's registry of tasks.
  const matchAt = (ms: number) => task.match(new Date(ms));
  void task.destroy();
  return {
    expression,
    matches: (epochMs) => matchAt(Math.floor(epochMs / 60_000) * 60_000),
  };
}

/** How many times the schedule fired in the minutes (from, to], scanning at most `maxMinutes`. */
export function firesBetween(matcher: CronMatcher, from: number, to: number, maxMinutes = 3 * 1440): number {
  let count = 0;
  const first = Math.floor(from / 60_000) + 1;
  const last = Math.floor(to / 60_000);
  for (let minute = Math.max(first, last - maxMinutes + 1); minute <= last; minute++) {
    if (matcher.matches(minute * 60_000)) count++;
  }
  return count;
}
