/**
 * `openapi.json` from the npm-installed `@flowspec/schema`, through real OpenAPI consumers:
 *
 * - openapi-typescript turns it into types, which a small client compiles against (and a misuse
 *   fails to compile);
 * - Prism's mock server (`prism mock`, over HTTP) answers each documented error status of each
 *   operation with a body the installed validator's service entry gives for that status, and an
 *   invalid body with the 400 our request check gives.
 *
 * Both tools are the registry's, in the `test/openapi-tools` workspace (openapi-typescript needs
 * TypeScript 5's compiler API; the repository's TypeScript is the native 7).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consumerProject, type SharedNpmProject } from "../support/npm-install.js";
import { REPO_ROOT } from "../support/paths.js";
import { typeCheck } from "../support/tsc.js";

const TOOLS = join(REPO_ROOT, "test", "openapi-tools");
const OPENAPI_TYPESCRIPT = join(TOOLS, "node_modules", ".bin", "openapi-typescript");
const PRISM = join(REPO_ROOT, "node_modules", ".bin", "prism");

type Json = Record<string, unknown>;
interface Operation {
  readonly operationId: string;
  readonly parameters?: readonly { name: string; in: string; required?: boolean; example?: string }[];
  readonly requestBody?: { content: Record<string, { schema: { $ref: string } }> };
  readonly responses: Record<string, { content?: Record<string, { example?: Json }> }>;
  readonly security?: readonly Json[];
}
type ErrorResponse = (operation: string, code: string) => { status: number; body: Json };

let project: SharedNpmProject;
/** This suite's folder in the shared consumer project. */
let work: string;
let document: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, { examples?: Json[] }> } };

beforeAll(async () => {
  project = consumerProject();
  work = project.workspace("openapi-consumers");
  const { readFileSync } = await import("node:fs");
  document = JSON.parse(readFileSync(project.path("node_modules/@flowspec/schema/openapi.json"), "utf8")) as typeof document;
}, 120_000);

describe("openapi-typescript", () => {
  it("generates types that a client compiles against, and that refuse a wrong body", () => {
    execFileSync(OPENAPI_TYPESCRIPT, [project.path("node_modules/@flowspec/schema/openapi.json"), "-o", join(work, "api.d.ts")], { stdio: "pipe" });
    const client = [
      'import type { components, paths } from "./api.js";',
      'type CreateFlow = paths["/api/v2/flows"]["post"]["requestBody"]["content"]["application/json"];',
      'export const flow: CreateFlow = { name: "Welcome", actions: [{ id: "a", type: "FLOW", action: "DO_NOTHING" }] };',
      'export type Failure = paths["/api/v2/flows"]["post"]["responses"][400]["content"]["application/json"];',
      'export const failure: components["schemas"]["ErrorResponseContent"] = { statusCode: 400, error: "Bad Request", message: "m", errorCode: "invalid_request" };',
      "// @ts-expect-error: a flow has a name",
      "export const nameless: CreateFlow = { actions: [] };",
    ];
    writeFileSync(join(work, "client.ts"), client.join("\n") + "\n");
    writeFileSync(join(work, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: "nodenext", types: [], skipLibCheck: false }, files: ["client.ts"] }));
    const result = typeCheck(work);
    expect(result.output).toBe("");
    expect(result.status).toBe(0);
  });
});

/** A port nothing listens on (Prism takes no port 0). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A request Prism finds valid: the body record's first example, the required headers' and query parameters' examples, a bearer token. */
function validRequest(op: Operation): { headers: Record<string, string>; query: string; body?: string } {
  const headers: Record<string, string> = { authorization: "Bearer token" };
  for (const p of op.parameters ?? []) if (p.in === "header" && p.required) headers[p.name] = p.example ?? "x";
  const query = new URLSearchParams((op.parameters ?? []).filter((p) => p.in === "query" && p.example !== undefined).map((p): [string, string] => [p.name, p.example!])).toString();
  if (op.requestBody === undefined) return { headers, query };
  const schema = op.requestBody.content["application/json"]!.schema.$ref.split("/").pop()!;
  headers["content-type"] = "application/json";
  return { headers, query, body: JSON.stringify(document.components.schemas[schema]!.examples![0]) };
}

describe("Prism's mock server", () => {
  let prism: ChildProcess;
  let base: string;
  let errorResponse: ErrorResponse;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    prism = spawn(PRISM, ["mock", project.path("node_modules/@flowspec/schema/openapi.json"), "--port", String(port)], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("Prism is listening")) resolve();
      };
      prism.stdout!.on("data", read);
      prism.stderr!.on("data", read);
      prism.once("exit", (code) => reject(new Error(`prism mock stopped (${code}):\n${output}`)));
    });
    ({ errorResponse } = (await import(pathToFileURL(project.path("node_modules/@flowspec/validator/dist/service.js")).href)) as { errorResponse: ErrorResponse });
  }, 60_000);

  afterAll(() => void prism?.kill("SIGTERM"));

  it("answers each documented error status with the body our service entry gives for it", async () => {
    let answered = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (method === "servers") continue;
        const { headers, query, body } = validRequest(op);
        for (const status of Object.keys(op.responses).filter((s) => Number(s) >= 400)) {
          const response = await fetch(`${base}${path.replace(/\{[^}]+\}/g, "x")}${query === "" ? "" : `?${query}`}`, { method: method.toUpperCase(), headers: { ...headers, prefer: `code=${status}` }, ...(body !== undefined && { body }) });
          const answer = (await response.json()) as Json;
          const where = `${method.toUpperCase()} ${path} ${status}`;
          expect(response.status, where).toBe(Number(status));
          // The management body names its code in `errorCode`; OAuth's (RFC 6749 §5.2) in `error`.
          const ours = errorResponse(op.operationId, String(answer.errorCode ?? answer.error));
          expect(ours.status, where).toBe(Number(status));
          expect(answer, where).toEqual(ours.body);
          answered++;
        }
      }
    }
    expect(answered).toBeGreaterThanOrEqual(12);
  });

  it("answers an invalid body with the 400 our request check gives", async () => {
    const response = await fetch(`${base}/api/v2/flows`, { method: "POST", headers: { authorization: "Bearer token", "content-type": "application/json" }, body: '{"name":""}' });
    const answer = (await response.json()) as Json;
    expect(response.status).toBe(400);
    expect(answer).toEqual(errorResponse("post_flows", "invalid_request").body);
  });
});
