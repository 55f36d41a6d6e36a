/**
 * vitest's global setup: one temporary folder for the whole run, removed when the run ends.
 * Helpers that keep a folder for a worker's lifetime (the release project's template) or for the
 * run (`oncePerRun`: the packed tarballs, the installed packages) make it here, because a worker of
 * the forks pool is not sure to run its exit handlers.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const TEST_TMP_ENV = "FLOWSPEC_TEST_TMP";

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), "flowspec-test-run-"));
  // Workers are forked after global setup and inherit this.
  process.env[TEST_TMP_ENV] = root;
  return () => rmSync(root, { recursive: true, force: true });
}

/** The run's folder, or (a run without the global setup) a folder removed when the process exits. */
export function runFolder(): string {
  const parent = process.env[TEST_TMP_ENV];
  if (parent !== undefined) return parent;
  const root = mkdtempSync(join(tmpdir(), "flowspec-test-run-"));
  process.once("exit", () => rmSync(root, { recursive: true, force: true }));
  process.env[TEST_TMP_ENV] = root;
  return root;
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * A folder of the run that `make` fills once, whichever worker asks first: the others wait for it
 * (a lock folder beside it, made atomically by mkdir), then every caller gets the finished folder.
 * For what costs seconds and tests only read: the packed tarballs, an npm install.
 */
export function oncePerRun(name: string, make: (dir: string) => void): string {
  const dir = join(runFolder(), name);
  const done = join(dir, ".done");
  const lock = `${dir}.lock`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (existsSync(done)) return dir;
    try {
      mkdirSync(lock);
    } catch {
      // Another worker is making it (a worker that died leaves its lock: give up after 5 minutes).
      if (Date.now() > deadline) throw new Error(`${dir} was not made within 5 minutes (a stale ${lock}?)`);
      Atomics.wait(pause, 0, 0, 100);
      continue;
    }
    try {
      if (existsSync(done)) return dir;
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir);
      make(dir);
      writeFileSync(done, "");
      return dir;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
