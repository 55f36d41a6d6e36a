/**
 * `flowspec conformance`, in process from the repository root (its spec and packages): the corpus
 * of recorded traffic in test/fixtures/traffic has every documented mismatch labelled and none
 * new; a mismatch no divergence documents is new and fails the run; HAR and NDJSON, text and JSON,
 * and recordings that cannot be read.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, REPO_ROOT } from "../support/paths.js";
import { runCli } from "../support/run-cli.js";

const CORPUS = join(FIXTURES, "traffic");
let dir: string;

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** A recording's place without its folder: `management.ndjson:15`, `one.har#entries/0`. */
const short = (source: string) => source.slice(source.search(/[^/]+\.(har|ndjson)/));

const run = (argv: readonly string[]) => runCli(["conformance", ...argv], REPO_ROOT);

interface JsonReport {
  exchanges: number;
  conform: number;
  documented: number;
  new: number;
  outside: { source: string }[];
  byDivergence: Record<string, number>;
  mismatched: { source: string; operation: string; status: number; mismatches: { side: string; code: string; at: string; label: string }[] }[];
}

const TOKEN = { authorization: "Bearer redacted", "content-type": "application/json" };
const line = (value: object) => `${JSON.stringify(value)}\n`;
const created = (name: string, extra: object = {}) => ({ id: "af_aj9fK5JBVy9Uo1eSnwCeMS", name, created_at: "2026-03-20T09:14:05.123Z", updated_at: "2026-03-20T09:14:05.123Z", ...extra });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "flowspec-conformance-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the recorded corpus", () => {
  it("covers the five operations with at least 30 requests, labels every documented mismatch and has none new", async () => {
    const result = await run([CORPUS, "--format", "json"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as JsonReport;
    expect(report.exchanges).toBeGreaterThanOrEqual(30);
    expect(new Set(report.mismatched.map((e) => e.operation)).size).toBeGreaterThan(1);
    expect(report.new).toBe(0);
    expect(report.byDivergence).toEqual({ D3: 4, D6: 6, D7: 2, D11: 9, D13: 1, D16: 1 });
    expect(report.documented).toBe(23);
    expect(report.outside.map((o) => o.source)).toEqual([expect.stringMatching(/management\.ndjson:29$/)]);
    const labels = report.mismatched.flatMap((e) => e.mismatches.map((m) => `${short(e.source)} ${m.side} ${m.at} ${m.code} ${m.label}`));
    expect(labels).toContain("management.ndjson:15 request /description unknown_property D11");
    expect(labels).toContain("management.ndjson:15 response /executed_at invalid_type D11");
    expect(labels).toContain("management.ndjson:10 request /actions/0/params/then/0/params/if required D3");
    expect(labels).toContain("management.ndjson:18 response  undocumented_status D13");
    expect(labels).toContain("authentication.har#entries/5 request /redirect_uri required D16");
  });

  it("groups new mismatches by kind, so thousands of them still fit one screen", async () => {
    const flow = { name: "Tagged", tags: ["a"], actions: [{ id: "a", type: "FLOW", action: "DO_NOTHING", params: {}, extra: 1 }] };
    const recording = file("many.ndjson", Array.from({ length: 500 }, () => line({ method: "POST", path: "/api/v2/flows", headers: TOKEN, body: flow, status: 201, response: created("Tagged") })).join(""));
    const result = await run([recording]);
    expect(result.code).toBe(1);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines.length).toBeLessThanOrEqual(24);
    expect(lines).toContain("  0 conform; 500 with mismatches: 0 documented, 1000 new");
    expect(result.stdout).toMatch(/\n {2}post_flows request \/actions\/\*\/extra unknown_property: 500 in 500 exchange\(s\)/);
  });

  it("prints a summary that fits one screen, each divergence once", async () => {
    const result = await run([CORPUS]);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines.length).toBeLessThanOrEqual(24);
    expect(lines[0]).toMatch(/^40 exchange\(s\) in 2 file\(s\), against spec /);
    expect(lines).toContain("  28 conform; 11 with mismatches: 23 documented, 0 new");
    expect(lines.filter((l) => l.startsWith("  D11 "))).toHaveLength(1);
    expect(lines.at(-1)).toBe("ok: every mismatch is a documented divergence");
  });
});

