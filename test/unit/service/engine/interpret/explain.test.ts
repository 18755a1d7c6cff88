import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { explainDataSchema, EXPLAIN_VIEWS } from '../../../../../src/shared/api/explain.ts';
import {
  explainTicker,
  UnknownExplainViewError,
} from '../../../../../src/service/engine/interpret/explain.ts';
import { classifyRegime } from '../../../../../src/service/engine/interpret/regime.ts';
import { interpretTradeSetup } from '../../../../../src/service/engine/interpret/trade-setup.ts';
import type { TickerMetrics } from '../../../../../src/service/engine/types.ts';
import { makeTickerMetrics } from '../../../../support/metrics-factory.ts';
import { arbitraryMetrics } from './arbitrary-metrics.ts';

function explain(m: TickerMetrics, view?: string) {
  const regime = classifyRegime(m);
  const setup = interpretTradeSetup(m, regime);
  return view === undefined ? explainTicker(m, regime, setup) : explainTicker(m, regime, setup, view);
}

const trending = makeTickerMetrics({
  trend_score: 2.5,
  trend_state: 'up',
  realized_vol_state: 'subdued',
  realized_vol_score: -0.6,
  iv_rank: 25,
  momentum_state: 'strong',
  trend_alignment_state: 'aligned',
  earnings: { date: '2025-04-20', time: 'amc' },
  notes: ['3 contracts without IV'],
});

describe('explainTicker', () => {
  it('defaults to the standard view', () => {
    expect(explain(trending)).toEqual(explain(trending, 'standard'));
    expect(explain(trending).view).toBe('standard');
  });

  it.each(EXPLAIN_VIEWS)('serves the %s view, valid against the schema', (view) => {
    const d = explainDataSchema.parse(explain(trending, view));
    expect(d.summary).toContain('TEST at $100.00 is trending low vol');
    expect(d.tags).toEqual(
      expect.arrayContaining(['trending_low_vol', 'long_breakout', 'gamma_positive', 'trend_up']),
    );
  });

  it('says more as the view widens', () => {
    const brief = explain(trending, 'brief');
    const standard = explain(trending, 'standard');
    const detailed = explain(trending, 'detailed');
    expect(brief.bullets.length).toBeLessThanOrEqual(3);
    expect(standard.bullets.length).toBeGreaterThan(brief.bullets.length);
    expect(detailed.bullets.length).toBeGreaterThan(standard.bullets.length);
    expect(standard.bullets.some((b) => b.startsWith('Entry: '))).toBe(true);
    expect(standard.bullets).toContain('Next earnings 2025-04-20 (amc).');
    expect(detailed.bullets).toContain('Data: 3 contracts without IV.');
    expect(detailed.bullets.some((b) => b.startsWith('Trend score: 2.500 (up)'))).toBe(true);
    expect(detailed.bullets.at(-1)).toMatch(/^Models: regime-/);
  });

  it('rejects an unknown view with a typed error listing the allowed ones', () => {
    let caught: unknown;
    try {
      explain(trending, 'verbose');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(UnknownExplainViewError);
    expect((caught as UnknownExplainViewError).allowed).toEqual(EXPLAIN_VIEWS);
    expect((caught as UnknownExplainViewError).message).toContain('standard, brief, detailed');
  });

  it('is deterministic and free of NaN for random inputs', () => {
    fc.assert(
      fc.property(arbitraryMetrics, fc.constantFrom(...EXPLAIN_VIEWS), (m, view) => {
        const d = explain(m, view);
        explainDataSchema.parse(d);
        expect([d.summary, ...d.bullets].join('\n')).not.toMatch(/NaN|undefined|Infinity/);
        expect(explain(m, view)).toEqual(d);
      }),
      { numRuns: 150 },
    );
  });
});
