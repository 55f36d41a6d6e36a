import { FLOW_ACTION, type RawSchema } from "../../spec-language/schema-node.js";
import type { SpecSources } from "../spec-sources.js";
import type { CrossRule } from "../rule-context.js";
import { walkRecords } from "../schema-walk.js";

const LIMIT_KEYWORDS = ["minLength", "maxLength", "minItems", "maxItems"] as const;

/** `Record` or `Record.field` (`FlowAction.field` is a common action field) → its schema. */
function resolveTarget(sources: SpecSources, target: string): RawSchema | undefined {
  const [record, field, ...rest] = target.split(".");
  if (rest.length > 0 || !record) return undefined;
  if (record === FLOW_ACTION) {
    const common = sources.common.data.common.properties;
    return field !== undefined && Object.hasOwn(common, field) ? common[field] : undefined;
  }
  const found = walkRecords(sources).find((r) => r.name === record)?.schema;
  if (!found || field === undefined) return found;
  return found.properties && Object.hasOwn(found.properties, field) ? found.properties[field] : undefined;
}

/** The limits table and the records say the same thing, so the two cannot drift apart. */
export const limitsAgree: CrossRule = {
  rule: "every limit agrees with the records it applies to",
  *check({ sources, report }) {
    const { file, data } = sources.limits;
    for (const [i, limit] of data.limits.entries()) {
      for (const [j, target] of limit.appliesTo.entries()) {
        const schema = resolveTarget(sources, target);
        if (!schema) {
          yield report(file, `/limits/${i}/appliesTo/${j}`, "SpecUnknownReference", `\`${target}\` names no record field; write \`Record.field\` or \`Record\`.`);
          continue;
        }
        for (const keyword of LIMIT_KEYWORDS) {
          const expected = limit[keyword];
          if (expected !== undefined && schema[keyword] !== expected) {
            yield report(
              file,
              `/limits/${i}/${keyword}`,
              "SpecLimitMismatch",
              `limit ${limit.id} says ${keyword} ${expected} but ${target} has ${schema[keyword] ?? "none"}; make them agree.`,
            );
          }
        }
      }
    }
  },
};
