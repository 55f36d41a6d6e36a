/**
 * How each format of the spec is checked in the generated code: a builtin grammar from the runtime,
 * a pattern compiled to a char-code loop, or a RegExp (without the `u` flag when it cannot matter,
 * since the flag makes V8's matcher slower).
 */
import type { SpecIR } from "../../ir/model.js";
import { compilePattern, unicodeFlagIsInert } from "./pattern-matcher.js";

export type FormatCheck =
  | { readonly kind: "builtin"; readonly name: string; readonly builtin: string }
  | { readonly kind: "matcher"; readonly name: string; readonly source: string }
  | { readonly kind: "regexp"; readonly name: string; readonly pattern: string; readonly flags: string };

export function formatChecks(ir: SpecIR): FormatCheck[] {
  return ir.formats.map((f): FormatCheck => {
    if (f.builtin !== undefined) return { kind: "builtin", name: f.name, builtin: f.builtin };
    if (f.pattern === undefined) throw new Error(`flowspec: format ${f.name} has neither a pattern nor a builtin`);
    const source = compilePattern(f.pattern);
    if (source !== null) return { kind: "matcher", name: f.name, source };
    return { kind: "regexp", name: f.name, pattern: f.pattern, flags: unicodeFlagIsInert(f.pattern) ? "" : "u" };
  });
}
