/**
 * A list's check: its length limits, then each item, stopping after a bad item unless all errors are
 * wanted, and in any case once the run holds `maxIssues` errors, so a list whose `length` claims four
 * billion costs what a hundred bad items do. `length` is read once.
 */
import type { ArrayNode } from "../../../ir/model.js";
import type { CodeContext } from "./code-context.js";
import { fail, LOOP_STOP, STOP, type Site } from "./sites.js";

export function arrayFunction(m: CodeContext, node: ArrayNode, name: string): string {
  const whole: Site = { value: "v", path: '""', stop: STOP, name };
  const limits: string[] = [];
  if (node.maxItems !== undefined) limits.push(`if (l > ${node.maxItems}) ${fail(whole, "maxItems", `{ limit: ${node.maxItems} }`)}`);
  if (node.minItems !== undefined && node.minItems > 0) limits.push(`if (l < ${node.minItems}) ${fail(whole, "minItems", `{ limit: ${node.minItems} }`)}`);
  const item = m.check(node.items, { value: "w", path: '"/" + i', stop: LOOP_STOP, name: `${name}_item` });
  const loop = item === "" ? "" : `for (let i = 0; i < l; i++) {\nconst w = v[i];\n${item}\n}`;
  const body = [`if (!Array.isArray(v)) return typeError(c, "array");`, "let n = 0, r;", "const l = v.length;", ...limits, loop, "return n;"];
  return `function ${name}(v, c) {\n${body.filter((s) => s !== "").join("\n")}\n}`;
}
