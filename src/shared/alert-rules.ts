// Alert rules are data: a condition, a scope, and how to deliver. The watcher core evaluates them
// on each new snapshot (src/core/alerts/); the renderer edits them. Both sides parse with these
// schemas, so a rule the editor can save is exactly a rule the engine can run.
//
// Storage mapping for the core: `name` and `enabled` are columns; everything else of
// AlertRuleInput (condition, scope, cooldownMinutes, quietHours, snoozeUntil, severity, channels)
// is the rule JSON, parsed with `alertRuleBodySchema`.
import { z } from 'zod';
import { messageTemplateSchema } from './alert-template.ts';
import {
  gammaRegimeSchema,
  incomeStrategySchema,
  incomeTierSchema,
  opportunityTierSchema,
  regimeLabelSchema,
  screenerPresetSchema,
} from './api/index.ts';
import { clockTimeSchema, idSchema, isoTimeSchema, nameSchema, tickerSchema } from './bridge/common.ts';
import { numericMetricKeySchema } from './bridge/api-payloads.ts';

export const SEVERITIES = ['info', 'warning', 'critical'] as const;
export const severitySchema = z.enum(SEVERITIES);
export type Severity = z.infer<typeof severitySchema>;

/** How a tier moved: any change, up the ladder (pass → low → moderate → high), down it, or into one tier. */
export const TIER_CHANGE_DIRECTIONS = ['any', 'upgrade', 'downgrade', 'to'] as const;
export const tierChangeDirectionSchema = z.enum(TIER_CHANGE_DIRECTIONS);
export type TierChangeDirection = z.infer<typeof tierChangeDirectionSchema>;

/** The ladder both opportunity and income tiers climb, lowest first. */
export const TIER_ORDER = ['pass', 'low', 'moderate', 'high'] as const;

/**
 * Price levels a level_cross rule watches. The flip and the 1σ levels come from market-structure
 * `key_levels`; the walls and max pain from the levels payload (kinds `call_wall`, `put_wall`,
 * `max_pain`), which every stored snapshot carries; `custom` is a fixed price the user types.
 */
/** Levels beyond the flip and the walls, read from the levels payload by their id (engine/more-levels.ts). */
export const LEVELS_BY_ID = [
  'abs_gamma_strike',
  'gex_positive_1',
  'gex_negative_1',
  'nearest_expiry_flip',
  'zero_dte_flip',
  'zero_dte_call_wall',
  'zero_dte_put_wall',
] as const;

/**
 * Levels on the index's future (SPX → ES, NDX → NQ, RUT → RTY), from the levels payload's
 * `futures_equivalent`: `future.<level id>` is that level + the basis, watched against spot + the
 * basis (the ES-equivalent price). The same basis moves both, so it fires when spot crosses the
 * index level; its words quote the future's figures. A ticker without a basis never fires.
 */
export const FUTURE_LEVELS = ['future.gamma_flip', 'future.call_wall', 'future.put_wall'] as const;
export type FutureLevel = (typeof FUTURE_LEVELS)[number];

/** The index level a futures level moves by the basis (`future.gamma_flip` → `gamma_flip`), or null. */
export function futureLevelBase(level: string): string | null {
  return (FUTURE_LEVELS as readonly string[]).includes(level) ? level.slice('future.'.length) : null;
}

export const CROSS_LEVELS = [
  'gamma_flip',
  'call_wall',
  'put_wall',
  'max_pain',
  'plus_1sigma_1d',
  'minus_1sigma_1d',
  'plus_1sigma_1w',
  'minus_1sigma_1w',
  ...LEVELS_BY_ID,
  ...FUTURE_LEVELS,
  'custom',
] as const;
export const crossLevelSchema = z.enum(CROSS_LEVELS);
export type CrossLevel = z.infer<typeof crossLevelSchema>;

export const CROSS_DIRECTIONS = ['up', 'down', 'any'] as const;

/** Lists that filter a transition's new value; empty or absent means any value. */
const filterList = <T extends z.ZodType>(item: T) => z.array(item).max(16).optional();

/**
 * How long a new label must hold before a regime or tier rule believes it: at least `snapshots`
 * consecutive snapshots AND at least `minutes` since it was first seen (both, so neither a burst
 * of fast polls nor one slow poll confirms a flicker). A label that flips back within the dwell
 * raises nothing. `{ snapshots: 1, minutes: 0 }` turns it off (fire on the first snapshot).
 */
