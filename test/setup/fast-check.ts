import fc from 'fast-check';

// Property tests run on a fixed seed so a CI run is reproducible: a counterexample found once is
// found again on every machine. `FC_SEED=<n>` explores another corner, `FC_SEED=random` a fresh one
// each run (fast-check prints the seed of any failure, to pin it here).
const raw = process.env['FC_SEED'];
if (raw !== 'random') {
  const seed = raw === undefined || raw === '' ? 20_261_122 : Number(raw);
  if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer or "random", got "${raw}"`);
  fc.configureGlobal({ seed });
}
