/**
 * The error responses come from the spec's table: one row per code on the wire, naming its
 * operations; every row of every operation becomes a body that follows its interface's error record
 * (ErrorResponseContent, or OAuthErrorResponse at the authorization server), with the row's code and
 * its message worded for the operation; the table says what each check needs (a 403 naming the
 * scope, a 415 listing the content types); and the tables are built from the spec's data, so a spec
 * that lacks a row loses the request check instead of getting a guess.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PACKAGES } from "../support/paths.ts";
import { errorResponse, type ErrorCodes } from "../../packages/validator/dist/service.js";
import type { ErrorRow, Operation, SpecIR } from "../../generator/src/ir/model.js";
import { apiPlan } from "../../generator/src/emit/validator/api-plan.js";
import { formShapes } from "../../generator/src/emit/validator/form-shapes.js";
import { selfServiceRules, serviceOperations } from "../../generator/src/emit/validator/service/service-tables.js";
import { errorMessage } from "../../generator/src/ir/error-messages.js";
import { ERRORS } from "../../packages/types/index.js";
import { realIr } from "../support/spec-ir.ts";
import { schemaErrors, validateErrorBody, validateOAuthErrorBody } from "./support/error-schema.ts";

const ir = realIr();
const operationsWithTable = ir.operations.filter((op) => op.errors.length > 0);

function rowsOf(op: Operation): ErrorRow[] {
  return op.errors.map((id) => ir.errors.find((e) => e.id === id)!);
}

function tablesOf(spec: SpecIR) {
  return serviceOperations(spec, apiPlan(spec), formShapes(spec));
}

describe("errorResponse", () => {
  const management = new Set(["post_flows", "patch_resource_server_scopes"]);

  it("gives every row of every operation's table in its interface's shape", () => {
    expect(operationsWithTable.map((op) => op.id).sort()).toEqual(["get_authorize", "patch_resource_server_scopes", "post_flows", "post_oauth_token", "post_passkey_challenge"]);
    for (const op of operationsWithTable) {
      for (const row of rowsOf(op)) {
        const response = errorResponse(op.id as keyof ErrorCodes, row.id as never);
        const message = errorMessage(row, op);
        if (management.has(op.id)) {
          expect(validateErrorBody(response.body), `${row.id}: ${schemaErrors()}`).toBe(true);
          expect(response).toMatchObject({ status: row.status, body: { statusCode: row.status, errorCode: row.id, message } });
        } else {
          expect(validateOAuthErrorBody(response.body), `${op.id} ${row.id}`).toBe(true);
          expect(response).toMatchObject({ status: row.status, body: { error: row.id, error_description: message }, headers: { "cache-control": "no-store" } });
        }
      }
    }
  });

  it("adds what went wrong in this case after the table's message", () => {
    expect(errorResponse("post_oauth_token", "invalid_grant", { detail: "the code was already used" }).body).toEqual({ error: "invalid_grant", error_description: "Invalid grant: the code was already used" });
  });

  it("names the status with its RFC 9110 reason phrase", () => {
    const phrases = Object.fromEntries(rowsOf(ir.operations.find((op) => op.id === "post_flows")!).map((row) => [row.status, errorResponse("post_flows", row.id as never).body.error]));
    expect(phrases).toEqual({ 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 413: "Content Too Large", 415: "Unsupported Media Type", 429: "Too Many Requests" });
  });

  it("adds the headers a service gives, such as the rate-limit ones of a 429", () => {
    const response = errorResponse("post_flows", "too_many_requests", { headers: { "X-RateLimit-Limit": "10", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1700000000" } });
    expect(response.headers).toMatchObject({ "x-ratelimit-limit": "10", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1700000000" });
  });

  it("answers a code or operation the table lacks with a 500 that says so, without throwing", () => {
    expect(errorResponse("post_flows", "no_such_code" as never)).toMatchObject({ status: 500, body: { errorCode: "unknown_error" } });
    expect(errorResponse("nope" as never, "invalid_token" as never).status).toBe(500);
  });
});

describe("the spec's error table", () => {
  it("has one row per code on the wire, and ERRORS holds those codes and no operation suffix", () => {
    const codes = ir.errors.map((e) => e.id);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).not.toContain("__");
    expect(ERRORS.map((e) => e.id)).toEqual(codes);
    for (const op of operationsWithTable) for (const row of rowsOf(op)) expect(row.operations).toContain(op.id);
  });

  it("agrees with the reference's anchors and the service types' ErrorCodes, code for code", () => {
    const codes = ERRORS.map((e) => e.id).sort();
    const anchors = [...readFileSync(join(PACKAGES, "reference", "errors.md"), "utf8").matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]!);
    expect(anchors.filter((a) => a !== "rate-limits").sort()).toEqual(codes);
    const declarations = readFileSync(join(PACKAGES, "validator", "dist", "service.d.ts"), "utf8");
    const block = declarations.slice(declarations.indexOf("export interface ErrorCodes"), declarations.indexOf("}", declarations.indexOf("export interface ErrorCodes")));
    const declared = new Set([...block.matchAll(/"([a-z_]+)"/g)].map((m) => m[1]!));
    expect([...declared].sort()).toEqual(codes);
    for (const e of ERRORS) for (const op of e.operations) expect(block, `${op} ${e.id}`).toMatch(new RegExp(`readonly ${op}: [^;]*"${e.id}"`));
  });

  it("words the 403 with the operation's scope and the 415 with its content types", () => {
    for (const op of operationsWithTable.filter((o) => o.scope !== undefined)) {
      const rows = rowsOf(op);
      expect(errorMessage(rows.find((r) => r.status === 403)!, op)).toBe(`Insufficient scope, expected any of: ${op.scope}`);
      expect(errorMessage(rows.find((r) => r.status === 415)!, op)).toBe(`Unsupported content type, expected any of: ${op.requestContentTypes.join(", ")}`);
    }
    expect(errorResponse("patch_resource_server_scopes", "insufficient_scope").body.message).toBe("Insufficient scope, expected any of: update:resource_servers");
  });

  it("gives both operations a request check, with the 401 rows found through rules 3 and 4", () => {
    const tables = tablesOf(ir);
    expect(tables.filter((t) => t.validator !== null).map((t) => [t.data.id, t.validator])).toEqual([
      ["get_authorize", "validateAuthorizeQuery"],
      ["patch_resource_server_scopes", "validateResourceServerScopesUpdate"],
      ["post_flows", "validateCreateFlowRequest"],
      ["post_oauth_token", "validateTokenRequest"],
      ["post_passkey_challenge", "validatePasskeyChallengeRequest"],
    ]);
    const flows = tables.find((t) => t.data.id === "post_flows")!.data;
    expect(flows.rows).toMatchObject({ invalidToken: { code: "invalid_token" }, notGlobal: { code: "client_not_global" }, missingScope: { code: "insufficient_scope" } });
    expect(flows.formContentType).toBe("application/x-www-form-urlencoded");
  });
});

describe("tables built from the spec's data", () => {
  /** The real IR with the error table of post_flows changed (the other operations keep theirs). */
  function withFlowRows(change: (rows: readonly ErrorRow[]) => ErrorRow[]): SpecIR {
    const flows = ir.errors.filter((e) => e.operations.includes("post_flows")).map((e) => ({ ...e, operations: ["post_flows"] }));
    const rows = change(flows);
    const others = ir.errors.map((e) => ({ ...e, operations: e.operations.filter((o) => o !== "post_flows") })).filter((e) => e.operations.length > 0);
    return {
      ...ir,
      errors: [...others, ...rows.map((r) => ({ ...r, id: others.some((o) => o.id === r.id) ? `${r.id}_flows` : r.id }))],
      operations: ir.operations.map((op) => (op.id === "post_flows" ? { ...op, errors: rows.map((r) => (others.some((o) => o.id === r.id) ? `${r.id}_flows` : r.id)) } : op)),
    };
  }

  it("leaves out the request check of an operation whose table lacks a row it answers with", () => {
    const spec = withFlowRows((rows) => rows.filter((r) => r.status !== 415));
    const flows = tablesOf(spec).find((t) => t.data.id === "post_flows")!;
    expect(flows.validator).toBeNull();
    expect(Object.keys(flows.data.errors)).not.toContain("unsupported_media_type");
  });

  it("leaves out the request check of an operation whose 403 does not name its scope", () => {
    const spec = withFlowRows((rows) => rows.map((r) => (r.status === 403 ? { ...r, message: "Forbidden" } : r)));
    expect(tablesOf(spec).find((t) => t.data.id === "post_flows")!.validator).toBeNull();
  });

  it("answers a grant rule 7 refuses with the rule's own row, and an unknown grant with the row that names unknown_variant", () => {
    const token = tablesOf(ir).find((t) => t.data.id === "post_oauth_token")!.data;
    expect(token.rows).toMatchObject({ invalidToken: null, byIssue: { unknown_variant: { code: "unsupported_grant_type", status: 400 } }, refusedGrants: { client_credentials: { code: "unauthorized_client", status: 403, rule: "no_client_credentials" } } });
    expect(token.errorStyle).toBe("oauth");
  });

  it("takes the self-service rules from authentication.yaml", () => {
    const rules = selfServiceRules(ir);
    const byKind = (kind: string) => ir.authRules.find((r) => r.kind === kind)!;
    expect(rules.defaultPolicies).toEqual((byKind("default_policies").data as { policies: object }).policies);
    expect(rules.defaultPolicies).toEqual({ client_flows: "deny_all", user_flows: "require_client_grant" });
    expect(rules.fixedPolicies).toEqual([{ flow: "client_flows", rule: "no_client_credentials" }]);
    expect(rules.intersectionOf).toEqual((byKind("granted_permissions").data as { intersectionOf: string[] }).intersectionOf);
  });

  it("refuses a policy the helpers do not know", () => {
    const spec: SpecIR = { ...ir, authRules: ir.authRules.map((r) => (r.kind === "default_policies" ? { ...r, data: { policies: { user_flows: "allow_some" } } } : r)) };
    expect(() => selfServiceRules(spec)).toThrow(/unknown access policy allow_some/);
  });
});