export const dwellSchema = z.object({
  snapshots: z.number().int().min(1, 'at least 1 snapshot').max(20, 'at most 20 snapshots'),
  minutes: z.number().int().min(0, 'cannot be negative').max(240, 'at most 240 minutes'),
});
export type Dwell = z.infer<typeof dwellSchema>;
/** On by default: 2 snapshots and 15 minutes, enough to ignore a one-poll flicker. */
export const DEFAULT_DWELL: Dwell = { snapshots: 2, minutes: 15 };
const dwellField = dwellSchema.default(DEFAULT_DWELL);

const regimeChange = z.object({
  kind: z.literal('regime_change'),
  dwell: dwellField,
  /** Fire only when the new regime label is one of these. */
  to: filterList(regimeLabelSchema),
});

const tierFields = {
  dwell: dwellField,
  direction: tierChangeDirectionSchema,
  /** Required when direction is `to`: the tier entered. */
  tier: opportunityTierSchema.optional(),
};

const tierChange = z.object({ kind: z.literal('tier_change'), ...tierFields });

const incomeTierChange = z.object({
  kind: z.literal('income_tier_change'),
  dwell: dwellField,
  direction: tierChangeDirectionSchema,
  tier: incomeTierSchema.optional(),
  /** Only rows of this strategy; absent means either. */
  strategy: incomeStrategySchema.optional(),
});

/**
 * How far past a price level spot must be before a level rule believes it crossed: at least `pct`
 * percent of spot beyond the level, on `snapshots` snapshots in a row. The way back must clear the
 * same band (hysteresis), so spot oscillating inside the band fires nothing. Absent: no buffer
 * (spot changing sides between two snapshots is a crossing), as rules saved before it behave.
 */
export const levelBufferSchema = z.object({
  pct: z.number().min(0, 'cannot be negative').max(5, 'at most 5 %'),
  snapshots: z.number().int().min(1, 'at least 1 snapshot').max(20, 'at most 20 snapshots'),
});
export type LevelBuffer = z.infer<typeof levelBufferSchema>;
/** What the editor proposes for a new flip or level rule: 0.25 % of spot, 2 snapshots. */
export const DEFAULT_LEVEL_BUFFER: LevelBuffer = { pct: 0.25, snapshots: 2 };

/**
 * A gamma-regime rule's buffer: a new regime counts only on snapshots where spot is at least `pct`
 * percent of spot away from the flip (the dwell counts those snapshots); snapshots inside the band
 * neither confirm nor break a run, either way round.
 */
export const regimeBufferSchema = levelBufferSchema.pick({ pct: true });
export type RegimeBuffer = z.infer<typeof regimeBufferSchema>;

const gammaRegimeChange = z.object({
  kind: z.literal('gamma_regime_change'),
  dwell: dwellField,
  to: filterList(gammaRegimeSchema),
  buffer: regimeBufferSchema.optional(),
});

const screenerEnter = z.object({ kind: z.literal('screener_enter'), screener: screenerPresetSchema });
const screenerExit = z.object({ kind: z.literal('screener_exit'), screener: screenerPresetSchema });

const metricThreshold = z.object({
  kind: z.literal('metric_threshold'),
  /** A numeric key of the series metric catalog. */
  metric: numericMetricKeySchema,
  op: z.enum(['above', 'below']),
  value: z.number(),
  /**
   * In the metric's own units. After firing, the rule re-arms only once the value is back past
   * `value ∓ hysteresis`, so a value hovering at the threshold does not fire on every snapshot.
   */
  hysteresis: z.number().min(0).default(0),
});

const levelCross = z.object({
  kind: z.literal('level_cross'),
  level: crossLevelSchema,
  /** The price of a `custom` level, USD; ignored for the others. */
  price: z.number().positive('enter a price above 0').max(1_000_000).optional(),
  direction: z.enum(CROSS_DIRECTIONS).default('any'),
  buffer: levelBufferSchema.optional(),
});

const earningsApproaching = z.object({
  kind: z.literal('earnings_approaching'),
  /** Fire once when the next earnings date is this many calendar days away or fewer. */
  days: z.number().int().min(0).max(60),
});

export const alertConditionSchema = z
  .discriminatedUnion('kind', [
    regimeChange,
    tierChange,
    incomeTierChange,
    gammaRegimeChange,
    screenerEnter,
    screenerExit,
    metricThreshold,
    levelCross,
    earningsApproaching,
  ])
  .superRefine((condition, ctx) => {
    if (
      (condition.kind === 'tier_change' || condition.kind === 'income_tier_change') &&
      condition.direction === 'to' &&
      !condition.tier
    ) {
      ctx.addIssue({ code: 'custom', path: ['tier'], message: 'choose the tier to watch for' });
    }
    if (condition.kind === 'level_cross' && condition.level === 'custom' && condition.price === undefined) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'enter the price to watch' });
    }
  });
