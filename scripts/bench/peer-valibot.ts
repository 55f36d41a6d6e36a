/** valibot, built from the IR: nested variant (type, then action); `abortEarly` for the first issue. */
import * as v from "valibot";
import type { SchemaNode, Variant } from "../../generator/src/ir/model.js";
import { FLOW_ACTION } from "../../generator/src/spec-language/schema-node.js";
import { RECORD, type IrPeers, type Peer } from "./ir-peers.js";

type VSchema = v.GenericSchema;

function valibotOf(p: IrPeers, node: SchemaNode, action: () => VSchema): VSchema {
  switch (node.kind) {
    case "string": {
      if (node.const !== undefined) return v.literal(node.const);
      if (node.enum !== undefined) return v.picklist(node.enum);
      const steps: v.PipeItem<string, string, v.BaseIssue<unknown>>[] = [];
      if (node.minLength !== undefined) steps.push(v.minLength(node.minLength));
      if (node.maxLength !== undefined) steps.push(v.maxLength(node.maxLength));
      if (node.pattern !== undefined) steps.push(v.regex(new RegExp(node.pattern, "u")));
      if (node.format !== undefined) {
        const pattern = p.patterns.get(node.format);
        steps.push(pattern !== undefined ? v.regex(pattern) : v.check(p.formats.get(node.format)!));
      }
      return steps.length === 0 ? v.string() : (v.pipe(v.string(), ...(steps as [v.PipeItem<string, string, v.BaseIssue<unknown>>])) as VSchema);
    }
    case "integer":
    case "number": {
      const steps: v.PipeItem<number, number, v.BaseIssue<unknown>>[] = [];
      if (node.kind === "integer") steps.push(v.integer());
      if (node.minimum !== undefined) steps.push(v.minValue(node.minimum));
      if (node.maximum !== undefined) steps.push(v.maxValue(node.maximum));
      return steps.length === 0 ? v.number() : (v.pipe(v.number(), ...(steps as [v.PipeItem<number, number, v.BaseIssue<unknown>>])) as VSchema);
    }
    case "boolean":
      return node.const !== undefined ? v.literal(node.const) : v.boolean();
    case "null":
      return v.null();
    case "any":
      return v.unknown();
    case "array": {
      const steps: v.PipeItem<unknown[], unknown[], v.BaseIssue<unknown>>[] = [];
      if (node.minItems !== undefined) steps.push(v.minLength(node.minItems));
      if (node.maxItems !== undefined) steps.push(v.maxLength(node.maxItems));
      const list = v.array(valibotOf(p, node.items, action));
      return steps.length === 0 ? list : (v.pipe(list, ...(steps as [v.PipeItem<unknown[], unknown[], v.BaseIssue<unknown>>])) as VSchema);
    }
    case "union":
      return v.union(node.members.map((m) => valibotOf(p, m, action)));
    case "ref":
      return node.target === FLOW_ACTION ? v.lazy(action) : valibotOf(p, p.record(node.target), action);
    case "object": {
      const entries = Object.fromEntries(node.properties.map((x) => [x.name, x.required ? valibotOf(p, x.schema, action) : v.optional(valibotOf(p, x.schema, action))]));
      if (node.additional === false) return v.strictObject(entries);
      return node.additional === true ? v.looseObject(entries) : v.objectWithRest(entries, valibotOf(p, node.additional, action));
    }
    default:
      throw new Error("unhandled node");
  }
}

export function valibotPeer(p: IrPeers): Peer {
  let flowAction: VSchema = v.never();
  const variant = (x: Variant) => {
    const entries: Record<string, VSchema> = { type: v.literal(x.type), action: v.literal(x.action) };
    for (const c of p.ir.flowActions.common) entries[c.name] = c.required ? valibotOf(p, c.schema, () => flowAction) : v.optional(valibotOf(p, c.schema, () => flowAction));
    entries.params = x.paramsRequired ? valibotOf(p, x.params, () => flowAction) : v.optional(valibotOf(p, x.params, () => flowAction));
    return v.strictObject(entries);
  };
  const groups = p.ir.flowActions.types.map((t) => v.variant("action", t.variants.map(variant) as never));
  flowAction = v.variant("type", groups as never) as VSchema;
  const schema = valibotOf(p, p.record(RECORD), () => flowAction);
  return {
    name: "valibot, nested variant",
    check: (input) => v.is(schema, input),
    report: (input) => v.safeParse(schema, input, { abortEarly: true }).issues?.length ?? 0,
    reportAll: (input) => v.safeParse(schema, input).issues?.length ?? 0,
  };
}
