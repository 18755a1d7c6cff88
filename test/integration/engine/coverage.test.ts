// Coverage of the simulated market through the real engine: two simulated years of the whole
// universe (default seed), sampled at session closes, run through the service's own pipeline
// (chain → buildTickerMetrics with the source's history and earnings → classifyRegime →
// interpretTradeSetup → top-setups item → income), must produce every regime label, every
// opportunity tier, every income tier for cc and csp, every trade bias, the positive and negative
// gamma regimes, and a match of each of the five screener presets, as the service's own preset
// filters and matcher define them. A compact table of counts is printed so that a failure says
// what is missing and how close the rest came.
//
// Sampling: every ticker at every STEP-th session close, each ticker's offset shifted back by its
// position in the universe, so every session of the window is visited by a twelfth of the tickers
// (~1,750 snapshots; the pipeline costs ~10-15 ms of CPU per snapshot, chain build included).
// Measured at full density (all 21,042 closes of the window), the rarest outcomes are the presets:
// trend_pullback 20 matches, highvol_breakdown 46, momentum_breakout 80, capitulation_reversal 117,
// range_premium_seller 249; this sample holds 3, 5, 5, 8 and 24 of them.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  GAMMA_REGIMES,
  INCOME_STRATEGIES,
  INCOME_TIERS,
  OPPORTUNITY_TIERS,
  REGIME_LABELS,
  SCREENER_PRESETS,
  TRADE_BIASES,
  type ScreenerPreset,
} from '../../../src/shared/api/enums.ts';
import { analyzeSnapshot } from '../../../src/service/analysis/ticker-analysis.ts';
import { manualClock } from '../../../src/service/market/clock.ts';
import { SPEC_REGIME_LABEL } from '../../../src/service/market/sim/regimes.ts';
import { createSimulatedMarket } from '../../../src/service/market/sim/simulated-source.ts';
import { presetQuery } from '../../../src/service/rankings/screener-presets.ts';
import { parseTopSetupsQuery, type TopSetupsQuery } from '../../../src/service/rankings/top-setups-query.ts';
import { matchesTopSetupsQuery } from '../../../src/service/rankings/top-setups.ts';
import { sessionOf } from '../../../src/shared/market-calendar.ts';

/** The service's default seed. */
const SEED = 1;
/** Two years after the first simulated year, so that every history score has a year behind it. */
const FROM = '2025-01-02';
const TO = '2026-12-31';
const STEP = 12;
const RUN_TIMEOUT_MS = 300_000;

type Category =
  | 'regime'
  | 'opportunity_tier'
  | 'trade_bias'
  | 'gamma_regime'
  | 'income_tier:cc'
  | 'income_tier:csp'
  | 'screener';

const EXPECTED: readonly (readonly [Category, readonly string[]])[] = [
  ['regime', REGIME_LABELS],
  ['opportunity_tier', OPPORTUNITY_TIERS],
  ['trade_bias', TRADE_BIASES],
  ['gamma_regime', GAMMA_REGIMES],
  ['income_tier:cc', INCOME_TIERS],
  ['income_tier:csp', INCOME_TIERS],
  ['screener', SCREENER_PRESETS],
];

/** Count and first (ticker, date) of every value seen, per category, plus the sample's extent. */
class Tally {
  readonly #seen = new Map<string, { count: number; first: string }>();
  readonly perTicker = new Map<string, number>();
  readonly dates = new Set<string>();
  snapshots = 0;
  sessions = 0;
  agreeWithLatent = 0;
  /** Closes where spot and the flip are within half a cent: the only candidates for a neutral tie. */
  withinACent = 0;

  add(category: Category, value: string, where: string): void {
    const key = `${category}=${value}`;
    const hit = this.#seen.get(key);
    if (hit) hit.count++;
    else this.#seen.set(key, { count: 1, first: where });
  }

  count(category: Category, value: string): number {
    return this.#seen.get(`${category}=${value}`)?.count ?? 0;
  }

  first(category: Category, value: string): string {
    return this.#seen.get(`${category}=${value}`)?.first ?? '-';
  }
}

function table(t: Tally, seconds: { wall: number; cpu: number }): string {
  const pct = (n: number) => `${((100 * n) / t.snapshots).toFixed(0)} %`;
  const lines = [
    `coverage: seed ${SEED}, ${FROM}..${TO} (${t.sessions} sessions), every ${STEP}th close per ticker: ` +
      `${t.snapshots} snapshots in ${seconds.wall.toFixed(1)} s (CPU ${seconds.cpu.toFixed(1)} s)`,
    `  regime = the simulator's latent regime in ${pct(t.agreeWithLatent)}; ` +
      `spot within a cent of the flip ${t.withinACent}×`,
  ];
  for (const [category, values] of EXPECTED) {
    const cells = values.map((v) => {
      const n = t.count(category, v);
      return n > 0 && category === 'screener' ? `${v} ${n} (${t.first(category, v)})` : `${v} ${n}`;
    });
    lines.push(`  ${category.padEnd(16)} ${cells.join(' | ')}`);
  }
  return lines.join('\n');
}

