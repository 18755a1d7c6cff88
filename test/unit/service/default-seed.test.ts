// One simulated market out of the box: the service started with no seed (`gammawatch service`)
// serves the market of the app's default settings, the seed both take from one constant.
import { afterAll, describe, expect, it } from 'vitest';
import { sourceIdOf } from '../../../src/core/source/option.ts';
import { createService } from '../../../src/service/index.ts';
import { manualClock } from '../../../src/service/market/clock.ts';
import { createSimulatedMarket } from '../../../src/service/market/sim/simulated-source.ts';
import { defaultSettings } from '../../../src/shared/bridge/settings.ts';
import { DEFAULT_SIMULATOR_SEED } from '../../../src/shared/simulator-seed.ts';
import { OPEN_INSTANT } from '../../support/service-factory.ts';

const clock = manualClock(OPEN_INSTANT);
const service = createService({
  clock,
  apiKeys: ['test-key-0123456789'],
  log: { level: 'silent' },
  warm: false,
});
afterAll(() => service.close());

function spyAt(source: {
  latestSnapshotTime(t: string, at: number): number | null;
  chain(t: string, s: number): { spot: number } | null;
}): number | undefined {
  const at = source.latestSnapshotTime('SPY', OPEN_INSTANT);
  return at === null ? undefined : source.chain('SPY', at)?.spot;
}

describe('the default simulator seed', () => {
  it('is the app default settings’ seed and the default source identity', () => {
    expect(defaultSettings.dataSource).toMatchObject({ kind: 'local', seed: DEFAULT_SIMULATOR_SEED });
    expect(sourceIdOf({ kind: 'local', clock: { kind: 'real' } })).toBe(
      `simulator:${DEFAULT_SIMULATOR_SEED}:real`,
    );
  });

  it('is the service’s when none is given: SPY at the app’s price', () => {
    const app = createSimulatedMarket({ seed: DEFAULT_SIMULATOR_SEED, clock });
    const other = createSimulatedMarket({ seed: DEFAULT_SIMULATOR_SEED + 1, clock });
    const served = spyAt(service.gammawatch.source);
    expect(served).toEqual(expect.any(Number));
    expect(served).toBe(spyAt(app));
    // A seed makes a difference, so the equality above says which seed the service took.
    expect(spyAt(other)).not.toBe(served);
  });
});
