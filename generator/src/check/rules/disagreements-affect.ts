import { FLOW_ACTION } from "../../spec-language/schema-node.js";
import type { CrossRule } from "../rule-context.js";
import { walkRecords } from "../schema-walk.js";

/** The reference links each affected thing to where it is described, so each must exist. */
export const disagreementsAffectKnownThings: CrossRule = {
  rule: "every name a disagreement affects is a variant key, an operation id, or a record (or `Record.field`)",
  *check({ sources, report }) {
    if (sources.disagreements === undefined) return;
    const variants = new Set(sources.providers.flatMap(({ data }) => data.actions.map((a) => `${data.type}:${a.action}`)));
    const records = new Set([FLOW_ACTION, ...walkRecords(sources).map((r) => r.name)]);
    const operations = sources.operations.data.operations;
    const { file, data } = sources.disagreements;
    for (const [i, row] of data.disagreements.entries()) {
      for (const [j, name] of (row.affects ?? []).entries()) {
        const known = variants.has(name) || Object.hasOwn(operations, name) || records.has(name.split(".")[0]!);
        if (!known) {
          yield report(file, `/disagreements/${i}/affects/${j}`, "SpecUnknownReference", `\`${name}\` is neither a variant key (TYPE:ACTION), an operation id nor a record; name one of those.`);
        }
      }
    }
  },
};
