/** zod 4, built from the IR: nested discriminatedUnion (type, then action). */
import { z } from "zod";
import type { SchemaNode, Variant } from "../../generator/src/ir/model.js";
import { FLOW_ACTION } from "../../generator/src/spec-language/schema-node.js";
import { RECORD, type IrPeers, type Peer } from "./ir-peers.js";

function zodOf(p: IrPeers, node: SchemaNode, action: () => z.ZodType): z.ZodType {
  switch (node.kind) {
    case "string": {
      if (node.const !== undefined) return z.literal(node.const);
      if (node.enum !== undefined) return z.enum(node.enum as [string, ...string[]]);
      let s = z.string();
      if (node.minLength !== undefined) s = s.min(node.minLength);
      if (node.maxLength !== undefined) s = s.max(node.maxLength);
      if (node.pattern !== undefined) s = s.regex(new RegExp(node.pattern, "u"));
      const pattern = node.format === undefined ? undefined : p.patterns.get(node.format);
      if (pattern !== undefined) return s.regex(pattern);
      return node.format === undefined ? s : s.refine(p.formats.get(node.format)!);
    }
    case "integer":
    case "number": {
      let n = node.kind === "integer" ? z.number().int() : z.number();
      if (node.minimum !== undefined) n = n.min(node.minimum);
      if (node.maximum !== undefined) n = n.max(node.maximum);
      return n;
    }
    case "boolean":
      return node.const !== undefined ? z.literal(node.const) : z.boolean();
    case "null":
      return z.null();
    case "any":
      return z.unknown();
    case "array": {
      let a = z.array(zodOf(p, node.items, action));
      if (node.minItems !== undefined) a = a.min(node.minItems);
      if (node.maxItems !== undefined) a = a.max(node.maxItems);
      return a;
    }
    case "union":
      return z.union(node.members.map((m) => zodOf(p, m, action)) as unknown as [z.ZodType, z.ZodType]);
    case "ref":
      return node.target === FLOW_ACTION ? z.lazy(action) : zodOf(p, p.record(node.target), action);
    case "object": {
      const shape = Object.fromEntries(node.properties.map((x) => [x.name, x.required ? zodOf(p, x.schema, action) : zodOf(p, x.schema, action).optional()]));
      if (node.additional === false) return z.strictObject(shape);
      return node.additional === true ? z.looseObject(shape) : z.object(shape).catchall(zodOf(p, node.additional, action));
    }
    default:
      throw new Error("unhandled node");
  }
}

export function zodPeer(p: IrPeers): Peer {
  let flowAction: z.ZodType = z.never();
  const variant = (x: Variant) => {
    const shape: Record<string, z.ZodType> = { type: z.literal(x.type), action: z.literal(x.action) };
    for (const c of p.ir.flowActions.common) shape[c.name] = c.required ? zodOf(p, c.schema, () => flowAction) : zodOf(p, c.schema, () => flowAction).optional();
    shape.params = x.paramsRequired ? zodOf(p, x.params, () => flowAction) : zodOf(p, x.params, () => flowAction).optional();
    return z.strictObject(shape);
  };
  const groups = p.ir.flowActions.types.map((t) => z.discriminatedUnion("action", t.variants.map(variant) as never));
  flowAction = z.discriminatedUnion("type", groups as never);
  const schema = zodOf(p, p.record(RECORD), () => flowAction);
  const report = (input: unknown) => schema.safeParse(input).error?.issues.length ?? 0;
  return { name: "zod 4, nested discriminatedUnion", check: (input) => schema.safeParse(input).success, report, reportAll: report };
}
