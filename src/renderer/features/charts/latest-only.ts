// Only the latest request may update a view. Quick choices (an expiration picked, then another)
// start several loads; the answers can come back in any order (one was fetched on demand, one was
// stored), and the one the user chose last must be what is shown, never a late earlier one.
// Framework-free so the race is tested with plain promises.

/** Thrown for an answer that a newer request has made obsolete; callers drop it silently. */
export class SupersededError extends Error {
  override readonly name = 'SupersededError';
  constructor() {
    super('superseded by a newer request');
  }
}

export class LatestOnly {
  #generation = 0;

  /**
   * Runs `load`; its answer is passed on only if no other `run` started meanwhile, else the
   * returned promise rejects with SupersededError (failures of an obsolete request are dropped too).
   */
  async run<T>(load: () => Promise<T>): Promise<T> {
    const mine = ++this.#generation;
    try {
      const value = await load();
      if (mine !== this.#generation) throw new SupersededError();
      return value;
    } catch (error) {
      if (mine !== this.#generation) throw new SupersededError();
      throw error;
    }
  }

  /** Makes every request in flight obsolete (another ticker, say). */
  cancel(): void {
    this.#generation += 1;
  }
}
