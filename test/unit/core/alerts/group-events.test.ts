// Which events are "one change": the same ticker, kind, transition and time, and for level rules
// the same level at the same value. Two price rules at different prices crossed by one move stay
// two notifications; two rules on the flip crossed by it become one naming both.
import { describe, expect, it } from 'vitest';
import { idempotencyKey, type NewAlertEvent } from '../../../../src/core/alerts/engine.ts';
import { changeKey, groupByChange } from '../../../../src/core/alerts/group-events.ts';

const ASOF = Date.UTC(2026, 10, 27, 15, 0);

function event(
  ruleId: number,
  details: Record<string, unknown>,
  severity: NewAlertEvent['severity'] = 'info',
): NewAlertEvent {
  const transition = { from: 'below', to: 'above' };
  return {
    ruleId,
    ruleName: `rule ${ruleId}`,
    ticker: 'SPY',
    kind: 'level_cross',
    severity,
    title: 'SPY crossed',
    message: 'SPY crossed.',
    transition,
    asof: ASOF,
    endpoint: 'market_structure',
    idempotencyKey: idempotencyKey({
      ruleId,
      ticker: 'SPY',
      kind: 'level_cross',
      discriminator: String(details['level']),
      ...transition,
      asof: ASOF,
    }),
    details,
    deliveries: [{ channel: 'desktop', target: null, state: 'pending', reason: null, quietHours: null }],
  };
}

describe('one change, one notification', () => {
  it.each([
    [
      'two flip rules at one flip',
      { level: 'gamma_flip', level_value: 600.1 },
      { level: 'gamma_flip', level_value: 600.1 },
      true,
    ],
    [
      'two price rules at two prices',
      { level: 'custom', level_value: 600 },
      { level: 'custom', level_value: 610 },
      false,
    ],
    [
      'two price rules at one price',
      { level: 'custom', level_value: 600 },
      { level: 'custom', level_value: 600 },
      true,
    ],
    [
      'the flip and the call wall',
      { level: 'gamma_flip', level_value: 600 },
      { level: 'call_wall', level_value: 600 },
      false,
    ],
  ])('%s: same change %s', (_, a, b, same) => {
    expect(changeKey(event(1, a)) === changeKey(event(2, b))).toBe(same);
    const out = groupByChange([event(1, a), event(2, b, 'warning')]);
    const skipped = out.filter((e) => e.deliveries.every((d) => d.state === 'skipped'));
    expect(skipped).toHaveLength(same ? 1 : 0);
  });
});
