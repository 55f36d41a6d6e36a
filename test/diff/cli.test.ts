/**
 * `flowspec diff` as a release check would run it, in process through `main(argv)`: output and
 * exit codes.
 */
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";
import { actionPath, copySpec, editYaml, setVersion } from "../support/yaml-edits.js";

/** A project folder whose `spec` has one new optional variant property, next to an `old` copy. */
function projectWithMinorChange(newVersion: string): { root: string; old: string } {
  const spec = copySpec();
  const root = dirname(spec);
  const old = copySpec();
  setVersion(old, "1.0.0");
  setVersion(spec, newVersion);
  editYaml(spec, "flow-actions/flow.yaml", (doc) =>
    doc.setIn([...actionPath(doc, "DELAY_FLOW"), "params", "properties", "reason"], { type: "string" }),
  );
  return { root, old };
}

describe("flowspec diff", () => {
  it("exits 1 when the version is not bumped enough and 0 when it is, comparing with ./spec by default", async () => {
    const { root, old } = projectWithMinorChange("1.0.0");
    const stale = await runCli(["diff", old], root);
    expect(stale.stderr).toBe("");
    expect(stale.stdout).toBe(
      [
        "minor  FLOW:DELAY_FLOW params.reason added (optional)",
        "1 change: 0 major, 1 minor, 0 patch",
        "per package: types minor, validator minor, schema minor, reference minor, fixtures minor",
        "required bump: minor",
        "specVersion 1.0.0 → 1.0.0: not enough; needs at least 1.1.0",
        "",
      ].join("\n"),
    );
    expect(stale.code).toBe(1);
    setVersion(join(root, "spec"), "1.1.0");
    const bumped = await runCli(["diff", old, "spec"], root);
    expect(bumped.stdout).toContain("specVersion 1.0.0 → 1.1.0: ok");
    expect(bumped.code).toBe(0);
  });

  it("prints the problems of a broken spec and exits 1", async () => {
    const spec = copySpec();
    writeFileSync(join(spec, "limits.yaml"), "limits: [\n");
    const run = await runCli(["diff", spec, spec], dirname(spec));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^spec\/limits\.yaml:\d+:\d+ error SpecYamlSyntax: /m);
    expect(run.stderr).toContain("nothing was compared");
    expect(run.stdout).toBe("");
  });

  it("exits 2 without an old spec folder or with too many, and 0 with its help", async () => {
    const root = dirname(copySpec());
    for (const args of [["diff"], ["diff", "a", "b", "c"], ["diff", "--nope", "a"]]) {
      const run = await runCli(args, root);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("usage: flowspec diff <old-spec-dir> [<new-spec-dir>]");
    }
    const help = await runCli(["diff", "--help"], root);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("usage: flowspec diff");
  });

  it("names a missing folder without suggesting an option diff does not have", async () => {
    const { root } = projectWithMinorChange("1.1.0");
    const run = await runCli(["diff", "no-such-spec"], root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("no-such-spec:1:1 error SpecMissingFile: the spec folder does not exist; name the folder that holds flowspec.yaml.");
    expect(run.stderr).not.toContain("--spec");
  });
});
