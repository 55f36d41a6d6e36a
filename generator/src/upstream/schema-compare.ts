/**
 * Two JSON Schemas side by side, ours (from the spec's own OpenAPI document) and theirs (the
 * vendor's): every difference that changes which values are valid, with where it is on our side (the
 * last component on the way and the property path below it), so it can be traced to the spec.
 * Descriptions, titles and examples are documentation and are not compared.
 */
import { MERGED_FROM, resolveRef, type JsonSchema } from "./openapi-read.js";
import { isJsonObject } from "../base/json-object.js";

export type DifferenceKind =
  | "variant-only-here"
  | "variant-only-upstream"
  | "field-only-here"
  | "field-only-upstream"
  | "required"
  | "type"
  | "bound"
  | "values"
  | "format"
  | "pattern"
  | "extra-properties";

export interface SchemaDifference {
  readonly kind: DifferenceKind;
  /** The component of our document the place is in (a record, a variant, its params), if any. */
  readonly component?: string;
  /** Property names below that component (`[]` for items, `*` for map values). */
  readonly path: readonly string[];
  /** Where, for people: `TokenRequest[grant_type=authorization_code].redirect_uri`. */
  readonly place: string;
  readonly what: string;
  /** What our side says at the place, for classifying (a format name, `closed`, …). */
  readonly ours?: unknown;
  readonly theirs?: unknown;
}

interface Side {
  readonly document: JsonSchema;
  readonly schema: JsonSchema;
  readonly name?: string;
}

interface Trail {
  readonly component?: string;
  readonly path: readonly string[];
  readonly place: string;
}

interface Context {
  readonly out: SchemaDifference[];
  /** Component pairs already compared: recursive schemas (flow actions in `then`) end there. */
  readonly seen: Set<string>;
}

const BOUNDS = ["minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems", "minProperties", "maxProperties"] as const;


function add(ctx: Context, trail: Trail, kind: DifferenceKind, what: string, ours?: unknown, theirs?: unknown): void {
  ctx.out.push({ kind, ...(trail.component !== undefined && { component: trail.component }), path: trail.path, place: trail.place, what, ...(ours !== undefined && { ours }), ...(theirs !== undefined && { theirs }) });
}

function show(value: unknown): string {
  return value === undefined ? "nothing" : JSON.stringify(value);
}

/** The JSON types a schema allows; `any` when it says none. */
function types(schema: JsonSchema): string[] {
  const values = [...(Array.isArray(schema.enum) ? schema.enum : []), ...("const" in schema ? [schema.const] : [])];
  const declared = typeof schema.type === "string" ? [schema.type] : Array.isArray(schema.type) ? (schema.type as string[]) : [];
  const inferred = declared.length > 0 ? declared : values.map((v) => (v === null ? "null" : Array.isArray(v) ? "array" : Number.isInteger(v) ? "integer" : typeof v));
  const withNull = schema.nullable === true ? [...inferred, "null"] : inferred;
  const result = [...new Set(withNull.length > 0 ? withNull : isJsonObject(schema.properties) ? ["object"] : ["any"])];
  return result.sort();
}

/** `const` and a one-value `enum` say the same; both become the list of allowed values. */
function allowedValues(schema: JsonSchema): unknown[] | undefined {
  if ("const" in schema) return [schema.const];
  return Array.isArray(schema.enum) ? schema.enum : undefined;
}

function unionMembers(schema: JsonSchema): unknown[] | undefined {
  const members = schema.oneOf ?? schema.anyOf;
  return Array.isArray(members) ? members : undefined;
}

/** The property a union's members are told apart by: its discriminator, else one every member fixes. */
function tagProperty(sides: readonly Side[]): string | undefined {
  for (const side of sides) {
    const d = side.schema.discriminator;
    if (isJsonObject(d) && typeof d.propertyName === "string") return d.propertyName;
  }
  return undefined;
}

function tagOf(document: JsonSchema, member: unknown, property: string | undefined): string | undefined {
  if (property === undefined) return undefined;
  const { schema } = resolveRef(document, member);
  const prop = isJsonObject(schema.properties) ? resolveRef(document, schema.properties[property]).schema : undefined;
  const values = prop && allowedValues(prop);
  return values?.length === 1 ? String(values[0]) : undefined;
}

function child(side: Side, schema: unknown): Side {
  const resolved = resolveRef(side.document, schema);
  return { document: side.document, schema: resolved.schema, ...(resolved.name !== undefined && { name: resolved.name }) };
}

