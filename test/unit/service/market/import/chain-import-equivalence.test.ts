// The importer was rewritten for speed (fields read in place, no string per figure); what every
// file imports as must not change. Each case's outcome (the chain's columns to the bit, its
// expirations, notes and name, or the refusal's message) is compared with the outcome captured from
// the importer before the rewrite (test/fixtures/chain-import-outcomes.json, written by
// capture-outcomes.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { equivalenceCases, outcomeOf, type Outcome } from './equivalence-cases.ts';

const captured = JSON.parse(
  readFileSync(new URL('../../../../fixtures/chain-import-outcomes.json', import.meta.url), 'utf8'),
) as Record<string, Outcome>;
const cases = equivalenceCases();

describe('chain import outcomes are those captured before the rewrite', () => {
  it('covers every captured case, and the cases cover imports and refusals alike', () => {
    expect(cases.map((c) => c.name).sort()).toEqual(Object.keys(captured).sort());
    const refused = Object.values(captured).filter((o) => 'refused' in o).length;
    expect(refused).toBeGreaterThan(300);
    expect(Object.keys(captured).length - refused).toBeGreaterThan(300);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', (name, c) => {
    expect(outcomeOf(c)).toEqual(captured[name]);
  });
});
