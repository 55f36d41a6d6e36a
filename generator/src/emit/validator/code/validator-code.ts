/**
 * Every check the public validators need, as module code (see code-module.ts): the FlowAction
 * check, and one check per public validator, by validator stem.
 */
import type { SpecIR } from "../../../ir/model.js";
import type { ApiPlan, CheckPlan } from "../api-plan.js";
import { actionFunction } from "./action-code.js";
import { CodeModule } from "./code-module.js";
import { recordUnionFunction } from "./record-union.js";
import { unreachable } from "../../../base/internal-error.js";

/** The names of the runtime functions and values the generated checks use. */
export const CHECK_RUNTIME = [
  "reportError",
  "typeError",
  "prefixLast",
  "keySegment",
  "keyErrors",
  "scalarErrors",
  "ownValue",
  "ownValues",
  "exceedsCodePoints",
  "fallsShortOfCodePoints",
  "isRfc3339Date",
  "isRfc3339DateTime",
  "unionPassed",
  "unionCheck",
  "propertyErrors",
  "objectErrors",
  "unknownVariant",
  "variantTable",
  "unknownMember",
  "checkListedAction",
];

export interface GeneratedChecks {
  /** Declarations: the constants and functions of every check. */
  readonly code: string;
  /** Validator stem → the name of its check function. */
  readonly checks: ReadonlyMap<string, string>;
}

function checkFor(m: CodeModule, target: string, check: CheckPlan, action: string): string {
  switch (check.kind) {
    case "action":
      return action;
    case "record":
      return m.recordFunction(check.unit);
    case "union":
      return recordUnionFunction(m, target, check.key, check.members);
    default: {
      const never: never = check;
      return unreachable(never, "check");
    }
  }
}

export function generateChecks(ir: SpecIR, plan: ApiPlan): GeneratedChecks {
  const m = new CodeModule(ir);
  const action = actionFunction(m, ir);
  const checks = new Map(plan.validators.map((v) => [v.stem, checkFor(m, v.target, v.check, action)]));
  return { code: m.text(), checks };
}
