// The market clock, specified once. Every way of choosing a clock (the settings' data source, the
// flags of `service`, `watch` and `start`, the service's options) becomes one ClockSpec here; the
// service turns a spec into a running MarketClock (buildMarketClock in src/service/index.ts).
// Pure: no clock runs here, so the host, the core and the service can all share it.
import { z } from 'zod';
import type { DataSource } from './bridge/settings.ts';

/** Market milliseconds per real millisecond of a fast clock, unless told otherwise: a session in ~80 s. */
export const DEFAULT_FAST_SPEED = 300;
/** The bounds a command line accepts for a fast clock's speed. */
export const FAST_SPEED_RANGE = { min: 1, max: 100_000 } as const;

export const clockSpecSchema = z.discriminatedUnion('kind', [
  /** The wall clock. */
  z.strictObject({ kind: z.literal('real') }),
  /**
   * Accelerated: `speed`× from `start` (epoch ms). Absent: the open of the session under way
   * when the clock is built, or of the next one.
   */
  z.strictObject({
    kind: z.literal('fast'),
    speed: z.number().positive().finite(),
    start: z.number().finite().optional(),
  }),
  /** Stands still at `at` (epoch ms): a repeatable view of one instant. */
  z.strictObject({ kind: z.literal('frozen'), at: z.number().finite() }),
  /** A chain folder's own: "now" is its newest snapshot, so last week's files still rank. */
  z.strictObject({ kind: z.literal('data') }),
]);
export type ClockSpec = z.infer<typeof clockSpecSchema>;
export type ClockKind = ClockSpec['kind'];

/** A clock named by its kind alone, with that kind's defaults (the settings' and options' shorthand). */
export type ClockName = 'real' | 'fast' | 'data';

/**
 * The spec a clock name stands for: fast runs DEFAULT_FAST_SPEED× from the open of the session
 * under way when it is built, or of the next one (so choosing it shows the simulated market
 * trading a whole session at once; see fastClockStart in src/service/market/clock.ts).
 */
export function clockSpecOf(clock: ClockName | ClockSpec): ClockSpec {
  if (typeof clock !== 'string') return clock;
  return clock === 'fast' ? { kind: 'fast', speed: DEFAULT_FAST_SPEED } : { kind: clock };
}

/**
 * The clock a stored data-source setting asks for (the settings keep their own shape: a local
 * simulator's `real | fast`, a folder's `data | real`); a Tradier or Cboe folder runs on its data's clock,
 * a remote API on the wall clock.
 */
export function clockSpecOfSetting(source: DataSource): ClockSpec {
  switch (source.kind) {
    case 'local':
    case 'chains':
      return clockSpecOf(source.clock);
    case 'tradier':
    case 'cboe':
      return { kind: 'data' };
    case 'remote':
      return { kind: 'real' };
  }
}

/** The raw strings of a command's clock flags, under their meaning (each command spells them its own way). */
export interface ClockFlagValues {
  clock?: string | undefined;
  speed?: string | undefined;
  start?: string | undefined;
  at?: string | undefined;
}

/** How one command spells its clock flags. */
export interface ClockFlagSpelling {
  /** The values its `--clock` takes, in the order its messages list them. */
  kinds: readonly ClockKind[];
  /** Words naming the case in messages, e.g. "with --chains" ("--clock with --chains must be …"). */
  context?: string;
  /** The flag with a fast clock's speed (`--speed`, `--fast-speed`). */
  speed?: string;
  /** The flag with the instant a fast clock starts from, which a frozen one stays at. */
  start?: string;
  /** A flag that freezes the clock at an instant by itself, instead of `--clock` (`--at`). */
  at?: string;
  /**
   * Refuse the speed and start flags without `--clock fast` (`start` does); otherwise they are
   * checked and then left unused by a clock that does not read them.
   */
  fastFlagsNeedFast?: boolean;
}

const SPEED_PATTERN = /^-?\d+$/;

