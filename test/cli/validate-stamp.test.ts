/**
 * `flowspec validate` takes the names `--as` accepts from the stamp `generate` leaves beside the
 * validator while the spec is unchanged, and goes back to the spec when the spec has changed since:
 * a copy of the spec and of the packages, a stamp edited to tell the two ways apart.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAMP_PATH, specDigest } from "../../generator/src/validate/validate-stamp.js";
import { PACKAGES, REAL_SPEC } from "../support/paths.js";
import { runCli } from "../support/run-cli.js";

let dir: string;
const FLOW = '{"name":"Onboarding","actions":[{"id":"noop","type":"FLOW","action":"DO_NOTHING"}]}';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "flowspec-validate-stamp-"));
  cpSync(REAL_SPEC, join(dir, "spec"), { recursive: true });
  cpSync(join(PACKAGES, "validator"), join(dir, "packages", "validator"), { recursive: true });
  writeFileSync(join(dir, "flow.json"), FLOW);
  // Without post_flows in the stamp, only a command that reads the stamp refuses the name.
  const stampFile = join(dir, "packages", STAMP_PATH);
  const stamp = JSON.parse(readFileSync(stampFile, "utf8")) as { targets: Record<string, unknown> };
  delete stamp.targets.post_flows;
  writeFileSync(stampFile, JSON.stringify(stamp));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("flowspec validate, the stamp beside the generated validator", () => {
  it("is the committed packages' own: its digest is the spec's", () => {
    const stamp = JSON.parse(readFileSync(join(PACKAGES, STAMP_PATH), "utf8")) as { specDigest: string };
    expect(stamp.specDigest).toBe(specDigest(REAL_SPEC));
  });

  it("gives the names while the spec is unchanged, without loading the spec", async () => {
    const run = await runCli(["validate", "flow.json", "--as", "post_flows"], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--as post_flows: not a record, operation or TYPE:ACTION key");
    expect((await runCli(["validate", "flow.json", "--as", "CreateFlowRequestContent"], dir)).code).toBe(0);
  });

  it("is passed over once the spec has changed: the spec gives the names", async () => {
    appendFileSync(join(dir, "spec", "limits.yaml"), "\n# an edit after generate\n");
    const run = await runCli(["validate", "flow.json", "--as", "post_flows"], dir);
    expect(run).toEqual({ code: 0, stdout: "flow.json: valid\n1 file(s): 1 valid, 0 invalid\n", stderr: "" });
  });

  it("is the same for a spec with CRLF line ends", () => {
    const crlf = join(dir, "crlf");
    cpSync(REAL_SPEC, crlf, { recursive: true });
    const file = join(crlf, "flowspec.yaml");
    writeFileSync(file, readFileSync(file, "utf8").replaceAll("\n", "\r\n"));
    expect(specDigest(crlf)).toBe(specDigest(REAL_SPEC));
  });
});
