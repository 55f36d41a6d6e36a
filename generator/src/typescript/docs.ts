/**
 * The JSDoc of every declaration and member: the spec's description, the constraints in words,
 * the lifecycle label, examples, and a link to the section of the Markdown reference.
 */
import type { Property, SchemaNode, SpecIR, Variant } from "../ir/model.js";
import { recordsByName } from "../ir/lookups.js";
import type { Shape, ShapeOrigin } from "../ir/shape-names.js";
import { FLOW_ACTION } from "../spec-language/schema-node.js";
import { describeConstraints, type ConstraintContext } from "./constraints.js";
import type { Doc } from "./jsdoc.js";
import { lifecycles, lifecycleSentence, type Lifecycle, type Lifecycles } from "./lifecycle.js";
import { seeTag, type ReferenceLinks } from "./reference-links.js";
import { unreachable } from "../base/internal-error.js";

export interface DocContext {
  readonly ir: SpecIR;
  readonly constraints: ConstraintContext;
  readonly lifecycles: Lifecycles;
  readonly links: ReferenceLinks;
}

export function docContext(ir: SpecIR, links: ReferenceLinks): DocContext {
  const records = recordsByName(ir);
  const constraints = { formats: ir.formats, record: (name: string) => records.get(name)?.schema, formatLink: links.format };
  return { ir, constraints, lifecycles: lifecycles(ir), links };
}

export function variantLifecycle(ctx: DocContext, variant: Variant): Lifecycle | undefined {
  return ctx.lifecycles.of(FLOW_ACTION, variant.lifecycle);
}

function originLifecycle(ctx: DocContext, origin: ShapeOrigin): Lifecycle | undefined {
  switch (origin.kind) {
    case "variant":
      return variantLifecycle(ctx, origin.variant);
    case "record":
      return ctx.lifecycles.of(origin.record.name, origin.record.lifecycle);
    case "common":
      return ctx.lifecycles.of(FLOW_ACTION, undefined);
    default:
      return unreachable(origin, "origin");
  }
}

export function commonFieldsSee(ctx: DocContext): string {
  return seeTag("The common fields in the reference", ctx.links.commonFields);
}

/** `@see` to the reference section a shape belongs to. */
export function originSee(ctx: DocContext, origin: ShapeOrigin): string {
  switch (origin.kind) {
    case "variant":
      return seeTag(`\`${origin.variant.key}\` in the reference`, ctx.links.variant(origin.variant));
    case "record":
      return seeTag(`\`${origin.record.name}\` in the reference`, ctx.links.record(origin.record.name));
    case "common":
      return commonFieldsSee(ctx);
    default:
      return unreachable(origin, "origin");
  }
}

/** `@deprecated` for the label that means it, so editors strike the name through. */
export function lifecycleTags(ctx: DocContext, lifecycle: Lifecycle | undefined): string[] {
  if (lifecycle?.label !== "Deprecated") return [];
  const meaning = ctx.ir.lifecycle.find((l) => l.label === lifecycle.label)?.description ?? "";
  return [`@deprecated ${meaning}`.trim()];
}

function exampleTag(value: unknown): string {
  return ["@example", "```json", JSON.stringify(value, null, 2), "```"].join("\n");
}

function describedBy(ctx: DocContext, node: SchemaNode): string | undefined {
  if (node.description !== undefined) return node.description;
  if (node.kind !== "ref") return undefined;
  // By name, not by a search of the records: every property that refers to a record asks, in every variant.
  return recordsByName(ctx.ir).get(node.target)?.description;
}

function originText(origin: ShapeOrigin): string {
  switch (origin.kind) {
    case "variant":
      return `the params of \`${origin.variant.key}\``;
    case "record":
      return `\`${origin.record.name}\``;
    case "common":
      return "the common fields of every action";
    default:
      return unreachable(origin, "origin");
  }
}

function shapeIntro(shape: Shape): string {
  const { origin, node } = shape;
  if (shape.root && origin.kind === "variant") {
    const v = origin.variant;
    // Descriptions start with a verb ("Adds a tax ID…"); an acronym ("HTTP…") keeps its case.
    const what = v.description.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase());
    return `The params of \`${v.key}\` ({@link ${v.name}}): ${what}`;
  }
  if (shape.root && origin.kind === "record") return origin.record.description ?? node.description ?? origin.record.name;
  if (node.description !== undefined) return node.description;
  if (shape.formWith !== undefined) return `One form of ${originText(origin)}: the one with \`${shape.formWith}\`.`;
  return `Part of ${originText(origin)}.`;
}

function shapeExamples(shape: Shape): string[] {
  if (!shape.root) return [];
  const { origin } = shape;
  if (origin.kind === "variant") return origin.variant.example === undefined ? [] : [exampleTag(origin.variant.example)];
  if (origin.kind === "record") return (origin.record.examples ?? []).map((e) => exampleTag(e));
  return [];
}

export function shapeDoc(ctx: DocContext, shape: Shape): Doc {
  const lifecycle = originLifecycle(ctx, shape.origin);
  const paragraphs = [shapeIntro(shape), describeConstraints(shape.node, ctx.constraints), lifecycleSentence(lifecycle)];
  return {
    paragraphs: paragraphs.filter((p): p is string => p !== undefined),
    tags: [...lifecycleTags(ctx, lifecycle), ...shapeExamples(shape), originSee(ctx, shape.origin)],
  };
}

/** A property's doc; `see` is the reference section of the object that holds it. */
export function propertyDoc(ctx: DocContext, property: Property, see: string): Doc {
  const intro = describedBy(ctx, property.schema) ?? `The \`${property.name}\` property.`;
  const constraints = describeConstraints(property.schema, ctx.constraints);
  return { paragraphs: constraints === undefined ? [intro] : [intro, constraints], tags: [see] };
}

const UNDEFINED_NOTE =
  "`undefined` is admitted only so the declaration compiles without `exactOptionalPropertyTypes`; " +
  "leave a property out rather than set it to `undefined`.";

/** The index signature of an open object (any extra property) or a map (extra properties of one type). */
export function extraPropertiesDoc(ctx: DocContext, additional: true | SchemaNode, hasOptional: boolean, see: string): Doc {
  if (additional === true) return { paragraphs: ["Other properties are allowed: the spec leaves this object open."], tags: [see] };
  const constraints = describeConstraints(additional, ctx.constraints);
  const intro = "Any other property, each with a value of this type.";
  const paragraphs = constraints === undefined ? [intro] : [intro, constraints];
  if (hasOptional) paragraphs.push(UNDEFINED_NOTE);
  return { paragraphs, tags: [see] };
}
