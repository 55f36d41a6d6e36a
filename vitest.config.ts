import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // The examples' own suites run too: examples/test-kit is a service's test suite built on @flowspec/fixtures.
    include: ["test/**/*.test.ts", "examples/*/test/**/*.test.ts"],
    testTimeout: 60_000,
    // Forks, not threads: the CLI runs in process (test/support/run-cli.ts) and changes directory,
    // which a worker thread may not. On 2 cores vitest runs one worker, so every file shares it.
    pool: "forks",
    // One temporary folder for the run (test/support/temp-root.ts), removed at its end.
    globalSetup: ["test/support/temp-root.ts"],
    // Test files share their worker's process and module cache: loading the generator, Ajv and
    // the spec once per worker instead of once per file saves most of the suite's CPU. Nothing
    // leaks between files: the IR is frozen, and tests write only to their own temporary folders.
    isolate: false,
    // Type-only suites are checked by tsc, not run; a failing `expectTypeOf` is reported where it is.
    typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "test/type-tests.tsconfig.json" },
  },
});
