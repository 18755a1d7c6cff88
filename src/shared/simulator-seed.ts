// The simulated market's seed when none is chosen: one default for the desktop app, headless mode,
// `watch`, `backtest` and `gammawatch service`, so each shows the same market (SPY at the same
// price) out of the box. Stored rows name the seed of their source (simulator:42:real), so a change
// here would leave earlier history under the old seed's source.
export const DEFAULT_SIMULATOR_SEED = 42;