/** Our side's trail into a child: a component resets the path. */
function into(trail: Trail, ours: Side, step: string, placeStep: string): Trail {
  if (ours.name !== undefined && ours.name !== trail.component) return { component: ours.name, path: [], place: `${trail.place}${placeStep}` };
  return { ...trail, path: step === "" ? trail.path : [...trail.path, step], place: `${trail.place}${placeStep}` };
}

/** The trail of a property itself (its presence, its required flag), inside the object that declares it. */
function fieldTrail(trail: Trail, name: string): Trail {
  return { ...trail, path: [...trail.path, name], place: `${trail.place}.${name}` };
}

function compareUnion(ctx: Context, trail: Trail, ours: Side, theirs: Side): void {
  const property = tagProperty([ours, theirs]);
  const mine = unionMembers(ours.schema) ?? [ours.schema];
  const upstream = unionMembers(theirs.schema) ?? [theirs.schema];
  const tagged = (side: Side, members: unknown[]) => members.map((m, i) => ({ member: m, tag: tagOf(side.document, m, property) ?? `#${i}` }));
  const ourMembers = tagged(ours, mine);
  const theirMembers = tagged(theirs, upstream);
  for (const { member, tag } of ourMembers) {
    const matches = theirMembers.filter((t) => t.tag === tag);
    const sub = child(ours, member);
    const label = `[${property ?? "member"}=${tag}]`;
    if (matches.length === 0) {
      add(ctx, into(trail, sub, "", label), "variant-only-here", "this variant is not in the upstream document");
      continue;
    }
    for (const match of matches) {
      const theirsSub = child(theirs, match.member);
      const suffix = matches.length > 1 && theirsSub.name !== undefined ? ` (upstream ${theirsSub.name})` : "";
      compareSchemas(ctx, into(trail, sub, "", `${label}${suffix}`), sub, theirsSub);
    }
  }
  for (const { member, tag } of theirMembers) {
    if (ourMembers.some((o) => o.tag === tag)) continue;
    const upstreamMember = child(theirs, member);
    const named = [isJsonObject(member) ? member[MERGED_FROM] : undefined, upstreamMember.name, upstreamMember.schema.title].find((n) => typeof n === "string");
    const name = named as string | undefined;
    add(ctx, { ...trail, place: `${trail.place}[${property ?? "member"}=${tag}]` }, "variant-only-upstream", `a variant only upstream${name !== undefined ? ` (${name})` : ""}`);
  }
}

function compareObjects(ctx: Context, trail: Trail, ours: Side, theirs: Side): void {
  const mine = isJsonObject(ours.schema.properties) ? ours.schema.properties : {};
  const upstream = isJsonObject(theirs.schema.properties) ? theirs.schema.properties : {};
  const required = (s: JsonSchema) => new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const ourRequired = required(ours.schema);
  const theirRequired = required(theirs.schema);
  for (const [name, schema] of Object.entries(mine)) {
    const sub = child(ours, schema);
    const here = fieldTrail(trail, name);
    if (!Object.hasOwn(upstream, name)) {
      add(ctx, here, "field-only-here", `a field only here (${ourRequired.has(name) ? "required" : "optional"})`);
      continue;
    }
    if (ourRequired.has(name) !== theirRequired.has(name)) add(ctx, here, "required", ourRequired.has(name) ? "required here, optional upstream" : "optional here, required upstream");
    compareSchemas(ctx, into(trail, sub, name, `.${name}`), sub, child(theirs, upstream[name]));
  }
  for (const name of Object.keys(upstream)) {
    if (!Object.hasOwn(mine, name)) add(ctx, fieldTrail(trail, name), "field-only-upstream", `a new ${theirRequired.has(name) ? "required" : "optional"} field upstream`, undefined, theirRequired.has(name) ? "required" : "optional");
  }
  compareExtra(ctx, trail, ours, theirs);
}

function extraOf(schema: JsonSchema): "closed" | "open" | "silent" | "map" {
  const extra = schema.additionalProperties;
  if (extra === false) return "closed";
  if (extra === undefined) return "silent";
  return extra === true ? "open" : "map";
}

function compareExtra(ctx: Context, trail: Trail, ours: Side, theirs: Side): void {
  const mine = extraOf(ours.schema);
  const upstream = extraOf(theirs.schema);
  if (mine === "map" && upstream === "map") {
    compareSchemas(ctx, into(trail, ours, "*", ".*"), child(ours, ours.schema.additionalProperties), child(theirs, theirs.schema.additionalProperties));
    return;
  }
  const same = mine === upstream || (mine === "open" && upstream === "silent") || (mine === "silent" && upstream === "open");
  if (!same) add(ctx, trail, "extra-properties", `extra properties: ${mine} here, ${upstream} upstream`, mine, upstream);
}

