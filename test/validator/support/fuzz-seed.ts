/**
 * The seed of the fuzz suites: new on every run (so each run explores new inputs), printed, and
 * replayed with `FUZZ_SEED=<seed> npx vitest run test/validator/fuzz`. fast-check prints it again,
 * with the shrunk counterexample, when a property fails.
 */
function chooseSeed(): number {
  const given = process.env.FUZZ_SEED;
  if (given !== undefined && given !== "") {
    const seed = Number(given);
    if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, not ${JSON.stringify(given)}`);
    return seed;
  }
  return Math.floor(Math.random() * 2 ** 31);
}

export const FUZZ_SEED = chooseSeed();

console.log(`fuzz seed ${FUZZ_SEED} (replay: FUZZ_SEED=${FUZZ_SEED} npx vitest run test/validator/fuzz)`);
