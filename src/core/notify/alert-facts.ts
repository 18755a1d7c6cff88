// An alert's figures as a receiver parses them, from the details the alerts engine stored with the
// event (alerts/level-cross.ts, alerts/conditions.ts) and the ticker's signals snapshot: the level
// a level-cross rule watches, the figure the rule looked at now and before, and spot. The generic
// webhook sends them as fields; a webhook's body template and a rule's message template fill
// placeholders from them.
import { CROSS_LEVELS, type CrossLevel } from '../../shared/alert-rules.ts';
import { levelText } from '../../shared/alert-labels.ts';
import type { AlertEvent } from '../../shared/bridge/alerts.ts';
import { number, record, text } from '../lib/payload-fields.ts';

export interface AlertLevel {
  /** The rule's level, e.g. `gamma_flip`, `call_wall`, `custom`. */
  name: string;
  /** For people: "gamma flip", "call wall", "640.00" for a price of the rule's own. */
  label: string;
  /** Its price when the alert fired, and at the snapshot before. */
  value: number | null;
  previous: number | null;
}

export interface AlertFacts {
  /** The level a level_cross rule watches; null for every other kind of rule. */
  level: AlertLevel | null;
  /**
   * The figure the rule looked at: spot for a level cross, the metric for a threshold, the new
   * label for a regime or tier change, "in"/"out" for a screener, the date for earnings.
   */
  value: number | string | null;
  /** The same figure at the snapshot before (null when the rule compares with none). */
  previous: number | string | null;
  /** A threshold rule's metric (its catalog key, e.g. `iv_rank`) and threshold (null for other rules). */
  metric: string | null;
  threshold: number | null;
  /** Spot when the alert fired, when known. */
  price: number | null;
}

const isCrossLevel = (name: string): name is CrossLevel => (CROSS_LEVELS as readonly string[]).includes(name);

/** A stored figure: a finite number or a non-empty text, else null. */
function figure(fields: Record<string, unknown> | null, key: string): number | string | null {
  return number(fields, key) ?? text(fields, key);
}

/** The facts of `event`, from its stored `details` and the ticker's signals payload (or null). */
export function alertFacts(
  event: Pick<AlertEvent, 'kind' | 'transition'>,
  details: unknown,
  signals: unknown,
): AlertFacts {
  const d = record(details);
  const price = number(d, 'price') ?? number(d, 'spot') ?? number(signals, 'price');
  const none = { level: null, metric: null, threshold: null, price };
  const changed = { value: event.transition?.to ?? null, previous: event.transition?.from ?? null };
  switch (event.kind) {
    case 'level_cross': {
      const name = text(d, 'level');
      const value = number(d, 'level_value');
      const level: AlertLevel | null =
        name === null
          ? null
          : {
              name,
              label: isCrossLevel(name) ? levelText(name, value ?? undefined) : name,
              value,
              previous: number(d, 'previous_level_value'),
            };
      return { ...none, level, value: number(d, 'spot'), previous: number(d, 'previous_spot') };
    }
    case 'metric_threshold': {
      const metric = text(d, 'metric');
      return {
        ...none,
        metric,
        threshold: number(d, 'threshold'),
        value: figure(d, 'value'),
        previous: figure(d, 'previous'),
      };
    }
    default:
      return { ...none, ...changed };
  }
}