export type AlertCondition = z.infer<typeof alertConditionSchema>;
export type AlertKind = AlertCondition['kind'];
export const ALERT_KINDS = [
  'regime_change',
  'tier_change',
  'income_tier_change',
  'gamma_regime_change',
  'screener_enter',
  'screener_exit',
  'metric_threshold',
  'level_cross',
  'earnings_approaching',
] as const satisfies readonly AlertKind[];

export const alertScopeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ticker'), ticker: tickerSchema }),
  z.object({ kind: z.literal('watchlist'), watchlistId: idSchema }),
  z.object({ kind: z.literal('all') }),
]);
export type AlertScope = z.infer<typeof alertScopeSchema>;

/** A daily window (New York time) in which deliveries other than in-app are held back. May wrap midnight. */
export const quietHoursSchema = z.object({ start: clockTimeSchema, end: clockTimeSchema });
export type QuietHours = z.infer<typeof quietHoursSchema>;

export const alertChannelsSchema = z.object({
  desktop: z.boolean().default(true),
  inApp: z.boolean().default(true),
  /** Ids of webhooks configured in settings (`notifications.webhooks[].id`). */
  webhookIds: z.array(z.string().min(1)).max(16).default([]),
  /** The channels set up once in settings (`notifications.telegram` etc.). */
  telegram: z.boolean().default(false),
  email: z.boolean().default(false),
  pushover: z.boolean().default(false),
});
export type AlertChannels = z.infer<typeof alertChannelsSchema>;

const cooldownSchema = z
  .number()
  .int()
  .min(0)
  .max(7 * 24 * 60);

/** The rule JSON the store keeps (everything but the name and enabled columns). */
export const alertRuleBodySchema = z.object({
  condition: alertConditionSchema,
  scope: alertScopeSchema,
  /** Minimum minutes between two firings for the same ticker. */
  cooldownMinutes: cooldownSchema.default(60),
  quietHours: quietHoursSchema.nullable().default(null),
  /** While in the future, the rule is evaluated but fires nothing. */
  snoozeUntil: isoTimeSchema.nullable().default(null),
  severity: severitySchema.default('info'),
  channels: alertChannelsSchema.default({
    desktop: true,
    inApp: true,
    webhookIds: [],
    telegram: false,
    email: false,
    pushover: false,
  }),
  /**
   * Critical rules only: deliver through quiet hours (the rule's and the settings' window) instead
   * of holding. Refused on a rule of another severity (checked on the merged rule by the core).
   */
  passQuietHours: z.boolean().default(false),
  /** The rule's own wording for its messages; null: the built-in title and text. */
  template: messageTemplateSchema.nullable().default(null),
});
export type AlertRuleBody = z.infer<typeof alertRuleBodySchema>;

/** What `rules:create` takes. */
export const alertRuleInputSchema = alertRuleBodySchema.extend({
  name: nameSchema,
  enabled: z.boolean().default(true),
});
export type AlertRuleInput = z.input<typeof alertRuleInputSchema>;

/** A stored rule, as `rules:list` returns it. */
export const alertRuleSchema = alertRuleInputSchema.extend({
  id: idSchema,
  createdAt: isoTimeSchema,
  updatedAt: isoTimeSchema,
});
export type AlertRule = z.infer<typeof alertRuleSchema>;

/**
 * What `rules:update` takes: the id and the fields to replace. Built without defaults on purpose:
 * a default inside a partial would silently overwrite the fields the caller left out.
 */
export const alertRulePatchSchema = z.object({
  id: idSchema,
  patch: z
    .object({
      name: nameSchema,
      enabled: z.boolean(),
      condition: alertConditionSchema,
      scope: alertScopeSchema,
      cooldownMinutes: cooldownSchema,
      quietHours: quietHoursSchema.nullable(),
      snoozeUntil: isoTimeSchema.nullable(),
      severity: severitySchema,
      channels: alertChannelsSchema,
      passQuietHours: z.boolean(),
      template: messageTemplateSchema.nullable(),
    })
    .partial()
    .refine((p) => Object.keys(p).length > 0, 'nothing to update'),
});
export type AlertRulePatch = z.input<typeof alertRulePatchSchema>;
