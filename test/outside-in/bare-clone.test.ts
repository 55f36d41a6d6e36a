/**
 * A user's clone has nothing beside it: the suite that needs `../shared/reference` must skip, not
 * fail while vitest collects it. Run in its own vitest process with the reference folder pointed
 * at one that does not exist.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/paths.js";

describe("a clone without ../shared", () => {
  it("skips the reference-data suite cleanly", () => {
    const vitest = join(REPO_ROOT, "node_modules", ".bin", "vitest");
    const run = spawnSync(vitest, ["run", "test/spec-reference/reference-data.test.ts", "--typecheck.enabled=false"], {
      cwd: REPO_ROOT,
      encoding: "utf8",
      env: { ...process.env, FLOWSPEC_SHARED: join(REPO_ROOT, "no-such-folder"), NO_COLOR: "1" },
    });
    expect(run.stdout + run.stderr).toMatch(/Test Files\s+1 skipped/);
    expect(run.status).toBe(0);
  });
});
