/**
 * The packed tarball, installed by npm, as users get it: its files, its package.json, no runtime dependency, and its
 * two entries (`@flowspec/validator` and `@flowspec/validator/service`) imported and used from a
 * CommonJS project, an ES module project (both under
 * `--disallow-code-generation-from-strings`) and TypeScript projects with node16 and bundler
 * resolution, type-checked with the repository's own tsc.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { consumerProject } from "../support/npm-install.js";
import { typeCheck, type TypeCheck } from "../support/tsc.js";

let work = "";
let installed = "";

function write(path: string, text: string): void {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
}

function run(cwd: string, file: string): unknown {
  const out = execFileSync(process.execPath, ["--disallow-code-generation-from-strings", file], { cwd, encoding: "utf8" });
  return JSON.parse(out) as unknown;
}

beforeAll(() => {
  // Installed by npm from the tarball `flowspec release` packs, as a user's project gets it.
  const project = consumerProject();
  work = project.workspace("validator-package");
  installed = project.path("node_modules/@flowspec/validator");
}, 120_000);

describe("the tarball", () => {
  it("holds the bundles, the declarations, the README, the changelog, the license and package.json, nothing else", () => {
    const files = readdirSync(installed, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(installed.length + 1)).sort();
    const dist = ["index", "service"].flatMap((entry) => [`dist/${entry}.cjs`, `dist/${entry}.d.cts`, `dist/${entry}.d.ts`, `dist/${entry}.js`]);
    expect(files).toEqual(["CHANGELOG.md", "LICENSE", "README.md", ...dist, "dist/types.d.cts", "package.json"]);
  });

  it("declares no dependency, both module formats, and no side effects", () => {
    const pkg = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as Record<string, unknown>;
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(pkg.peerDependencies).toBeUndefined();
    expect(pkg).toMatchObject({ name: "@flowspec/validator", type: "module", sideEffects: false });
    expect(pkg.exports).toEqual({
      ".": { import: { types: "./dist/index.d.ts", default: "./dist/index.js" }, require: { types: "./dist/index.d.cts", default: "./dist/index.cjs" } },
      "./service": { import: { types: "./dist/service.d.ts", default: "./dist/service.js" }, require: { types: "./dist/service.d.cts", default: "./dist/service.cjs" } },
      "./package.json": "./package.json",
    });
  });

  it("contains no require or import of another package, and no code evaluation; the service entry loads only the main one", () => {
    const loads = (code: string) => [...code.matchAll(/\brequire\s*\(([^)]*)\)|^\s*import\b[^;]*?\bfrom\s*("[^"]*")/gm)].map((m) => m[1] ?? m[2]);
    const expected: Record<string, string[]> = { "dist/index.js": [], "dist/index.cjs": [], "dist/service.js": ['"./index.js"'], "dist/service.cjs": ['"./index.cjs"'] };
    for (const [file, siblings] of Object.entries(expected)) {
      const code = readFileSync(join(installed, file), "utf8");
      expect(loads(code), file).toEqual(siblings);
      expect(code).not.toMatch(/\bimport\s*\(/);
      expect(code).not.toMatch(/new Function|\beval\s*\(/);
      expect(code).not.toContain("ajv");
    }
  });
});

const USE = (load: string) => `${load}
const flow = { name: "Welcome", actions: [{ id: "greet", type: "FLOW", action: "DELAY_FLOW", params: { number: 5 } }] };
const bad = { name: "Welcome", actions: [{ id: "greet", type: "STRIPE", action: "SEND_EMAIL", params: {} }] };
const result = {
  ok: v.validateCreateFlowRequest(flow).ok,
  issue: v.validateCreateFlowRequest(bad).issues[0].code,
  standard: v.validateFlowAction["~standard"].vendor,
  form: v.decodeFormBody("name=x").ok,
  scope: v.checkScopes("post_flows", "create:flows").ok,
  error: (() => { try { v.assertFlowAction({}); } catch (e) { return e instanceof v.ValidationError; } return false; })(),
  checked: s.createRequestCheck("post_flows", { globalClients: ["g"] })({ method: "POST", headers: { "content-type": "application/json" }, rawBody: JSON.stringify(flow), claims: { azp: "g", scope: "create:flows" } }).ok,
  refused: s.createRequestCheck("post_flows", { globalClients: ["g"] })({ method: "POST", headers: { "content-type": "application/json" }, rawBody: JSON.stringify(bad), claims: { azp: "g", scope: "create:flows" } }).response.body.issues[0].code,
};
console.log(JSON.stringify(result));
`;

const EXPECTED = { ok: true, issue: "unknown_action", standard: "flowspec", form: true, scope: true, error: true, checked: true, refused: "unknown_action" };

describe("JavaScript consumers, without code generation from strings", () => {
  it("works from a CommonJS project", () => {
    const dir = join(work, "cjs");
    write(join(dir, "package.json"), JSON.stringify({ name: "cjs-consumer", private: true }));
    write(join(dir, "main.js"), USE('const v = require("@flowspec/validator");\nconst s = require("@flowspec/validator/service");'));
    expect(run(dir, "main.js")).toEqual(EXPECTED);
  });

  it("works from an ES module project", () => {
    const dir = join(work, "esm");
    write(join(dir, "package.json"), JSON.stringify({ name: "esm-consumer", private: true, type: "module" }));
    write(join(dir, "main.js"), USE('import * as v from "@flowspec/validator";\nimport * as s from "@flowspec/validator/service";'));
    expect(run(dir, "main.js")).toEqual(EXPECTED);
  });
});

const TYPED_USE = `
// A Standard Schema v1 consumer, written from the specification, not imported from anyone.
interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => { readonly value: Output; readonly issues?: undefined } | { readonly issues: ReadonlyArray<{ readonly message: string; readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> }> } | Promise<unknown>;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}

export function use(input: unknown): string {
  const schema: StandardSchemaV1<unknown, CreateFlowRequestContent> = validateCreateFlowRequest;
  void schema;
  const result = validateCreateFlowRequest(input, { allErrors: true, maxIssues: 10, maxDepth: 8 });
  if (result.ok) {
    const flow: CreateFlowRequestContent = result.value;
    return flow.name.toUpperCase();
  }
  const first: ValidationIssue | undefined = result.issues[0];
  const code: IssueCode | undefined = first?.code;
  if (isFlowAction(input)) {
    const action: FlowAction = input;
    return action.type;
  }
  assertTokenRequest(input, { domain: "login.example.com" });
  const grant: TokenRequest["grant_type"] = input.grant_type;
  const form = decodeFormBody("name=x");
  const scopes: ScopeCheckResult = checkScopes("post_flows", ["create:flows"]);
  const limits = parseRateLimitHeaders({ "x-ratelimit-limit": "1" });
  const reset: number | undefined = limits.ok ? limits.value.reset : undefined;
  // @ts-expect-error: an operation the spec does not define
  checkScopes("no_such_operation", "");
  // @ts-expect-error: options are typed
  validateCreateFlowRequest(input, { allErrors: "yes" });
  return [code, grant, form.ok, scopes.ok, reset, SAFETY_LIMITS.maxDepth, selfServiceAudience("x"), new ValidationError([]).issues.length].join();
}

export function serve(request: ServiceRequest): number {
  const checked = createRequestCheck("post_flows", { globalClients: ["g"] })(request);
  if (checked.ok) {
    const flow: CreateFlowRequestContent = checked.value;
    return flow.name.length;
  }
  const response: ErrorResponse = checked.response;
  // @ts-expect-error: an error code the operation's table does not have
  errorResponse("post_flows", "no_such_error");
  return response.status;
}
`;

const SERVICE_IMPORT = `import { createRequestCheck, errorResponse, type ServiceRequest, type ErrorResponse } from "@flowspec/validator/service";`;
const IMPORTS = `{ validateCreateFlowRequest, isFlowAction, assertTokenRequest, decodeFormBody, checkScopes, parseRateLimitHeaders, selfServiceAudience, SAFETY_LIMITS, ValidationError, type CreateFlowRequestContent, type FlowAction, type TokenRequest, type ValidationIssue, type IssueCode, type ScopeCheckResult }`;

function typecheck(dir: string, compilerOptions: Record<string, unknown>, files: Record<string, string>, packageType?: string): TypeCheck {
  write(join(dir, "package.json"), JSON.stringify({ name: "ts-consumer", private: true, ...(packageType ? { type: packageType } : {}) }));
  write(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, skipLibCheck: false, types: [], ...compilerOptions }, include: Object.keys(files) }));
  for (const [name, text] of Object.entries(files)) write(join(dir, name), text);
  // Symlink-free: the consumer finds the package in its own node_modules.
  mkdirSync(join(dir, "node_modules", "@flowspec"), { recursive: true });
  execFileSync("cp", ["-R", installed, join(dir, "node_modules", "@flowspec", "validator")]);
  return typeCheck(dir);
}

describe("TypeScript consumers", () => {
  it("type-checks with node16 resolution, from an ES module and a CommonJS file", () => {
    const esm = `import ${IMPORTS} from "@flowspec/validator";\n${SERVICE_IMPORT}\n${TYPED_USE}`;
    const cjs = `import ${IMPORTS} from "@flowspec/validator";\n${SERVICE_IMPORT}\n${TYPED_USE}`;
    const result = typecheck(join(work, "ts-node16"), { module: "node16", moduleResolution: "node16" }, { "esm.mts": esm, "cjs.cts": cjs }, "module");
    expect(result.output).toBe("");
    expect(result.status).toBe(0);
  }, 60_000);

  // One tsc run for the bundler project and its misuse, each file of its own: the package's
  // declarations are most of the work (skipLibCheck is off), and errors are reported where they are.
  it("type-checks with bundler resolution, and fails to type-check a misuse (the check is not vacuous)", () => {
    const source = `import ${IMPORTS} from "@flowspec/validator";\n${SERVICE_IMPORT}\n${TYPED_USE}`;
    const misuse = `import { validateCreateFlowRequest } from "@flowspec/validator";\nconst r = validateCreateFlowRequest({});\nexport const n: number = r.ok ? r.value.name : 0;\n`;
    const result = typecheck(join(work, "ts-bundler"), { module: "esnext", moduleResolution: "bundler" }, { "index.ts": source, "misuse.ts": misuse });
    expect(result.status).not.toBe(0);
    expect([...result.errorLines("misuse.ts")]).toEqual([3]);
    // No error anywhere else: index.ts, the package's declarations (an error's first line names its
    // file; the lines after it are indented).
    expect(result.output.split("\n").filter((line) => /^\S/.test(line) && !/(^|\/)misuse\.ts\(/.test(line))).toEqual([]);
  }, 60_000);
});
