// What the component tests may count on in the core that global-setup.ts seeds (handed over with
// Vitest's provide/inject), so no test hard-codes a time the simulator chose.
export interface SeedFacts {
  /** The seeded watchlist's name (id 1). */
  watchlist: string;
  /** Its tickers, in list order. */
  tickers: string[];
  /** SPY's stored snapshot times of the seeded day (ISO), oldest first. */
  spyTimes: string[];
}

declare module 'vitest' {
  export interface ProvidedContext {
    seed: SeedFacts;
  }
}
