import type { Diagnostic } from "../../base/diagnostics.js";
import type { SpecFile } from "../../load/load-spec.js";
import { ExampleChecker, type ExampleProblem } from "../example-semantics.js";
import type { CrossRule, RuleContext } from "../rule-context.js";
import { walkSpecSchemas } from "../schema-walk.js";

function invalid(ctx: RuleContext, file: SpecFile, example: string, problem: ExampleProblem): Diagnostic {
  const where = problem.pointer === "" ? "" : ` at ${problem.pointer}`;
  return ctx.report(file, example + problem.pointer, "SpecInvalidExample", `the example is invalid${where}: ${problem.message}; fix the example or its schema.`);
}

/**
 * The spec's examples are shown in the JSDoc, the reference and the JSON Schema, and the tests
 * build on them; one that its own schema rejects would teach the wrong thing everywhere at once.
 */
export const examplesValid: CrossRule = {
  rule: "every example is valid against the schema it illustrates",
  *check(ctx) {
    const { sources } = ctx;
    const checker = new ExampleChecker(sources);
    for (const { file, pointer, node } of walkSpecSchemas(sources)) {
      for (const [j, example] of (node.examples ?? []).entries()) {
        const problem = checker.check(example, node, "");
        if (problem) yield invalid(ctx, file, `${pointer}/examples/${j}`, problem);
      }
    }
    for (const { file, data } of sources.providers) {
      for (const [i, action] of data.actions.entries()) {
        if (action.example === undefined || action.params === undefined) continue;
        const problem = checker.check(action.example, action.params, "");
        if (problem) yield invalid(ctx, file, `/actions/${i}/example`, problem);
      }
    }
  },
};
