/**
 * The hand-written runtime checks input with a few regular expressions of its own (canonical numbers,
 * host names, RFC 3339, URL parts). Each literal must pass the same linear-time rule the spec's
 * patterns pass, so no input can make the validator backtrack. Found by reading the runtime's
 * TypeScript as a syntax tree; a RegExp built from a template at run time, or read with the `i`
 * flag, cannot be checked here. (The rule reads with the `u` flag; for these ASCII patterns, and
 * the `g` and `y` flags, that changes nothing.)
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { checkLinearPattern } from "../../generator/src/check/linear-pattern.js";
import { REPO_ROOT } from "./support/spec.js";

const RUNTIME = join(REPO_ROOT, "generator/runtime/validator");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

/** `/body/flags` literals and `new RegExp("body", "flags")` with literal arguments, by file. */
function regexps(file: string): { readonly body: string; readonly flags: string }[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
  const found: { body: string; flags: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isRegularExpressionLiteral(node)) {
      const end = node.text.lastIndexOf("/");
      found.push({ body: node.text.slice(1, end), flags: node.text.slice(end + 1) });
    } else if (ts.isNewExpression(node) && node.expression.getText() === "RegExp") {
      const [body, flags] = node.arguments ?? [];
      if (body !== undefined && ts.isStringLiteral(body)) found.push({ body: body.text, flags: flags !== undefined && ts.isStringLiteral(flags) ? flags.text : "" });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = sourceFiles(RUNTIME).map((file) => [file.slice(RUNTIME.length + 1), regexps(file)] as const);

describe("the runtime's own regular expressions", () => {
  it("are found", () => {
    expect(files.flatMap(([, found]) => found).length).toBeGreaterThan(5);
  });

  it.each(files.filter(([, found]) => found.length > 0))("%s: every literal runs in linear time", (_file, found) => {
    // The rule reads patterns case-sensitively: one with the `i` flag is not checked here.
    for (const { body } of found.filter(({ flags }) => !flags.includes("i"))) expect(checkLinearPattern(body), body).toEqual({ ok: true });
  });
});
