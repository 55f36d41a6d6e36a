/**
 * The FlowAction part of the module: the union of all variants, one union per type, one interface
 * per variant (`type` and `action` as literal types, the common fields, then `params`), and the
 * params shapes of each variant right after it.
 */
import type { ActionType, SpecIR, Variant } from "../ir/model.js";
import { FLOW_ACTION } from "../spec-language/schema-node.js";
import { commonFieldsSee, lifecycleTags, propertyDoc, variantLifecycle, type DocContext } from "./docs.js";
import { lifecycleSentence } from "./lifecycle.js";
import { printAlias, printInterface, printMember, type Member } from "./print-declarations.js";
import { printShape } from "./print-shapes.js";
import { seeTag } from "./reference-links.js";
import { COMMON_SHAPES, type ShapeNames } from "../ir/shape-names.js";
import { quoteString } from "./style.js";
import { typeExpression, type TypeExpr } from "./type-expression.js";

function union(names: readonly string[]): TypeExpr {
  return names.length === 1 ? { text: names[0]! } : { text: names.join(" | "), members: names };
}

function flowActionUnion(ctx: DocContext, ir: SpecIR): string {
  const count = ir.flowActions.types.reduce((n, t) => n + t.variants.length, 0);
  const doc = {
    paragraphs: [
      `One action of a flow: one of the ${count} variants, told apart by \`type\` and then \`action\`. ` +
        "Narrowing on both (a `switch` on `type`, then one on `action`) gives the exact `params` type.",
      lifecycleSentence(ctx.lifecycles.of(FLOW_ACTION, undefined)) ?? "",
    ],
    tags: [seeTag("Flow actions in the reference", ctx.links.flowActions)],
  };
  return printAlias(FLOW_ACTION, doc, union(ir.flowActions.types.map((t) => t.name)));
}

function groupUnion(ctx: DocContext, t: ActionType): string {
  const doc = {
    paragraphs: [`The ${t.title} actions (type \`${t.type}\`): ${t.kind}.`, t.description ?? ""],
    tags: [seeTag(`${t.title} in the reference`, ctx.links.typePage(t.type))],
  };
  return printAlias(t.name, doc, union(t.variants.map((v) => v.name)));
}

/** The common fields as members of a variant's interface, the same in every variant, so printed once. */
function commonMembers(ctx: DocContext, names: ShapeNames): string[] {
  return ctx.ir.flowActions.common.map((p) =>
    printMember({
      doc: propertyDoc(ctx, p, commonFieldsSee(ctx)),
      key: p.name,
      optional: !p.required,
      type: typeExpression(p.schema, names.nameOf),
    }),
  );
}

function variantMembers(t: ActionType, v: Variant, see: string, common: readonly string[]): (Member | string)[] {
  const params = v.paramsRequired ? "The action's params." : "The action's params; may be left out.";
  return [
    { doc: { paragraphs: [`The action's type: always \`${t.type}\` (${t.title}).`], tags: [see] }, key: "type", type: { text: quoteString(t.type) } },
    { doc: { paragraphs: [`The action: always \`${v.action}\`.`], tags: [see] }, key: "action", type: { text: quoteString(v.action) } },
    ...common,
    { doc: { paragraphs: [params], tags: [see] }, key: "params", optional: !v.paramsRequired, type: { text: v.paramsName } },
  ];
}

function variantInterface(ctx: DocContext, t: ActionType, v: Variant, common: readonly string[]): string {
  const lifecycle = variantLifecycle(ctx, v);
  const see = seeTag(`\`${v.key}\` in the reference`, ctx.links.variant(v));
  const doc = {
    paragraphs: [v.description, `Type \`${v.type}\`, action \`${v.action}\`: the key \`${v.key}\`.`, lifecycleSentence(lifecycle) ?? ""],
    tags: [...lifecycleTags(ctx, lifecycle), see],
  };
  return printInterface(v.name, doc, variantMembers(t, v, see, common));
}

/** The declarations of the FlowAction part, in reading order. */
export function flowActionDeclarations(ctx: DocContext, names: ShapeNames): string[] {
  const out = [flowActionUnion(ctx, ctx.ir), ...names.under(COMMON_SHAPES).map((s) => printShape(ctx, names, s))];
  const common = commonMembers(ctx, names);
  for (const t of ctx.ir.flowActions.types) {
    out.push(groupUnion(ctx, t));
    for (const v of t.variants) {
      out.push(variantInterface(ctx, t, v, common));
      out.push(...names.under(v.paramsName).map((s) => printShape(ctx, names, s)));
    }
  }
  return out;
}