describe("new mismatches", () => {
  it("labels a mismatch no divergence documents as new, lists it and exits 1", async () => {
    const recording = file(
      "new.ndjson",
      line({ method: "POST", path: "/api/v2/flows", headers: TOKEN, body: { name: "Tagged", tags: ["a"] }, status: 201, response: created("Tagged") }) +
        line({ method: "POST", path: "/api/v2/flows", headers: TOKEN, body: { name: "Fine" }, status: 202, response: created("Fine") }),
    );
    const result = await run([recording]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("new mismatches (2):");
    expect(result.stdout).toMatch(/\n {2}post_flows request \/tags unknown_property: 1 in 1 exchange\(s\), e\.g\. \S*new\.ndjson:1 \(POST → 201\): /);
    // D13 documents a 200, not any other status.
    expect(result.stdout).toMatch(/\n {2}post_flows response \/ undocumented_status: 1 in 1 exchange\(s\), e\.g\. \S*new\.ndjson:2 \(POST → 202\): status 202;/);
    expect(result.stdout.trimEnd().split("\n").at(-1)).toMatch(/^error: new mismatches/);
  });

  it("holds a divergence's sign to its variant: `if` missing elsewhere is new", async () => {
    // The sign of D3 names FLOW:BOOLEAN_CONDITION; the same pointer in another action is not D3.
    const action = { id: "a", type: "FLOW", action: "STORE_VARS", params: { vars: {}, if: true } };
    const recording = file("variant.ndjson", line({ method: "POST", path: "/api/v2/flows", headers: TOKEN, body: { name: "V", actions: [action] }, status: 201, response: created("V") }));
    const report = JSON.parse((await run([recording, "--format", "json"])).stdout) as JsonReport;
    expect(report.mismatched[0]!.mismatches.map((m) => [m.side, m.at, m.code, m.label])).toEqual([["request", "/actions/0/params/if", "unknown_property", "new"]]);
  });

  it("finds a service that refuses a request the spec accepts, and an error code the table lacks", async () => {
    const recording = file(
      "refusals.ndjson",
      line({ method: "POST", path: "/api/v2/flows", headers: TOKEN, body: { name: "Valid" }, status: 400, response: { statusCode: 400, error: "Bad Request", message: "no", errorCode: "invalid_body" } }),
    );
    const report = JSON.parse((await run([recording, "--format", "json"])).stdout) as JsonReport;
    expect(report.mismatched[0]!.mismatches.map((m) => [m.side, m.code, m.label])).toEqual([
      ["request", "refused_valid_request", "new"],
      ["response", "undocumented_error_code", "new"],
    ]);
  });
});

describe("recordings", () => {
  it("reads HAR: the URL's origin dropped, the query routed, postData by its MIME type", async () => {
    const har = {
      log: {
        entries: [
          {
            request: { method: "POST", url: "https://login.example.com/passkey/challenge", headers: [], postData: { mimeType: "application/json", text: '{"client_id":"abc","extra":1}' } },
            response: { status: 200, content: { mimeType: "application/json", text: "{}" } },
          },
          { request: { method: "GET", url: "https://login.example.com/authorize?response_type=code&client_id=abc", headers: [] }, response: { status: 302, content: {} } },
        ],
      },
    };
    const report = JSON.parse((await run([file("one.har", JSON.stringify(har)), "--format", "json"])).stdout) as JsonReport;
    expect(report.exchanges).toBe(2);
    expect(report.mismatched.map((e) => [short(e.source), e.mismatches.map((m) => `${m.at} ${m.code}`)])).toEqual([
      ["one.har#entries/0", ["/extra unknown_property"]],
      ["one.har#entries/1", ["/redirect_uri required"]],
    ]);
  });

  it("takes a body recorded as JSON without its headers as JSON, in the request check as elsewhere", async () => {
    const recording = file("bare.ndjson", line({ method: "POST", path: "/api/v2/flows", body: { name: "Bare" }, status: 201, response: created("Bare") }));
    const report = JSON.parse((await run([recording, "--format", "json"])).stdout) as JsonReport;
    expect([report.conform, report.new]).toEqual([1, 0]);
  });

  it("refuses recordings that cannot be read, at their line, and checks nothing (exit 2)", async () => {
    const bad = file("bad.ndjson", `${line({ method: "POST", path: "/api/v2/flows", status: 201 })}{not json\n${line({ method: "POST", path: "/x" })}`);
    const result = await run([bad]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/bad\.ndjson:2: not JSON/);
    expect(result.stderr).toMatch(/bad\.ndjson:3: `status` must be the response's HTTP status/);
  });

  it("answers a wrong call with its usage (exit 2), and `help conformance`", async () => {
    expect((await run([])).code).toBe(2);
    expect((await run([CORPUS, "--format", "xml"])).stderr).toContain("--format xml: use text or json");
    const help = await runCli(["help", "conformance"], REPO_ROOT);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage: flowspec conformance <file\|folder…>/);
  });
});
