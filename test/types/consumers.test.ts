/**
 * The generated package, type-checked as its users would: small projects under `consumers/`
 * (strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess; node16 and nodenext ESM and CJS,
 * bundler; strict alone) compiled by the native `tsc` with `skipLibCheck: false`, so the
 * declarations themselves are checked too, and node10 by TypeScript 5. Each narrows a union
 * through `index.d.ts`'s re-export of `index.d.cts` or through `index.d.cts` itself. A
 * deliberately wrong consumer proves the runner sees errors.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderTypeDeclarations } from "../../generator/src/typescript/declarations.js";
import { TYPES_PACKAGE } from "../support/paths.js";
import { realIr } from "../support/spec-ir.js";
import { scratchProject, typeCheck, typeCheckWithTypeScript5 } from "../support/tsc.js";

describe("consumers of @flowspec/types", () => {
  it.each(["node16", "nodenext", "bundler", "strict-only"])("%s compiles without errors", (name) => {
    const result = typeCheck(join(import.meta.dirname, "consumers", name));
    expect(result.output).toBe("");
    expect(result.status).toBe(0);
  });

  it("node10 compiles without errors (TypeScript 5)", () => {
    const result = typeCheckWithTypeScript5(join(import.meta.dirname, "consumers", "node10"));
    expect(result.output).toBe("");
    expect(result.status).toBe(0);
  });

  // One tsc run for the three projects that share the strict consumer's options: the README's
  // examples, the validator package's declarations alone, and a wrong consumer, each file of its own.
  it("compiles the README's examples and renderTypeDeclarations alone (as the validator package ships it), and reports the errors of a wrong consumer, each where it is", () => {
    const readme = readFileSync(join(TYPES_PACKAGE, "README.md"), "utf8");
    const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(blocks.length).toBeGreaterThan(0);
    const readmeFiles = blocks.map((_, i) => `readme${i}.mts`);
    const scratch = scratchProject([...readmeFiles, "use.mts", "wrong.mts"]);
    blocks.forEach((code, i) => writeFileSync(join(scratch, readmeFiles[i]!), code));

    writeFileSync(join(scratch, "types.d.cts"), renderTypeDeclarations(realIr(), "../reference/"));
    const use = [
      'import type { CreateFlowRequestContent, FlowActionOf } from "./types.cjs";',
      'export const flow: CreateFlowRequestContent = { name: "x", actions: [] };',
      'export type TaxId = FlowActionOf<"STRIPE", "ADD_TAX_ID">;',
    ];
    writeFileSync(join(scratch, "use.mts"), use.join("\n") + "\n");

    const wrong = [
      'import type { FlowAction, FlowActionFlowDoNothingParams, FlowActionStripeAddTaxId } from "@flowspec/types";',
      'export const pair: FlowAction = { type: "STRIPE", action: "SEND_EMAIL", id: "x" };',
      "export const params: FlowActionFlowDoNothingParams = { anything: 1 };",
      'export const missing: FlowActionStripeAddTaxId = { type: "STRIPE", action: "ADD_TAX_ID", id: "x" };',
    ];
    writeFileSync(join(scratch, "wrong.mts"), wrong.join("\n") + "\n");

    const result = typeCheck(scratch);
    expect(result.status).not.toBe(0);
    expect([...result.errorLines("wrong.mts")]).toEqual([2, 3, 4]);
    // No error anywhere else: the README's examples, use.mts, types.d.cts, the package's declarations
    // (an error's first line names its file; the lines after it are indented).
    expect(result.output.split("\n").filter((line) => /^\S/.test(line) && !/(^|\/)wrong\.mts\(/.test(line))).toEqual([]);
  });
});
