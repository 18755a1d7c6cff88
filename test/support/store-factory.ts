// Builds stores in temp folders and realistic API v2 payloads for the store's tests and bench.
// Payloads are shaped like the spec's market-structure and trade-setup records (2-4 KB of JSON,
// numbers varying with a seeded generator) so that compression and hashing see real-looking data.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type OpenOptions, type Store } from '../../src/core/store/database.ts';
import type { JsonValue } from '../../src/core/store/canonical-json.ts';
import type { SnapshotInput } from '../../src/core/store/repositories/snapshots.ts';
import { mulberry32 } from './prng.ts';

/** A fresh temp folder; remove it with `cleanup()`. */
export function tempDir(prefix = 'gammawatch-store-'): {
  dir: string;
  file: (name: string) => string;
  cleanup: () => void;
} {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return {
    dir,
    file: (name) => path.join(dir, name),
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** A store on a real file in a new temp folder. */
export function tempStore(options?: OpenOptions): {
  store: Store;
  file: string;
  dir: string;
  cleanup: () => void;
} {
  const tmp = tempDir();
  const file = tmp.file('gammawatch.db');
  const store = openDatabase(file, options);
  return {
    store,
    file,
    dir: tmp.dir,
    cleanup: () => {
      if (store.isOpen) store.close();
      tmp.cleanup();
    },
  };
}

/** Deterministic PRNG (mulberry32) so payloads vary but tests repeat. */
export const rng = mulberry32;

const regimes = ['trending_low_vol', 'trending_high_vol', 'range_bound', 'choppy_volatile', 'flush_panic'];
const tagPool = [
  'positive_gamma',
  'negative_gamma',
  'near_flip',
  'skew_defensive',
  'iv_elevated',
  'iv_cheap',
  'pin_risk',
  'earnings_soon',
  'high_oi',
  'call_heavy',
  'put_heavy',
];
const notePool = [
  'Open interest is from the previous session close.',
  'Nearest expiration carries most of the gamma; levels may shift after expiry.',
  'IV rank uses a one-year lookback of ATM implied volatility.',
  'Skew is measured at 25 delta on the first monthly expiration.',
  'Flip level refined by bisection over a spot grid of plus or minus 20 percent.',
  'Volume figures are delayed and may be revised.',
];

function pick<T>(r: () => number, items: readonly T[]): T {
  return items[Math.floor(r() * items.length)] as T;
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** A market-structure-like `data` object of about 2-4 KB. */
export function marketStructurePayload(seed: number, ticker = 'AAPL'): JsonValue {
  const r = rng(seed);
  const spot = round(50 + r() * 400, 2);
  const flip = round(spot * (0.9 + r() * 0.2), 2);
  const sigma = spot * (0.01 + r() * 0.03);
  const strikes = 8 + Math.floor(r() * 24);
  return {
    ticker,
    asof: new Date(Date.UTC(2025, 0, 2) + seed * 60_000).toISOString(),
    headline: `${ticker} holds ${spot > flip ? 'above' : 'below'} its gamma flip at ${flip}; dealers ${spot > flip ? 'dampen' : 'amplify'} moves`,
    signal: pick(r, ['stabilizing', 'fragile', 'breakout_watch', 'mean_revert']),
    bias: pick(r, ['stabilizing', 'neutral', 'mixed', 'fragile']),
    structure_regime: pick(r, regimes),
    expected_behavior:
      'Dealer hedging is expected to dampen intraday moves while spot stays above the flip level.',
    tags: Array.from({ length: 2 + Math.floor(r() * 5) }, () => pick(r, tagPool)),
    confidence: { notes: Array.from({ length: 1 + Math.floor(r() * 4) }, () => pick(r, notePool)) },
    drivers: {
      flip_context: {
        state: spot > flip ? 'above_flip' : 'below_flip',
        label: 'Spot vs flip',
        distance_pct: round(((spot - flip) / spot) * 100, 3),
      },
      gamma_tone: {
        state: pick(r, ['positive', 'negative', 'strong_positive', 'strong_negative']),
        label: 'Net gamma tone',
      },
      skew_tone: {
        state: pick(r, ['defensive', 'balanced', 'upside_leaning']),
        label: 'Skew',
        tags: [pick(r, tagPool)],
      },
      sentiment: pick(r, ['constructive', 'cautious', 'neutral']),
    },
    key_levels: {
      spot,
      gamma_flip: flip,
      plus_1sigma_1d: round(spot + sigma, 2),
      minus_1sigma_1d: round(spot - sigma, 2),
      plus_1sigma_1w: round(spot + sigma * 2.2, 2),
      minus_1sigma_1w: round(spot - sigma * 2.2, 2),
      plus_1sigma_1m: round(spot + sigma * 4.6, 2),
      minus_1sigma_1m: round(spot - sigma * 4.6, 2),
    },
    supporting_factors: {
      call_regime: pick(r, ['call_heavy', 'balanced', 'put_heavy']),
      distance_to_flip_pct: round(((spot - flip) / spot) * 100, 4),
      expected_move_pct_1d: round(r() * 3, 4),
      expected_move_pct_1w: round(r() * 7, 4),
      gamma_flip: flip,
      gamma_notional_per_1pct_move_usd: Math.round((r() - 0.3) * 4e9),
      pcr_oi: round(0.4 + r() * 1.2, 4),
      pcr_volume: round(0.3 + r() * 1.5, 4),
      pct_gamma_expiring_nearest_expiry: round(r() * 60, 3),
      put_call_25d_iv_premium_pct: round((r() - 0.3) * 20, 3),
      speculative_interest_score: round(r(), 4),
      spot,
    },
    gex_by_strike: Array.from({ length: strikes }, (_, i) => ({
      strike: round(spot * (0.9 + (0.2 * i) / strikes), 1),
      net: Math.round((r() - 0.4) * 2e8),
      call: Math.round(r() * 2e8),
      put: -Math.round(r() * 2e8),
    })),
  };
}

/** A realistic per-ticker snapshot input at `asof` (epoch ms). */
export function snapshotInput(seed: number, overrides: Partial<SnapshotInput> = {}): SnapshotInput {
  const ticker = overrides.ticker ?? 'AAPL';
  return {
    endpoint: 'market-structure',
    ticker,
    params: {},
    asof: Date.UTC(2025, 0, 2, 15) + seed * 60_000,
    fetchedAt: Date.UTC(2025, 0, 2, 15) + seed * 60_000 + 1_500,
    data: marketStructurePayload(seed, ticker ?? 'AAPL'),
    meta: { ticker, asof: new Date(Date.UTC(2025, 0, 2, 15) + seed * 60_000).toISOString() },
    ...overrides,
  };
}

export function sizeOfJson(value: JsonValue): number {
  return Buffer.byteLength(JSON.stringify(value));
}
