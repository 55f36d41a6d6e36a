import type { Diagnostic } from "../../base/diagnostics.js";
import type { SpecFile } from "../../load/load-spec.js";
import { ExampleChecker, type ExampleProblem } from "../example-semantics.js";
import type { CrossRule, RuleContext } from "../rule-context.js";
import { judgeEachSchema } from "../schema-walk.js";

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
  check(ctx) {
    const checker = new ExampleChecker(ctx.sources);
    const found = judgeEachSchema(ctx, ({ file, pointer, node }, _report, problems) => {
      if (node.examples === undefined) return;
      for (let j = 0; j < node.examples.length; j++) {
        const problem = checker.check(node.examples[j], node, "");
        if (problem) problems.push(invalid(ctx, file, `${pointer}/examples/${j}`, problem));
      }
    });
    for (const { file, data } of ctx.sources.providers) {
      for (const [i, action] of data.actions.entries()) {
        if (action.example === undefined || action.params === undefined) continue;
        const problem = checker.check(action.example, action.params, "");
        if (problem) found.push(invalid(ctx, file, `/actions/${i}/example`, problem));
      }
    }
    return found;
  },
};
