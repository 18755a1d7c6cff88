import { describe, expect, it } from 'vitest';
import { confirmedChangeAtLast, type LabelPoint } from '../../../../src/core/alerts/dwell.ts';
import { evaluateCondition, type AlertSnapshot } from '../../../../src/core/alerts/conditions.ts';
import { alertConditionSchema } from '../../../../src/shared/alert-rules.ts';

const T0 = Date.UTC(2025, 2, 10, 15, 0);
const MIN = 60_000;

/** "A@0 B@5 B@20": label A at minute 0, B at 5 and 20. "-" is a missing value. */
function points(text: string): LabelPoint[] {
  return text.split(' ').map((part) => {
    const [value, minutes] = part.split('@') as [string, string];
    return { asof: T0 + Number(minutes) * MIN, value: value === '-' ? null : value };
  });
}

const DEFAULT = { snapshots: 2, minutes: 15 };

describe('confirmedChangeAtLast', () => {
  it.each<[string, string, { snapshots: number; minutes: number }, [string, string] | null]>([
    ['off: the first snapshot of a change fires', 'A@0 B@5', { snapshots: 1, minutes: 0 }, ['A', 'B']],
    ['default: one snapshot is not enough', 'A@0 B@5', DEFAULT, null],
    ['default: two snapshots 15 min apart confirm', 'A@0 B@5 B@20', DEFAULT, ['A', 'B']],
    ['default: two snapshots 5 min apart do not', 'A@0 B@5 B@10', DEFAULT, null],
    ['default: confirmed at the third (15 min reached)', 'A@0 B@5 B@10 B@20', DEFAULT, ['A', 'B']],
    ['default: after confirming, silence', 'A@0 B@5 B@20 B@25', DEFAULT, null],
    ['flicker back raises nothing', 'A@0 B@5 A@10 A@25 A@40', DEFAULT, null],
    ['AMD all session: A B A B A never confirms', 'A@0 B@5 A@10 B@15 A@20 B@25', DEFAULT, null],
    ['A → B (short) → C held reports A → C', 'A@0 B@5 C@10 C@30', DEFAULT, ['A', 'C']],
    ['minutes only: held 15 min since first seen', 'A@0 B@5 B@20', { snapshots: 1, minutes: 15 }, ['A', 'B']],
    [
      'minutes count from the first sighting, not the last old one',
      'A@0 B@20',
      { snapshots: 1, minutes: 15 },
      null,
    ],
    ['snapshots only: 3 snapshots, any time', 'A@0 B@1 B@2 B@3', { snapshots: 3, minutes: 0 }, ['A', 'B']],
    ['snapshots only: 2 of 3 not yet', 'A@0 B@1 B@2', { snapshots: 3, minutes: 0 }, null],
    ['missing values are skipped, not breaks', 'A@0 B@5 -@10 B@20', DEFAULT, ['A', 'B']],
    ['a single snapshot says nothing', 'A@0', DEFAULT, null],
    ['no change', 'A@0 A@5 A@20', DEFAULT, null],
    ['the first run of the window counts as settled', 'B@0 B@5 B@30', DEFAULT, null],
  ])('%s', (_name, text, dwell, expected) => {
    const change = confirmedChangeAtLast(points(text), dwell);
    expect(change ? [change.from, change.to] : null).toEqual(expected);
  });

  it('says since when and how many snapshots the new label held', () => {
    expect(confirmedChangeAtLast(points('A@0 B@5 B@10 B@20'), DEFAULT)).toEqual({
      from: 'A',
      to: 'B',
      since: T0 + 5 * MIN,
      held: 3,
    });
  });
});

describe('label rules use the dwell over the series history', () => {
  const regime = (value: string, minutes: number): AlertSnapshot => ({
    endpoint: 'signals',
    ticker: 'AMD',
    params: {},
    asof: T0 + minutes * MIN,
    payload: { ticker: 'AMD', price: 160, regime_label: value },
  });
  const noMemory = { lastFiredAsof: () => null, sawValue: () => false };
  const rule = alertConditionSchema.parse({ kind: 'regime_change' });

  it('fires once the new regime has held, naming both in words', () => {
    const history = [regime('trending_down_high_vol', 0)];
    const [firing, ...rest] = evaluateCondition(
      rule,
      regime('choppy_volatile', 5),
      regime('choppy_volatile', 20),
      { ...noMemory, history: () => history },
    );
    expect(rest).toEqual([]);
    expect(firing?.title).toBe('AMD regime: Trending down, high vol → Choppy, volatile');
    expect(firing?.message).toBe(
      'Regime changed from Trending down, high vol to Choppy, volatile at $160.00. It has held for 2 snapshots over 15 min.',
    );
  });

  it('does not fire on the flip itself', () => {
    expect(
      evaluateCondition(rule, regime('trending_down_high_vol', 0), regime('choppy_volatile', 5), noMemory),
    ).toEqual([]);
  });

  it('ignores history newer than prev (a late snapshot cannot reorder the series)', () => {
    const history = [regime('trending_down_high_vol', 0), regime('flush_panic', 30)];
    expect(
      evaluateCondition(rule, regime('choppy_volatile', 5), regime('choppy_volatile', 20), {
        ...noMemory,
        history: () => history,
      }).map((f) => f.to),
    ).toEqual(['choppy_volatile']);
  });
});