function listed(kinds: readonly string[]): string {
  return kinds.length <= 1 ? (kinds[0] ?? '') : `${kinds.slice(0, -1).join(', ')} or ${kinds.at(-1) ?? ''}`;
}

/** The zod schema of one command's clock flags: strings in, a ClockSpec (or none given) out. */
export function clockFlagsSchema(spelling: ClockFlagSpelling, now: () => number = Date.now) {
  const instant = (flag: string) =>
    z
      .string()
      .refine((raw) => Number.isFinite(Date.parse(raw)), {
        error: (issue) => `--${flag} must be an ISO-8601 time, got '${String(issue.input)}'`,
      })
      .transform((raw) => Date.parse(raw));
  const speed = (flag: string) =>
    z
      .string()
      .refine(
        (raw) =>
          SPEED_PATTERN.test(raw) &&
          Number(raw) >= FAST_SPEED_RANGE.min &&
          Number(raw) <= FAST_SPEED_RANGE.max,
        {
          error: (issue) =>
            `--${flag} must be an integer in ${FAST_SPEED_RANGE.min}-${FAST_SPEED_RANGE.max}, got '${String(issue.input)}'`,
        },
      )
      .transform(Number);
  const clockFlag = `--clock${spelling.context ? ` ${spelling.context}` : ''}`;
  return z
    .object({
      clock: z
        .string()
        .refine((raw) => (spelling.kinds as readonly string[]).includes(raw), {
          error: (issue) => `${clockFlag} must be ${listed(spelling.kinds)}, got '${String(issue.input)}'`,
        })
        .transform((raw) => raw as ClockKind)
        .optional(),
      // A flag the command does not have is never given (parseArgs refuses it).
      at: spelling.at ? instant(spelling.at).optional() : z.undefined().optional(),
      speed: spelling.speed ? speed(spelling.speed).optional() : z.undefined().optional(),
      start: spelling.start ? instant(spelling.start).optional() : z.undefined().optional(),
    })
    .superRefine((v, ctx) => {
      if (spelling.at && v.at !== undefined && v.clock !== undefined)
        ctx.addIssue({
          code: 'custom',
          message: `--${spelling.at} freezes the clock: give either --${spelling.at} or --clock, not both`,
        });
      if (
        spelling.fastFlagsNeedFast &&
        (v.speed !== undefined || v.start !== undefined) &&
        v.clock !== 'fast'
      ) {
        const flags = [spelling.start, spelling.speed].filter((f) => f !== undefined).map((f) => `--${f}`);
        ctx.addIssue({ code: 'custom', message: `${flags.join(' and ')} need --clock fast` });
      }
    })
    .transform((v): ClockSpec | undefined => {
      if (v.at !== undefined) return { kind: 'frozen', at: v.at };
      switch (v.clock) {
        case undefined:
          return undefined;
        case 'fast':
          return {
            kind: 'fast',
            speed: v.speed ?? DEFAULT_FAST_SPEED,
            ...(v.start !== undefined ? { start: v.start } : {}),
          };
        case 'frozen':
          return { kind: 'frozen', at: v.start ?? now() };
        default:
          return { kind: v.clock };
      }
    });
}

/**
 * One command's clock flags as a ClockSpec, or undefined when none chose a clock (the command's
 * default applies). Throws an Error with the first problem, worded for the command line.
 */
export function parseClockFlags(
  values: ClockFlagValues,
  spelling: ClockFlagSpelling,
  now: () => number = Date.now,
): ClockSpec | undefined {
  // Only the flags this command has: another's are not its business.
  const given = {
    clock: values.clock,
    ...(spelling.at ? { at: values.at } : {}),
    ...(spelling.speed ? { speed: values.speed } : {}),
    ...(spelling.start ? { start: values.start } : {}),
  };
  const parsed = clockFlagsSchema(spelling, now).safeParse(given);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'invalid clock options');
  return parsed.data;
}
