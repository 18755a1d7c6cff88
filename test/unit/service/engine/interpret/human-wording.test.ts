// Every sentence the service writes for people starts with a capital letter and carries no
// snake_case identifier. Walks every universe ticker's payloads at several snapshots.
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../../../src/service/analysis/ticker-analysis.ts';
import { EXPLAIN_VIEWS } from '../../../../../src/shared/api/explain.ts';
import { explainTicker } from '../../../../../src/service/engine/interpret/explain.ts';
import { createSimulatedMarket } from '../../../../../src/service/market/sim/simulated-source.ts';

const market = createSimulatedMarket({ seed: 7, clock: { now: () => 0 } });
const INSTANTS = ['2024-06-12T15:02:00Z', '2025-11-04T19:47:00Z', '2027-03-16T14:31:00Z'];

/** A snake_case identifier: lower-case words joined by underscores (trending_down_high_vol). */
const SNAKE = /\b[a-z][a-z0-9]*_[a-z0-9_]+\b/;

function problems(where: string, text: string | null | undefined): string[] {
  if (text === null || text === undefined || text === '') return [];
  const out: string[] = [];
  const first = text.trimStart().charAt(0);
  if (first !== first.toUpperCase()) out.push(`${where} starts in lower case: "${text}"`);
  const snake = SNAKE.exec(text);
  if (snake) out.push(`${where} uses the identifier ${snake[0]}: "${text}"`);
  return out;
}

function sentencesOf(ticker: string, instant: string): string[] {
  const time = market.latestSnapshotTime(ticker, Date.parse(instant));
  if (time === null) return [`${ticker}: no snapshot at ${instant}`];
  const a = analyzeSnapshot(market, ticker, time);
  if (a === null) return [`${ticker}: no analysis at ${instant}`];
  const at = `${ticker} ${instant}`;
  const ms = a.marketStructure;
  const s = a.setup;
  const out = [
    ...problems(`${at} headline`, ms.headline),
    ...problems(`${at} expected_behavior`, ms.expected_behavior),
    ...ms.confidence.notes.flatMap((n) => problems(`${at} confidence note`, n)),
    ...problems(`${at} flip_context.label`, ms.drivers.flip_context?.label),
    ...problems(`${at} gamma_tone.label`, ms.drivers.gamma_tone?.label),
    ...problems(`${at} skew_tone.label`, ms.drivers.skew_tone?.label),
    ...problems(`${at} entry_trigger`, s.entry_trigger),
    ...problems(`${at} stop_description`, s.stop_description),
    ...problems(`${at} target_description`, s.target_description),
    ...problems(`${at} agent_summary`, s.agent_summary),
    ...a.regime.reasons.flatMap((r) => problems(`${at} regime reason`, r)),
    ...a.income.flatMap((i) => [
      ...i.reasons.flatMap((r) => problems(`${at} income reason`, r)),
      ...i.caveats.flatMap((c) => problems(`${at} income caveat`, c)),
    ]),
  ];
  for (const view of EXPLAIN_VIEWS) {
    const e = explainTicker(a.metrics, a.regime, a.setup, view);
    out.push(...problems(`${at} explain ${view} summary`, e.summary));
    out.push(...e.bullets.flatMap((b) => problems(`${at} explain ${view} bullet`, b)));
  }
  return out;
}

describe('human wording of every payload', () => {
  it('the checker catches lower case and identifiers (so the sweep below can fail)', () => {
    expect(problems('x', 'spot above the flip')).toHaveLength(1);
    expect(problems('x', 'Regime trending_down_high_vol')).toHaveLength(1);
    expect(problems('x', 'Spot 1.2 % above the gamma flip $600.00')).toEqual([]);
  });

  it.each(market.universe().map((t) => t.ticker))('%s: capitalised sentences, no snake_case', (ticker) => {
    expect(INSTANTS.flatMap((at) => sentencesOf(ticker, at))).toEqual([]);
  });
});
