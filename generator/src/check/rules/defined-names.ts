import { didYouMean } from "../../../runtime/validator/suggest.js";
import { FLOW_ACTION } from "../../spec-language/schema-node.js";
import type { CrossRule } from "../rule-context.js";
import { walkRecords, walkSpecSchemas } from "../schema-walk.js";

/** Clashes with generated names (variants, titles, derived names) are the type-name rule's. */
export const definedRecords: CrossRule = {
  rule: "every $ref names a defined record, and every record name is unique",
  *check({ sources, report }) {
    const records = new Map<string, string>();
    for (const { name, file, pointer } of walkRecords(sources)) {
      const first = records.get(name);
      if (first !== undefined) yield report(file, pointer, "SpecDuplicateName", `record \`${name}\` is already defined in ${first}; rename one of them.`, "key");
      else records.set(name, file.path);
    }
    for (const { file, pointer, node } of walkSpecSchemas(sources)) {
      if (node.$ref !== undefined && node.$ref !== FLOW_ACTION && !records.has(node.$ref)) {
        const known = [...records.keys()].sort().join(", ");
        const typo = didYouMean(node.$ref, [FLOW_ACTION, ...records.keys()], "`");
        const fix = typo !== "" ? typo.slice(2) : `define it under \`records:\` or use one of: ${FLOW_ACTION}, ${known}.`;
        yield report(file, `${pointer}/$ref`, "SpecUnknownRecord", `\`$ref: ${node.$ref}\` names no record; ${fix}`);
      }
    }
  },
};

export const definedFormats: CrossRule = {
  rule: "every format a schema names is defined in formats.yaml",
  *check({ sources, report }) {
    const formats = sources.formats.data.formats;
    const known = Object.keys(formats).sort().join(", ");
    for (const { file, pointer, node } of walkSpecSchemas(sources)) {
      if (node.format !== undefined && !Object.hasOwn(formats, node.format)) {
        const typo = didYouMean(node.format, Object.keys(formats), "`");
        const fix = typo !== "" ? typo.slice(2) : `add it to formats.yaml or use one of: ${known}.`;
        yield report(file, `${pointer}/format`, "SpecUnknownFormat", `format \`${node.format}\` is not defined; ${fix}`);
      }
    }
  },
};
