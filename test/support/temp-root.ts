/**
 * vitest's global setup: one temporary folder for the whole run, removed when the run ends.
 * Helpers that keep a folder for a worker's lifetime (the release project's template) make it here,
 * because a worker of the forks pool is not sure to run its exit handlers.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const TEST_TMP_ENV = "FLOWSPEC_TEST_TMP";

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), "flowspec-test-run-"));
  // Workers are forked after global setup and inherit this.
  process.env[TEST_TMP_ENV] = root;
  return () => rmSync(root, { recursive: true, force: true });
}
