import { didYouMean } from "../../../runtime/validator/suggest.js";
import { FLOW_ACTION } from "../../spec-language/schema-node.js";
import type { Diagnostic } from "../../base/diagnostics.js";
import type { CrossRule } from "../rule-context.js";
import { judgeEachSchema, walkRecords } from "../schema-walk.js";

/** Clashes with generated names (variants, titles, derived names) are the type-name rule's. */
export const definedRecords: CrossRule = {
  rule: "every $ref names a defined record, and every record name is unique",
  check(ctx) {
    const found: Diagnostic[] = [];
    const records = new Map<string, string>();
    for (const { name, file, pointer } of walkRecords(ctx.sources)) {
      const first = records.get(name);
      if (first !== undefined) found.push(ctx.report(file, pointer, "SpecDuplicateName", `record \`${name}\` is already defined in ${first}; rename one of them.`, "key"));
      else records.set(name, file.path);
    }
    return found.concat(
      judgeEachSchema(ctx, ({ file, pointer, node }, report, refs) => {
        if (node.$ref === undefined || node.$ref === FLOW_ACTION || records.has(node.$ref)) return;
        const known = [...records.keys()].sort().join(", ");
        const typo = didYouMean(node.$ref, [FLOW_ACTION, ...records.keys()], "`");
        const fix = typo !== "" ? typo.slice(2) : `define it under \`records:\` or use one of: ${FLOW_ACTION}, ${known}.`;
        refs.push(report(file, `${pointer}/$ref`, "SpecUnknownRecord", `\`$ref: ${node.$ref}\` names no record; ${fix}`));
      }),
    );
  },
};

export const definedFormats: CrossRule = {
  rule: "every format a schema names is defined in formats.yaml",
  check(ctx) {
    const formats = ctx.sources.formats.data.formats;
    const known = Object.keys(formats).sort().join(", ");
    return judgeEachSchema(ctx, ({ file, pointer, node }, report, found) => {
      if (node.format === undefined || Object.hasOwn(formats, node.format)) return;
      const typo = didYouMean(node.format, Object.keys(formats), "`");
      const fix = typo !== "" ? typo.slice(2) : `add it to formats.yaml or use one of: ${known}.`;
      found.push(report(file, `${pointer}/format`, "SpecUnknownFormat", `format \`${node.format}\` is not defined; ${fix}`));
    });
  },
};
