/**
 * The error responses come from the spec's table: every row of every operation becomes a body that
 * follows ErrorResponseContent, with the row's code and message; the table says what each check
 * needs (a 403 naming the scope, a 415 listing the content types); and the tables are built from
 * the spec's data, so a spec that lacks a row loses the request check instead of getting a guess.
 */
import { describe, expect, it } from "vitest";
import { errorResponse, type ErrorCodes } from "../../packages/validator/dist/service.js";
import type { ErrorRow, Operation, SpecIR } from "../../generator/src/ir/model.js";
import { apiPlan } from "../../generator/src/emit/validator/api-plan.js";
import { formShapes } from "../../generator/src/emit/validator/form-shapes.js";
import { errorCode, selfServiceRules, serviceOperations } from "../../generator/src/emit/validator/service-tables.js";
import { realIr } from "../support/spec-ir.ts";
import { schemaErrors, validateErrorBody } from "./support/error-schema.ts";

const ir = realIr();
const operationsWithTable = ir.operations.filter((op) => op.errors.length > 0);

function rowsOf(op: Operation): ErrorRow[] {
  return op.errors.map((id) => ir.errors.find((e) => e.id === id)!);
}

function tablesOf(spec: SpecIR) {
  return serviceOperations(spec, apiPlan(spec), formShapes(spec));
}

describe("errorResponse", () => {
  it("gives every row of every operation's table in the vendor's shape", () => {
    expect(operationsWithTable.map((op) => op.id).sort()).toEqual(["patch_resource_server_scopes", "post_flows"]);
    for (const op of operationsWithTable) {
      for (const row of rowsOf(op)) {
        const response = errorResponse(op.id as keyof ErrorCodes, errorCode(row) as never);
        expect(validateErrorBody(response.body), `${row.id}: ${schemaErrors()}`).toBe(true);
        expect(response).toMatchObject({ status: row.status, body: { statusCode: row.status, errorCode: errorCode(row), message: row.message } });
      }
    }
  });

  it("names the status with its RFC 9110 reason phrase", () => {
    const phrases = Object.fromEntries(rowsOf(operationsWithTable[0]!).map((row) => [row.status, errorResponse("post_flows", errorCode(row) as never).body.error]));
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
  it("gives every code once per operation, each code meaning one status everywhere", () => {
    const statusOf = new Map<string, number>();
    for (const op of operationsWithTable) {
      const codes = rowsOf(op).map(errorCode);
      expect(new Set(codes).size, op.id).toBe(codes.length);
      for (const row of rowsOf(op)) {
        expect(statusOf.get(errorCode(row)) ?? row.status, row.id).toBe(row.status);
        statusOf.set(errorCode(row), row.status);
      }
    }
  });

  it("names the operation's scope in its 403 and its content types in its 415", () => {
    for (const op of operationsWithTable) {
      const rows = rowsOf(op);
      expect(rows.find((r) => r.status === 403)!.message).toBe(`Insufficient scope, expected any of: ${op.scope}`);
      expect(rows.find((r) => r.status === 415)!.message).toBe(`Unsupported content type, expected any of: ${op.requestContentTypes.join(", ")}`);
    }
  });

  it("gives both operations a request check, with the 401 rows found through rules 3 and 4", () => {
    const tables = tablesOf(ir);
    expect(tables.filter((t) => t.validator !== null).map((t) => [t.data.id, t.validator])).toEqual([
      ["patch_resource_server_scopes", "validateResourceServerScopesUpdate"],
      ["post_flows", "validateCreateFlowRequest"],
    ]);
    const flows = tables.find((t) => t.data.id === "post_flows")!.data;
    expect(flows.rows).toMatchObject({ invalidToken: { code: "invalid_token" }, notGlobal: { code: "client_not_global" }, missingScope: { code: "insufficient_scope" } });
    expect(flows.formContentType).toBe("application/x-www-form-urlencoded");
  });
});

describe("tables built from the spec's data", () => {
  /** The real IR with the error table of post_flows changed. */
  function withFlowRows(change: (rows: readonly ErrorRow[]) => ErrorRow[]): SpecIR {
    const flows = ir.errors.filter((e) => e.operation === "post_flows");
    const rows = change(flows);
    return {
      ...ir,
      errors: [...ir.errors.filter((e) => e.operation !== "post_flows"), ...rows],
      operations: ir.operations.map((op) => (op.id === "post_flows" ? { ...op, errors: rows.map((r) => r.id) } : op)),
    };
  }

  it("leaves out the request check of an operation whose table lacks a row it answers with", () => {
    const spec = withFlowRows((rows) => rows.filter((r) => r.status !== 415));
    const flows = tablesOf(spec).find((t) => t.data.id === "post_flows")!;
    expect(flows.validator).toBeNull();
    expect(Object.keys(flows.data.errors)).not.toContain("unsupported_media_type");
  });

  it("refuses a 403 that does not name the scope, with the place in the spec", () => {
    const spec = withFlowRows((rows) => rows.map((r) => (r.status === 403 ? { ...r, message: "Forbidden" } : r)));
    expect(() => tablesOf(spec)).toThrow(/spec\/errors\.yaml:\d+:\d+ error SpecServiceTables: the 403 message of post_flows must name its scope create:flows/);
  });

  it("refuses an operation that lists another operation's row", () => {
    const patchRow = ir.errors.find((e) => e.id === "invalid_token__patch_resource_server_scopes")!;
    const spec = withFlowRows((rows) => [...rows.filter((r) => r.id !== "invalid_token"), patchRow]);
    expect(() => tablesOf(spec)).toThrow(/belongs to patch_resource_server_scopes but post_flows lists it/);
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
