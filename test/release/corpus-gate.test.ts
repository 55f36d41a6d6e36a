/**
 * The consumer-corpus gate (`flowspec release --check --corpus`), in process on temporary projects
 * with the corpus of test/fixtures/traffic: a narrowing edit names each request that now fails,
 * with its place and the change; a widening one names each that now passes; a description change
 * flips nothing; and the place of an issue is named in the diff's words.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadIr } from "../../generator/src/ir/load-ir.js";
import { issuePlaces } from "../../generator/src/commands/release/corpus-where.js";
import { FIXTURES, REAL_SPEC } from "../support/paths.js";
import { runCli } from "../support/run-cli.js";
import { editYaml, setVersion } from "../support/yaml-edits.js";
import { LAST, NEXT_MAJOR, releaseProject } from "./release-project.js";

const CORPUS = join(FIXTURES, "traffic");

describe("flowspec release --check --corpus", () => {
  it("flips nothing on a description change (a patch)", async () => {
    const { root, specDir } = releaseProject();
    editYaml(specDir, "records/self-service.yaml", (doc) => doc.setIn(["records", "PasskeyChallengeRequest", "properties", "realm", "description"], "The database connection."));
    const [major, minor, patch] = LAST.version.split(".").map(Number) as [number, number, number];
    setVersion(specDir, `${major}.${minor}.${patch + 1}`);
    expect((await runCli(["generate"], root)).code).toBe(0);
    const run = await runCli(["release", "--check", "--corpus", CORPUS], root);
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(/your corpus: 39 request\(s\) through the last release's validator and the new one \(1 of other endpoints\): 0 now fail, 0 now pass\n/);
    expect(run.stdout).toContain("needed: patch (the rules: patch; the examples: none; your corpus: none)");
    expect(run.code).toBe(0);
  });

  it("names each request a narrowing edit makes fail, where, and the change; the release is major for you", async () => {
    const { root, specDir } = releaseProject();
    editYaml(specDir, "records/self-service.yaml", (doc) => doc.setIn(["records", "PasskeyChallengeRequest", "properties", "organization", "maxLength"], 10));
    // Widening: the code exchange without redirect_uri (D16) now passes.
    editYaml(specDir, "records/self-service.yaml", (doc) => doc.setIn(["records", "AuthorizationCodeTokenRequest", "required"], ["grant_type", "client_id", "code"]));
    const run = await runCli(["release", "--check", "--corpus", CORPUS], root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(": 1 now fail, 1 now pass\n  major for you: 1 of your 39 requests now fail at /organization\n");
    expect(run.stderr).toMatch(/traffic\/authentication\.har#entries\/10 post_passkey_challenge now fails at \/organization: must have at most 10 characters ← major record PasskeyChallengeRequest\.organization maxLength added 10/);
    expect(run.stderr).toMatch(/traffic\/authentication\.har#entries\/5 post_oauth_token now passes at \/redirect_uri ← major record AuthorizationCodeTokenRequest\.redirect_uri becomes optional/);
    expect(run.stderr).toContain(`your corpus: major) → at least ${NEXT_MAJOR}`);
  });

  it("does not count a request that now passes against the release", async () => {
    const { root, specDir } = releaseProject();
    editYaml(specDir, "records/self-service.yaml", (doc) => doc.setIn(["records", "PasskeyChallengeRequest", "properties", "organization", "maxLength"], 100));
    editYaml(specDir, "records/self-service.yaml", (doc) => doc.setIn(["records", "AuthorizationCodeTokenRequest", "required"], ["grant_type", "client_id", "code"]));
    const run = await runCli(["release", "--check", "--corpus", CORPUS], root);
    expect(run.stderr).toContain(": 0 now fail, 1 now pass\n");
    expect(run.stderr).not.toContain("major for you");
    expect(run.stderr).toContain("your corpus: none)");
  });

  it("refuses a corpus that cannot be read, and --corpus without --check", async () => {
    const { root } = releaseProject();
    const missing = await runCli(["release", "--check", "--corpus", "no-such-folder"], root);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("--corpus: 1 recording(s) cannot be read: no-such-folder: cannot be read (no such file or folder)");
    expect((await runCli(["release", "--corpus", CORPUS], root)).code).toBe(2);
  });
});

describe("the place of an issue, in the diff's words", () => {
  const { ir } = loadIr({ specDir: REAL_SPEC });
  const place = issuePlaces(ir!);
  const flow = {
    name: "n",
    actions: [{ id: "c", type: "FLOW", action: "BOOLEAN_CONDITION", alias: "x", params: { if: true, then: [{ id: "t", type: "STRIPE", action: "ADD_TAX_ID", params: { connection_id: "ac_1", customer_id: "cus_1", type: "eu_vat", value: "v" } }] } }],
  };
  const cases: [pointer: string, where: string][] = [
    ["/name", "record CreateFlowRequestContent.name"],
    ["/actions/0", "FLOW:BOOLEAN_CONDITION"],
    ["/actions/0/alias", "FlowAction.alias"],
    ["/actions/0/params/then/0/params/value", "STRIPE:ADD_TAX_ID params.value"],
    ["/actions/0/params/then/0/params/connection_id", "record VaultConnectionId"],
    ["/actions/0/params/unknown", "FLOW:BOOLEAN_CONDITION params.unknown"],
  ];
  it.each(cases)("%s is at %s", (pointer, where) => {
    expect(place("CreateFlowRequestContent", flow, pointer.split("/").slice(1)).where).toBe(where);
  });

  it("picks a union's member by its discriminator", () => {
    const body = { grant_type: "authorization_code", client_id: "c", code: "x" };
    expect(place("TokenRequest", body, ["redirect_uri"]).where).toBe("record AuthorizationCodeTokenRequest.redirect_uri");
  });
});
