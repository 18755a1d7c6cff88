// Writes test/fixtures/chain-import-outcomes.json: the importer's outcome for every equivalence
// case. Run once, before changing the importer, with
//   node --import tsx test/unit/service/market/import/capture-outcomes.ts
// and again only for a change that is meant to alter what a file imports as.
import { writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { equivalenceCases, outcomeOf } from './equivalence-cases.ts';

export const OUTCOMES_PATH = new URL('../../../../fixtures/chain-import-outcomes.json', import.meta.url);

const outcomes: Record<string, unknown> = {};
for (const c of equivalenceCases()) {
  if (c.name in outcomes) throw new Error(`two cases named ${c.name}`);
  outcomes[c.name] = outcomeOf(c);
}
// One case a line where it fits, as the repository's formatter leaves it.
const lines = Object.entries(outcomes).map(
  ([name, outcome]) => `${JSON.stringify(name)}: ${JSON.stringify(outcome)}`,
);
const path = OUTCOMES_PATH.pathname;
const options = { ...(await resolveConfig(path)), filepath: path };
writeFileSync(OUTCOMES_PATH, await format(`{\n${lines.join(',\n')}\n}\n`, options));
process.stdout.write(`${Object.keys(outcomes).length} outcomes\n`);
