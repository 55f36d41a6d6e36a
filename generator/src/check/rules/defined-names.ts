import { FLOW_ACTION, paramsName, typeGroupName, variantName } from "../../ir/names.js";
import type { CrossRule } from "../rule-context.js";
import { walkRecords, walkSpecSchemas } from "../schema-walk.js";

/** Names a generated type may take, besides the records: the union, its groups, variants and params. */
function generatedNames(sources: Parameters<CrossRule["check"]>[0]["sources"]): Map<string, string> {
  const names = new Map<string, string>([[FLOW_ACTION, "the union of all flow actions"]]);
  for (const { data } of sources.providers) {
    names.set(typeGroupName(data.type), `the union of ${data.type} actions`);
    for (const { action } of data.actions) {
      names.set(variantName(data.type, action), `the (${data.type}, ${action}) variant`);
      names.set(paramsName(data.type, action), `the params of (${data.type}, ${action})`);
    }
  }
  return names;
}

export const definedRecords: CrossRule = {
  rule: "every $ref names a defined record, and every record name is unique",
  *check(ctx) {
    const { sources, report } = ctx;
    const generated = generatedNames(sources);
    const records = new Map<string, string>();
    for (const { name, file, pointer } of walkRecords(sources)) {
      const clash = records.get(name) ?? generated.get(name);
      if (clash) {
        yield report(file, pointer, "SpecDuplicateName", `record \`${name}\` clashes with ${clash.includes("/") ? `the record in ${clash}` : clash}; rename it.`, "key");
      }
      records.set(name, file.path);
    }
    for (const { file, pointer, node } of walkSpecSchemas(sources)) {
      if (node.$ref !== undefined && node.$ref !== FLOW_ACTION && !records.has(node.$ref)) {
        const known = [...records.keys()].sort().join(", ");
        yield report(file, `${pointer}/$ref`, "SpecUnknownRecord", `\`$ref: ${node.$ref}\` names no record; define it under \`records:\` or use one of: ${FLOW_ACTION}, ${known}.`);
      }
      if (node.title !== undefined && (records.has(node.title) || generated.has(node.title))) {
        yield report(file, `${pointer}/title`, "SpecDuplicateName", `title \`${node.title}\` is already the name of a record or generated type; choose another.`);
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
        yield report(file, `${pointer}/format`, "SpecUnknownFormat", `format \`${node.format}\` is not defined; add it to formats.yaml or use one of: ${known}.`);
      }
    }
  },
};
