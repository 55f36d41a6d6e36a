/**
 * The example at the top of README.md compiles against the generated packages, and the issue it
 * shows is the one the validator really returns.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { validateCreateFlowRequest } from "../../packages/validator/dist/index.js";

const ROOT = join(import.meta.dirname, "..", "..");
const readme = readFileSync(join(ROOT, "README.md"), "utf8");
const example = /```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
const scratch = mkdtempSync(join(tmpdir(), "flowspec-readme-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function compile(source: string): { status: number | null; output: string } {
  mkdirSync(join(scratch, "node_modules", "@flowspec"), { recursive: true });
  for (const pkg of ["types", "validator"]) {
    const link = join(scratch, "node_modules", "@flowspec", pkg);
    rmSync(link, { force: true, recursive: true });
    symlinkSync(join(ROOT, "packages", pkg), link, "dir");
  }
  writeFileSync(join(scratch, "example.mts"), source);
  const options = { strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, module: "nodenext", noEmit: true, types: [] };
  writeFileSync(join(scratch, "tsconfig.json"), JSON.stringify({ compilerOptions: options, files: ["example.mts"] }));
  const run = spawnSync(join(ROOT, "node_modules", ".bin", "tsc"), ["-p", scratch, "--pretty", "false"], { encoding: "utf8" });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe("README example", () => {
  it("compiles under strict settings", () => {
    expect(example).toContain("validateCreateFlowRequest");
    const result = compile(example);
    expect(result.output).toBe("");
    expect(result.status).toBe(0);
  });

  it("would not compile if the params were not exact", () => {
    const broken = example.replace("action.params.value", "action.params.email");
    expect(broken).not.toBe(example);
    expect(compile(broken).status).not.toBe(0);
  });

  it("shows the issue the validator returns", () => {
    const result = validateCreateFlowRequest({ name: "x", actions: [{ id: "a", type: "STRIPE", action: "SEND_EMAIL", params: {} }] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const [issue] = result.issues;
    expect(issue).toMatchObject({ code: "unknown_action", path: "/actions/0/action" });
    expect(issue!.allowed).toContain("ADD_TAX_ID");
    expect(issue!.message).toContain('"SEND_EMAIL" exists under AUTH0, MAILJET, SENDGRID');
    expect(readme).toContain('"SEND_EMAIL" exists under AUTH0, MAILJET, SENDGRID');
  });
});
