// What the component tests may count on in the core that global-setup.ts seeds (handed over with
// Vitest's provide/inject), so no test hard-codes what the simulator or the setup chose.
export interface SeedFacts {
  /** The seeded watchlist's name (id 1). */
  watchlist: string;
  /** Its tickers, in list order. */
  tickers: string[];
  /**
   * A chain folder (not in use) holding one SPY chain file and a SPY price history the folder
   * cannot read: what Settings → Data source finds when it is tested.
   */
  chainsDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    seed: SeedFacts;
  }
}
