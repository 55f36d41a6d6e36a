/**
 * `flowspec validate` takes the names `--as` accepts from the stamp `generate` leaves beside the
 * validator while the spec is unchanged, and goes back to the spec when the spec has changed since
 * or the stamp cannot be trusted: copies of the spec and of the validator package, with the stamp
 * edited to tell the two ways apart.
 */
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { STAMP_PATH, specDigest } from "../../generator/src/payload/validate-stamp.js";
import { PACKAGES, REAL_SPEC } from "../support/paths.js";
import { runCli } from "../support/run-cli.js";

const FLOW = '{"name":"Onboarding","actions":[{"id":"noop","type":"FLOW","action":"DO_NOTHING"}]}';
const VALID = { code: 0, stdout: "flow.json: valid\n1 file(s): 1 valid, 0 invalid\n", stderr: "" };
const dirs: string[] = [];

type Stamp = { targets: Record<string, unknown> };

/** A project folder: the spec, the validator package with its stamp changed by `edit`, and flow.json. */
function project(edit: (stamp: Stamp) => void): string {
  const dir = mkdtempSync(join(tmpdir(), "flowspec-validate-stamp-"));
  dirs.push(dir);
  cpSync(REAL_SPEC, join(dir, "spec"), { recursive: true });
  cpSync(join(PACKAGES, "validator"), join(dir, "packages", "validator"), { recursive: true });
  writeFileSync(join(dir, "flow.json"), FLOW);
  const stampFile = join(dir, "packages", STAMP_PATH);
  const stamp = JSON.parse(readFileSync(stampFile, "utf8")) as Stamp;
  edit(stamp);
  writeFileSync(stampFile, JSON.stringify(stamp));
  return dir;
}

// Without post_flows in the stamp, only a command that reads the stamp refuses the name.
const withoutPostFlows = (stamp: Stamp) => void delete stamp.targets.post_flows;

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("flowspec validate, the stamp beside the generated validator", () => {
  it("is the committed packages' own: its digest is the spec's", () => {
    const stamp = JSON.parse(readFileSync(join(PACKAGES, STAMP_PATH), "utf8")) as { specDigest: string };
    expect(stamp.specDigest).toBe(specDigest(REAL_SPEC));
  });

  it("gives the names while the spec is unchanged, without loading the spec", async () => {
    const dir = project(withoutPostFlows);
    const run = await runCli(["validate", "flow.json", "--as", "post_flows"], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--as post_flows: not a record, operation or TYPE:ACTION key");
    expect(await runCli(["validate", "flow.json", "--as", "CreateFlowRequestContent"], dir)).toEqual(VALID);
  });

  it("is passed over once the spec has changed: the spec gives the names", async () => {
    const dir = project(withoutPostFlows);
    appendFileSync(join(dir, "spec", "limits.yaml"), "\n# an edit after generate\n");
    expect(await runCli(["validate", "flow.json", "--as", "post_flows"], dir)).toEqual(VALID);
  });

  it("is passed over when an entry is not what generate writes", async () => {
    const dir = project((stamp) => void (stamp.targets.post_flows = { stem: 5 }));
    expect(await runCli(["validate", "flow.json", "--as", "post_flows"], dir)).toEqual(VALID);
  });

  it("is the same for a spec with CRLF line ends", () => {
    const crlf = mkdtempSync(join(tmpdir(), "flowspec-validate-crlf-"));
    dirs.push(crlf);
    cpSync(REAL_SPEC, crlf, { recursive: true });
    const file = join(crlf, "flowspec.yaml");
    writeFileSync(file, readFileSync(file, "utf8").replaceAll("\n", "\r\n"));
    expect(specDigest(crlf)).toBe(specDigest(REAL_SPEC));
  });
});