function compareScalars(ctx: Context, trail: Trail, ours: JsonSchema, theirs: JsonSchema): void {
  for (const bound of BOUNDS) {
    if (ours[bound] !== theirs[bound]) add(ctx, trail, "bound", `${bound} ${show(ours[bound])} here, ${show(theirs[bound])} upstream`, ours[bound], theirs[bound]);
  }
  const mine = allowedValues(ours);
  const upstream = allowedValues(theirs);
  if (JSON.stringify(mine?.slice().sort()) !== JSON.stringify(upstream?.slice().sort())) {
    const only = (a: unknown[] | undefined, b: unknown[] | undefined) => (a ?? []).filter((v) => !(b ?? []).some((w) => JSON.stringify(w) === JSON.stringify(v)));
    const onlyHere = only(mine, upstream);
    const onlyUpstream = only(upstream, mine);
    const what =
      mine === undefined
        ? `any value here, only ${show(upstream)} upstream`
        : upstream === undefined
          ? `only ${show(mine)} here, any value upstream`
          : [onlyHere.length > 0 && `values only here ${show(onlyHere)}`, onlyUpstream.length > 0 && `values only upstream ${show(onlyUpstream)}`].filter(Boolean).join(", ");
    add(ctx, trail, "values", what, mine, upstream);
  }
  if (ours.format !== theirs.format) add(ctx, trail, "format", `format ${show(ours.format)} here, ${show(theirs.format)} upstream`, ours.format, theirs.format);
  if (ours.pattern !== theirs.pattern) add(ctx, trail, "pattern", `pattern ${show(ours.pattern)} here, ${show(theirs.pattern)} upstream`, ours.pattern, theirs.pattern);
}

/** Compares `ours` with `theirs` at `trail`, appending every difference to `ctx.out`. */
function compareSchemas(ctx: Context, trail: Trail, ours: Side, theirs: Side): void {
  if (ours.name !== undefined && theirs.name !== undefined) {
    const pair = `${ours.name}\u0000${theirs.name}`;
    if (ctx.seen.has(pair)) return;
    ctx.seen.add(pair);
  }
  const unions = [ours, theirs].filter((side) => unionMembers(side.schema) !== undefined).length;
  if (unions > 0) {
    compareUnion(ctx, trail, ours, theirs);
    // Two unions may also state properties their members share (FlowAction's `type`): those are
    // compared as objects below. A plain schema facing a union was paired with a member: done.
    if (unions === 1 || (!isJsonObject(ours.schema.properties) && !isJsonObject(theirs.schema.properties))) return;
  }
  const mine = types(ours.schema);
  const upstream = types(theirs.schema);
  if (mine.join() !== upstream.join() && !mine.includes("any") && !upstream.includes("any")) {
    add(ctx, trail, "type", `type ${mine.join(" | ")} here, ${upstream.join(" | ")} upstream`, mine, upstream);
    return;
  }
  if (mine.includes("object") || isJsonObject(ours.schema.properties) || isJsonObject(theirs.schema.properties)) compareObjects(ctx, trail, ours, theirs);
  if (mine.includes("array") && (ours.schema.items !== undefined || theirs.schema.items !== undefined)) {
    compareSchemas(ctx, into(trail, ours, "[]", "[]"), child(ours, ours.schema.items ?? {}), child(theirs, theirs.schema.items ?? {}));
  }
  compareScalars(ctx, trail, ours.schema, theirs.schema);
}

/** Every difference between two schemas, starting at `place` (e.g. `post_oauth_token request application/json`). */
export function schemaDifferences(ours: { document: JsonSchema; schema: unknown }, theirs: { document: JsonSchema; schema: unknown }, place: string, component?: string): SchemaDifference[] {
  const ctx: Context = { out: [], seen: new Set() };
  const mine = child({ document: ours.document, schema: {} }, ours.schema);
  const upstream = child({ document: theirs.document, schema: {} }, theirs.schema);
  const start = mine.name ?? component;
  compareSchemas(ctx, { ...(start !== undefined && { component: start }), path: [], place: start !== undefined ? `${place} ${start}` : place }, mine, upstream);
  return ctx.out;
}
