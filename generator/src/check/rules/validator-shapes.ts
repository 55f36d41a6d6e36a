/**
 * Shapes the generated validator cannot check without losing errors. A union member that can hold
 * a FlowAction is one: the validator checks flow actions apart (depth, shared objects, thrown
 * values) and a union tries its members one after another, so an action's errors could be
 * discarded under the issue cap. The validator emitter would refuse such a union; saying so here
 * reports it at its place in the spec instead.
 */
import { FLOW_ACTION, type RawSchema } from "../../spec-language/schema-node.js";
import type { CrossRule } from "../rule-context.js";
import { judgeEachSchema, recordSchemas } from "../schema-walk.js";

/** Whether a value of `node` can hold a FlowAction, through records, properties, lists and unions. */
function holdsFlowAction(records: ReadonlyMap<string, RawSchema>, node: RawSchema, seen: Set<string>): boolean {
  if (node.$ref !== undefined) {
    if (node.$ref === FLOW_ACTION) return true;
    if (seen.has(node.$ref)) return false;
    seen.add(node.$ref);
    const target = records.get(node.$ref);
    return target !== undefined && holdsFlowAction(records, target, seen);
  }
  const children = [
    ...Object.values(node.properties ?? {}),
    ...(typeof node.additionalProperties === "object" ? [node.additionalProperties] : []),
    ...(node.items ? [node.items] : []),
    ...(node.oneOf ?? []),
    ...(node.anyOf ?? []),
  ];
  return children.some((child) => holdsFlowAction(records, child, seen));
}

const UNION_KEYWORDS = ["oneOf", "anyOf"] as const;

export const flowActionNotInUnion: CrossRule = {
  rule: "no union member can hold a FlowAction",
  check(ctx) {
    const records = recordSchemas(ctx.sources);
    return judgeEachSchema(ctx, ({ file, pointer, node }, report, found) => {
      for (const keyword of UNION_KEYWORDS) {
        const members = node[keyword];
        if (members === undefined) continue;
        for (let i = 0; i < members.length; i++) {
          if (!holdsFlowAction(records, members[i]!, new Set())) continue;
          found.push(
            report(
              file,
              `${pointer}/${keyword}/${i}`,
              "SpecUnsupportedShape",
              `this union member can hold a FlowAction, which the generated validator checks on its own and cannot try as one member of several (its errors could be lost); put flow actions in a list (\`items: {$ref: FlowAction}\`) outside the union.`,
            ),
          );
        }
      }
    });
  },
};
