// `analyze` once printed ±30.18 where every screen said ±30.17: it multiplied spot by the rounded
// percent, the screens read the band of moves.ts. One formula, one rounding: the summary's move is
// the key levels' band, +1σ minus spot, to the cent.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeChainFile } from '../../../src/service/analyze-chain-file.ts';
import { marketStructureDataSchema } from '../../../src/shared/api/market-structure.ts';
import { chainFileText } from '../../support/cboe-chain-file.ts';

const pricing = { r: 0, q: 0 };

describe('analyze: the expected move as the screens give it', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gw-analyze-move-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ['SPX', 6016.48, ''],
    ['NDX', 21034.7, ''],
    ['SPY', 684.13, '$'],
    ['TSLA', 218.8, '$'],
  ])('%s at %s', async (ticker, spot, unit) => {
    const file = join(dir, `${ticker}.csv`);
    await writeFile(
      file,
      chainFileText({ ticker, date: '2025-09-10', spot, seed: 3, expirations: 8, strikes: 60 }),
    );
    const text = await analyzeChainFile(file, { json: false, pricing });
    const json = JSON.parse(await analyzeChainFile(file, { json: true, pricing })) as {
      market_structure: unknown;
    };
    const k = marketStructureDataSchema.parse(json.market_structure).key_levels;
    const band = (plus: number | null) => (plus === null ? null : (plus - (k.spot as number)).toFixed(2));
    for (const [label, plus] of [
      ['1d', k.plus_1sigma_1d],
      ['1w', k.plus_1sigma_1w],
      ['1m', k.plus_1sigma_1m],
    ] as const) {
      const sigma = band(plus);
      expect(sigma, label).not.toBeNull();
      const dollar = unit === '$' ? '\\$' : '';
      const shown = new RegExp(`${label} ±[\\d.]+ % \\(±${dollar}([\\d,.]+)\\)`).exec(text)?.[1];
      expect(shown?.replaceAll(',', ''), `${ticker} ${label}`).toBe(sigma);
    }
  });
});
