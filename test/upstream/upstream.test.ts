/**
 * `flowspec upstream`: an unchanged document says nothing; documents built from the spec's own
 * history (an earlier edition of the WebAuthn grant) and hand-made edits of the spec's OpenAPI
 * document (a removed variant, a widened field, a new optional field) are each reported as new at
 * the place in spec/ to edit; a difference at a place a disagreement names is recorded, not new.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SpecIR } from "../../generator/src/ir/model.js";
import { loadIr } from "../../generator/src/ir/load-ir.js";
import { openApiDocument } from "../../generator/src/openapi/openapi-document.js";
import { compareWithUpstream, type UpstreamDifference } from "../../generator/src/upstream/compare-spec.js";
import { REAL_SPEC, REPO_ROOT } from "../support/paths.js";
import { runCli } from "../support/run-cli.js";
import { copySpec, editYaml } from "../support/yaml-edits.js";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- edits reach into a JSON document

let ir: SpecIR;
let dir: string;

beforeAll(() => {
  ir = loadIr({ specDir: REAL_SPEC }).ir!;
  dir = mkdtempSync(join(tmpdir(), "flowspec-upstream-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The spec's own document, edited. */
function edited(edit: (doc: Json) => void): Json {
  const doc = structuredClone(openApiDocument(ir)) as Json;
  edit(doc);
  return doc;
}

const summary = (d: UpstreamDifference) => `${d.loc.file}:${d.loc.line} ${d.classification.as === "new" ? "new" : `${d.classification.as} ${d.classification.id ?? ""}`.trim()}: ${d.place} — ${d.what}`;

