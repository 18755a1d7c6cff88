// How each command spells its market-clock flags. They differ for history's sake (and are
// documented as they are), but all go through the one parser (parseClockFlags in
// src/shared/clock-spec.ts) to the one ClockSpec, with the same messages.
import { parseClockFlags, type ClockFlagSpelling, type ClockSpec } from '../../shared/clock-spec.ts';

export const CLOCK_FLAGS = {
  /** `service --clock real|fast|data --speed N --at ISO` (--at freezes the clock). */
  service: { kinds: ['real', 'fast', 'data'], speed: 'speed', at: 'at' },
  /** `watch --clock real|fast|frozen --market-time ISO --speed N` on the simulator. */
  watch: { kinds: ['real', 'fast', 'frozen'], speed: 'speed', start: 'market-time' },
  /** `watch --chains DIR --clock real|data`: a folder runs on its data's clock or the wall clock. */
  watchChains: { kinds: ['real', 'data'], context: 'with --chains' },
  /** `start --clock real|fast --fast-start ISO --fast-speed N`. */
  start: {
    kinds: ['real', 'fast'],
    speed: 'fast-speed',
    start: 'fast-start',
    fastFlagsNeedFast: true,
  },
} as const satisfies Record<string, ClockFlagSpelling>;

/**
 * The market instants a command line accepts (--market-time, --at, --fast-start): 1970 to 2099.
 * Any ISO-8601 time parses, but the calendar, the simulator and the date formats downstream are
 * four-digit, post-epoch years; year 0 started and then failed with a stack trace on every poll.
 */
export const MARKET_TIME_RANGE = { min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) - 1 } as const;

/**
 * The clock a command's parsed flags (parseArgs `values`) ask for, or undefined when they choose
 * none. Throws an Error naming the flag at fault.
 */
export function clockFromFlags(
  values: object,
  spelling: ClockFlagSpelling,
  now: () => number = Date.now,
): ClockSpec | undefined {
  const flag = (name: string | undefined): string | undefined => {
    const v: unknown = name === undefined ? undefined : (values as Record<string, unknown>)[name];
    return typeof v === 'string' ? v : undefined;
  };
  const spec = parseClockFlags(
    {
      clock: flag('clock'),
      speed: flag(spelling.speed),
      start: flag(spelling.start),
      at: flag(spelling.at),
    },
    spelling,
    now,
  );
  // Here rather than in the shared parser: the instant the flags gave, not a clock's own "now".
  const instant = spec?.kind === 'frozen' ? spec.at : spec?.kind === 'fast' ? spec.start : undefined;
  if (instant !== undefined && (instant < MARKET_TIME_RANGE.min || instant > MARKET_TIME_RANGE.max)) {
    const name = spelling.at !== undefined && flag(spelling.at) !== undefined ? spelling.at : spelling.start;
    throw new Error(
      `--${name ?? 'market-time'} must be a time in 1970-2099, got '${flag(name) ?? new Date(instant).toISOString()}'`,
    );
  }
  return spec;
}
