// Same seed, same instant ⇒ identical pipeline outputs: a second fresh market in this process
// (visiting the tickers in the opposite order, so no cache can make a figure order-dependent) and
// a fresh market in another process give the same outputs and hash; another seed changes them all.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashOutputs, PIPELINE_INSTANTS, pipelineOutputs } from './pipeline-hash.ts';

const SEED = 1;

let first: Map<string, string>;
let here: string;
beforeAll(() => {
  first = pipelineOutputs(SEED);
  here = hashOutputs(first);
}, 120_000);

describe('pipeline determinism', () => {
  it('covers every ticker at every instant with non-trivial outputs', () => {
    expect(first.size).toBeGreaterThanOrEqual(PIPELINE_INSTANTS.length * 40);
    for (const [key, json] of first) expect(json.length, key).toBeGreaterThan(1000);
  });

  it('gives identical outputs in a second fresh market, whatever the visiting order', () => {
    const second = pipelineOutputs(SEED, PIPELINE_INSTANTS, { reverse: true });
    expect([...second.keys()].sort()).toEqual([...first.keys()].sort());
    for (const [key, json] of first) expect(second.get(key), key).toBe(json);
    expect(hashOutputs(second)).toBe(here);
  }, 120_000);

  it('gives the same hash in another process', () => {
    const script = fileURLToPath(new URL('./pipeline-hash.ts', import.meta.url));
    const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
    const there = execFileSync(process.execPath, ['--import', 'tsx', script, String(SEED)], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(there.trim()).toBe(here);
  }, 120_000);

  it('changes every ticker with the seed', () => {
    const at = PIPELINE_INSTANTS[0] as number;
    const other = pipelineOutputs(SEED + 1, [at]);
    expect(other.size).toBeGreaterThanOrEqual(40);
    for (const [key, json] of other) expect(first.get(key), key).not.toBe(json);
  }, 120_000);
});