describe("flowspec upstream", () => {
  it("reports nothing for an unchanged document (the spec's own, as @flowspec/schema ships it)", async () => {
    expect(compareWithUpstream(ir, openApiDocument(ir)).differences).toEqual([]);
    const run = await runCli(["upstream", "packages/schema/openapi.json"], REPO_ROOT);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("  0 difference(s): 0 recorded disagreement(s), 0 recorded decision(s), 0 new\nok: nothing new\n");
  });

  it("reports a removed variant as new, at the variant in its provider file", () => {
    const doc = edited((d) => {
      const stripe = d.components.schemas.FlowActionStripe;
      stripe.oneOf = stripe.oneOf.filter((m: Json) => m.$ref !== "#/components/schemas/FlowActionStripeAddTaxId");
      stripe.properties.action.enum = stripe.properties.action.enum.filter((a: string) => a !== "ADD_TAX_ID");
    });
    const variant = ir.flowActions.types.find((t) => t.type === "STRIPE")!.variants.find((v) => v.action === "ADD_TAX_ID")!;
    const lines = compareWithUpstream(ir, doc).differences.map(summary);
    expect(lines).toContain(`spec/flow-actions/stripe.yaml:${variant.loc.line} new: post_flows request application/json CreateFlowRequestContent.actions[][type=STRIPE][action=ADD_TAX_ID] — this variant is not in the upstream document`);
    expect(lines.every((l) => l.includes(" new: "))).toBe(true);
  });

  it("reports a widened field as new, at the field", () => {
    const doc = edited((d) => {
      d.components.schemas.CreateFlowResponseContent.properties.name.maxLength = 300;
    });
    const name = ir.records.find((r) => r.name === "CreateFlowResponseContent")!.schema;
    const line = name.kind === "object" ? name.properties.find((p) => p.name === "name")!.schema.loc.line : 0;
    expect(compareWithUpstream(ir, doc).differences.map(summary)).toEqual([`spec/records/flow.yaml:${line} new: post_flows response 201 CreateFlowResponseContent.name — maxLength 150 here, 300 upstream`]);
  });

  it("reports a new optional field as new, at the record that would hold it; one a disagreement names is recorded", () => {
    const doc = edited((d) => {
      d.components.schemas.PasskeyChallengeRequest.properties.login_hint = { type: "string" };
      d.components.schemas.CreateFlowRequestContent.properties.description = { type: "string" };
    });
    const record = (name: string) => ir.records.find((r) => r.name === name)!.loc.line;
    expect(compareWithUpstream(ir, doc).differences.map(summary)).toEqual([
      `spec/records/flow.yaml:${record("CreateFlowRequestContent")} disagreement D11: post_flows request application/json CreateFlowRequestContent.description — a new optional field upstream`,
      `spec/records/self-service.yaml:${record("PasskeyChallengeRequest")} new: post_passkey_challenge request application/json PasskeyChallengeRequest.login_hint — a new optional field upstream`,
    ]);
  });

  it("classifies by a disagreement's traffic signs too: a 200 for POST /flows is D13, a 202 is new", () => {
    const doc = edited((d) => {
      const responses = d.paths["/api/v2/flows"].post.responses;
      responses["200"] = responses["201"];
      responses["202"] = responses["201"];
    });
    expect(compareWithUpstream(ir, doc).differences.map((d) => `${d.what}: ${d.classification.as === "new" ? "new" : d.classification.id}`)).toEqual(["status 200 only upstream: D13", "status 202 only upstream: new"]);
  });

  it("reports the spec's own earlier edition of the WebAuthn grant (urn:auth0, before 2.0.0) as new variants both ways", () => {
    const specDir = copySpec();
    const urn = "urn:auth0:params:oauth:grant-type:webauthn";
    editYaml(specDir, "records/self-service.yaml", (doc) => {
      doc.setIn(["records", "WebAuthnTokenRequest", "properties", "grant_type", "const"], urn);
      doc.setIn(["records", "WebAuthnTokenRequest", "examples", 0, "grant_type"], urn);
      doc.setIn(["records", "TokenRequest", "examples", 0, "grant_type"], urn);
    });
    // Rule 6 names the grant its native-passkey flow uses, so that edition named the old URN there too.
    const rules = join(specDir, "authentication.yaml");
    writeFileSync(rules, readFileSync(rules, "utf8").replaceAll("urn:okta:params:oauth:grant-type:webauthn", urn));
    const earlier = loadIr({ specDir }).ir!;
    const lines = compareWithUpstream(ir, openApiDocument(earlier)).differences.map(summary);
    const webauthn = ir.records.find((r) => r.name === "WebAuthnTokenRequest")!.loc.line;
    expect(lines).toEqual([
      `spec/records/self-service.yaml:${webauthn} new: post_oauth_token request application/json TokenRequest[grant_type=urn:okta:params:oauth:grant-type:webauthn] — this variant is not in the upstream document`,
      expect.stringMatching(/ new: post_oauth_token request application\/json TokenRequest\[grant_type=urn:auth0:params:oauth:grant-type:webauthn\] — a variant only upstream \(WebAuthnTokenRequest\)$/),
    ]);
  });

  it("reads the document's base path, paths written with their query, and YAML; refuses what is not OpenAPI 3", async () => {
    const doc = edited((d) => {
      d.servers = [{ url: "https://{tenantDomain}/api/v2" }];
      d.paths = { "/flows?expand=actions": d.paths["/api/v2/flows"] };
    });
    const report = compareWithUpstream(ir, doc);
    expect(report.covered).toEqual(["post_flows"]);
    expect(report.differences).toEqual([]);
    // Two paths that differ only by their query are one operation; their bodies are members of one union, named by operation id.
    const twice = edited((d) => {
      const post = d.paths["/api/v2/flows"].post;
      d.paths = { "/api/v2/flows?a=1": { post: { ...post, operationId: "first" } }, "/api/v2/flows?b=2": { post: { ...post, operationId: "second" } } };
    });
    expect(compareWithUpstream(ir, twice).differences.map((d) => `${d.place} — ${d.what}`)).toEqual([
      "post_flows request application/json CreateFlowRequestContent[member=#1] — a variant only upstream (second)",
    ]);
    const yamlFile = join(dir, "doc.yaml");
    writeFileSync(yamlFile, `openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths: {}\n`);
    const yamlRun = await runCli(["upstream", yamlFile], REPO_ROOT);
    expect(yamlRun.stdout).toContain("covers: none of the spec's operations");
    expect(yamlRun.code).toBe(0);
    const swagger = join(dir, "swagger.json");
    writeFileSync(swagger, `{"swagger": "2.0", "paths": {}}`);
    const refused = await runCli(["upstream", swagger], REPO_ROOT);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('not an OpenAPI 3.x document (no "openapi": "3.…")');
    expect((await runCli(["help", "upstream"], REPO_ROOT)).stdout).toMatch(/^usage: flowspec upstream <openapi document>/);
  });
});
