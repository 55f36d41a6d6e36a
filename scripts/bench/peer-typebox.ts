/** TypeBox's TypeCompiler, built from the IR: a flat union of the 61 variants, tried in order. */
import { Type, FormatRegistry, type TSchema } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import type { SchemaNode } from "../../generator/src/ir/model.js";
import { FLOW_ACTION } from "../../generator/src/spec-language/schema-node.js";
import { isRfc3339Date, isRfc3339DateTime } from "../../generator/runtime/validator/rfc3339.js";
import { RECORD, type IrPeers, type Peer } from "./ir-peers.js";

/** TypeBox options without the keys the spec leaves out (exactOptionalPropertyTypes). */
function given(options: Record<string, string | number | undefined>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(options).filter((entry): entry is [string, string | number] => entry[1] !== undefined));
}

function typeboxOf(p: IrPeers, node: SchemaNode, self: TSchema): TSchema {
  switch (node.kind) {
    case "string": {
      if (node.const !== undefined) return Type.Literal(node.const);
      if (node.enum !== undefined) return Type.Union(node.enum.map((e) => Type.Literal(e)));
      const f = node.format === undefined ? undefined : p.ir.formats.find((x) => x.name === node.format);
      return Type.String(given({ minLength: node.minLength, maxLength: node.maxLength, pattern: f?.pattern ?? node.pattern, format: f && !f.pattern ? f.name : undefined }));
    }
    case "integer":
      return Type.Integer(given({ minimum: node.minimum, maximum: node.maximum }));
    case "number":
      return Type.Number(given({ minimum: node.minimum, maximum: node.maximum }));
    case "boolean":
      return node.const !== undefined ? Type.Literal(node.const) : Type.Boolean();
    case "null":
      return Type.Null();
    case "any":
      return Type.Unknown();
    case "array":
      return Type.Array(typeboxOf(p, node.items, self), given({ minItems: node.minItems, maxItems: node.maxItems }));
    case "union":
      return Type.Union(node.members.map((m) => typeboxOf(p, m, self)));
    case "ref":
      return node.target === FLOW_ACTION ? self : typeboxOf(p, p.record(node.target), self);
    case "object": {
      const props = Object.fromEntries(node.properties.map((x) => [x.name, x.required ? typeboxOf(p, x.schema, self) : Type.Optional(typeboxOf(p, x.schema, self))]));
      return Type.Object(props, { additionalProperties: typeof node.additional === "boolean" ? node.additional : typeboxOf(p, node.additional, self) });
    }
    default:
      throw new Error("unhandled node");
  }
}

export function typeboxPeer(p: IrPeers): Peer {
  FormatRegistry.Set("date", isRfc3339Date);
  FormatRegistry.Set("date-time", isRfc3339DateTime);
  const flowAction = Type.Recursive((self) =>
    Type.Union(
      p.variants.map((x) => {
        const props: Record<string, TSchema> = { type: Type.Literal(x.type), action: Type.Literal(x.action) };
        for (const c of p.ir.flowActions.common) props[c.name] = c.required ? typeboxOf(p, c.schema, self) : Type.Optional(typeboxOf(p, c.schema, self));
        props.params = x.paramsRequired ? typeboxOf(p, x.params, self) : Type.Optional(typeboxOf(p, x.params, self));
        return Type.Object(props, { additionalProperties: false });
      }),
    ),
  );
  const compiled = TypeCompiler.Compile(typeboxOf(p, p.record(RECORD), flowAction));
  return {
    name: "TypeBox TypeCompiler",
    check: (input) => compiled.Check(input),
    report: (input) => (compiled.Errors(input).First() === undefined ? 0 : 1),
    reportAll: (input) => [...compiled.Errors(input)].length,
  };
}
