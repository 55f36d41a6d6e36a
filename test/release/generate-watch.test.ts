/**
 * `generate --watch` on a temporary spec: it generates at once, again after an edit (one run for a
 * burst of writes), reports a bad edit and writes nothing — the packages keep their last good
 * state, never half of a run — and picks up the fix.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { watchGenerate, type Watching, type WatchRun } from "../../generator/src/commands/generate/watch.js";
import { snapshotTree, tempProject } from "../support/temp-project.js";

let watching: Watching | undefined;
afterEach(() => watching?.close());

/** The promise's value, or a failure naming what did not happen in time (rather than the test's timeout). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const problemsOf = (run: WatchRun) => ("result" in run ? run.result.diagnostics.map((d) => d.code) : [run.error.message]);

describe("generate --watch", () => {
  it("regenerates on every change, keeps the last good packages after a bad edit, and recovers", async () => {
    const project = tempProject();
    const runs: WatchRun[] = [];
    watching = watchGenerate({ specDir: project.specDir, outDir: project.outDir, displayRoot: project.root, debounceMs: 50 }, (run) => runs.push(run));

    const first = await watching.nextRun();
    expect(problemsOf(first)).toEqual([]);

    // An edit, saved three times in a row: one run.
    const root = join(project.specDir, "flowspec.yaml");
    const original = readFileSync(root, "utf8");
    const next = watching.nextRun();
    for (let i = 0; i < 3; i++) writeFileSync(root, original.replace(/^title: .*$/m, "title: Watched spec"));
    expect(problemsOf(await next)).toEqual([]);
    expect(watching.runs).toBe(2);
    const good = snapshotTree(project.outDir);
    expect([...good.values()].some((text) => text.includes("Watched spec"))).toBe(true);

    // A bad edit: diagnostics, nothing written.
    const broken = watching.nextRun();
    writeFileSync(root, `${original}\nnot: [closed\n`);
    expect(problemsOf(await broken)).toContain("SpecYamlSyntax");
    expect(snapshotTree(project.outDir)).toEqual(good);

    // The fix is picked up.
    const fixed = watching.nextRun();
    writeFileSync(root, original);
    expect(problemsOf(await fixed)).toEqual([]);
    expect([...snapshotTree(project.outDir).values()].some((text) => text.includes("Watched spec"))).toBe(false);
    expect(runs.length).toBe(watching.runs);
  });

  it("keeps seeing a file saved by rename (editors' atomic save, sed -i, git checkout)", async () => {
    const project = tempProject();
    watching = watchGenerate({ specDir: project.specDir, outDir: project.outDir, displayRoot: project.root, debounceMs: 50 }, () => {});
    await watching.nextRun();
    const root = join(project.specDir, "flowspec.yaml");
    const original = readFileSync(root, "utf8");
    const saveByRename = (title: string) => {
      writeFileSync(`${root}.tmp`, original.replace(/^title: .*$/m, `title: ${title}`));
      renameSync(`${root}.tmp`, root);
    };
    const titles = () => [...snapshotTree(project.outDir).values()].join("\n");
    for (const title of ["Renamed once", "Renamed twice", "Renamed thrice"]) {
      const next = watching.nextRun();
      saveByRename(title);
      expect(problemsOf(await within(next, 10_000, `a run after saving "${title}" by rename`))).toEqual([]);
      expect(titles()).toContain(title);
    }
  });
});