const tally = new Tally();

beforeAll(() => {
  const market = createSimulatedMarket({ seed: SEED, clock: manualClock(0), cacheSize: 1 });
  const presets = SCREENER_PRESETS.map((p): [ScreenerPreset, TopSetupsQuery] => [
    p,
    parseTopSetupsQuery(presetQuery(p, new Map())),
  ]);
  const dates = market.sessions.filter((d) => d >= FROM && d <= TO);
  const tickers = market.universe().map((t) => t.ticker);
  tally.sessions = dates.length;
  const wall0 = performance.now();
  const cpu0 = process.cpuUsage();
  dates.forEach((date, i) => {
    const close = sessionOf(date)?.close;
    if (close === undefined) throw new Error(`${date} is not a session`);
    tickers.forEach((ticker, k) => {
      if ((i + STEP - (k % STEP)) % STEP !== 0) return;
      const a = analyzeSnapshot(market, ticker, close);
      if (a === null) throw new Error(`no chain for ${ticker} at the close of ${date}`);
      const where = `${ticker} ${date}`;
      const item = a.topSetupsItem;
      tally.snapshots++;
      tally.dates.add(date);
      tally.perTicker.set(ticker, (tally.perTicker.get(ticker) ?? 0) + 1);
      tally.add('regime', a.regime.label, where);
      tally.add('opportunity_tier', item.opportunity_tier, where);
      tally.add('trade_bias', item.trade_bias, where);
      tally.add('gamma_regime', a.metrics.gamma_regime, where);
      for (const income of a.income) tally.add(`income_tier:${income.strategy}`, income.income_tier, where);
      for (const [preset, query] of presets) {
        if (matchesTopSetupsQuery(item, query)) tally.add('screener', preset, where);
      }
      const latent = market.regimeOn(ticker, date);
      if (latent !== null && SPEC_REGIME_LABEL[latent] === a.regime.label) tally.agreeWithLatent++;
      const flip = a.metrics.gex_flip;
      if (flip !== null && Math.abs(a.metrics.price - flip) < 0.005) tally.withinACent++;
    });
  });
  const cpu = process.cpuUsage(cpu0);
  console.info(
    table(tally, { wall: (performance.now() - wall0) / 1000, cpu: (cpu.user + cpu.system) / 1e6 }),
  );
}, RUN_TIMEOUT_MS);

describe(`two simulated years through the engine (seed ${SEED}, ${FROM}..${TO})`, () => {
  it('sampled every ticker all through the window', () => {
    expect(tally.perTicker.size).toBeGreaterThanOrEqual(40);
    for (const [ticker, n] of tally.perTicker) {
      expect(n, ticker).toBeGreaterThanOrEqual(Math.floor(tally.sessions / STEP));
    }
    expect(tally.dates.size).toBe(tally.sessions);
  });

  it.each(REGIME_LABELS)('regime label %s occurs', (label) => {
    expect(tally.count('regime', label)).toBeGreaterThan(0);
  });

  it.each(OPPORTUNITY_TIERS)('opportunity tier %s occurs', (tier) => {
    expect(tally.count('opportunity_tier', tier)).toBeGreaterThan(0);
  });

  it.each(TRADE_BIASES)('trade bias %s occurs', (bias) => {
    expect(tally.count('trade_bias', bias)).toBeGreaterThan(0);
  });

  it.each(INCOME_STRATEGIES.flatMap((s) => INCOME_TIERS.map((tier) => [s, tier] as const)))(
    'income tier for %s: %s occurs',
    (strategy, tier) => {
      expect(tally.count(`income_tier:${strategy}`, tier)).toBeGreaterThan(0);
    },
  );

  it.each(['positive', 'negative'] as const)('gamma regime %s occurs', (g) => {
    expect(tally.count('gamma_regime', g)).toBeGreaterThan(0);
  });

  // The spec's rule makes neutral an exact tie of spot and flip. The engine's flip is a continuous
  // root (refined to 0.01 % of spot, not rounded), so a tie never happens: 0 in all 21,042 closes
  // of the window, while 15 of them have the flip within half a cent of spot. Neutral can only
  // occur once the engine states the precision the two are compared at (see the report).
  it.todo('gamma regime neutral occurs (needs a stated tie precision for spot vs flip)');

  it.each(SCREENER_PRESETS)('screener preset %s matches at least one (ticker, date)', (preset) => {
    expect(tally.count('screener', preset)).toBeGreaterThan(0);
  });
});
