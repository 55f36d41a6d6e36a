import type { CrossRule } from "../rule-context.js";

/** Only the (type, action) pair is a key: neither alone is unique across the 61 variants. */
export const uniqueVariants: CrossRule = {
  rule: "every flow-action type is declared once and every (type, action) pair is unique",
  *check({ sources, report }) {
    const types = new Map<string, string>();
    for (const { file, data } of sources.providers) {
      const first = types.get(data.type);
      if (first) {
        yield report(file, "/type", "SpecDuplicateType", `type \`${data.type}\` is already declared in ${first}; keep one file per type.`);
        continue;
      }
      types.set(data.type, file.path);
      const actions = new Set<string>();
      for (const [i, action] of data.actions.entries()) {
        if (actions.has(action.action)) {
          yield report(
            file,
            `/actions/${i}/action`,
            "SpecDuplicateVariant",
            `(${data.type}, ${action.action}) is declared twice; remove or rename one of them.`,
          );
        }
        actions.add(action.action);
      }
    }
  },
};

export const paramsPresent: CrossRule = {
  rule: "every variant has params unless it is marked paramsOptional",
  *check({ sources, report }) {
    for (const { file, data } of sources.providers) {
      for (const [i, action] of data.actions.entries()) {
        if (!action.params) {
          const hint = action.paramsOptional
            ? "an optional params still needs its schema (an empty closed object: `{type: object, additionalProperties: false}`)"
            : "add `params:` with its schema";
          yield report(file, `/actions/${i}`, "SpecMissingParams", `(${data.type}, ${action.action}) has no params; ${hint}.`);
        }
      }
    }
  },
};
