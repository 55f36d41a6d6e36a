/**
 * The example at the top of README.md compiles against the generated packages, and the issue it
 * shows is the one the validator really returns.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { validateCreateFlowRequest } from "../../packages/validator/dist/index.js";
import { REPO_ROOT } from "../support/paths.js";
import { scratchProject, STRICT_CONSUMER, typeCheck } from "../support/tsc.js";

const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
const example = /```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";

function compile(source: string): { status: number | null; output: string } {
  const scratch = scratchProject(["example.mts"], { ...STRICT_CONSUMER, skipLibCheck: true }, ["types", "validator"]);
  writeFileSync(join(scratch, "example.mts"), source);
  return typeCheck(scratch);
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
