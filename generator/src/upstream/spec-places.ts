/**
 * From a difference's place on our side (a component of the spec's OpenAPI document and a property
 * path below it) back to the spec: the file and line to edit, and the names `disagreements.yaml`
 * `affects` would use for it (`Record.field`, `Record`, a variant key, an operation id).
 */
import type { Loc } from "../base/diagnostics.js";
import type { Operation, SchemaNode, SpecIR } from "../ir/model.js";

export interface SpecPlace {
  readonly loc: Loc;
  /** From the most specific to the least: `AuthorizationCodeTokenRequest.redirect_uri`, `AuthorizationCodeTokenRequest`, … */
  readonly subjects: readonly string[];
}

/** The deepest node along `path` (`[]` items, `*` map values, else a property), with its location. */
function deepestLoc(node: SchemaNode, path: readonly string[], ir: SpecIR): Loc {
  let here: SchemaNode | undefined = node;
  let loc = node.loc;
  for (const step of path) {
    while (here?.kind === "ref") here = ir.records.find((r) => r.name === (here as { target: string }).target)?.schema;
    if (here === undefined) break;
    const next: SchemaNode | undefined =
      here.kind === "array" && step === "[]"
        ? here.items
        : here.kind === "object"
          ? step === "*" && typeof here.additional === "object"
            ? here.additional
            : here.properties.find((p) => p.name === step)?.schema
          : undefined;
    if (next === undefined) break;
    here = next;
    loc = next.loc;
  }
  return loc;
}

/** The property names of a path, without the `[]` and `*` steps. */
function fieldsOf(path: readonly string[]): string[] {
  return path.filter((step) => step !== "[]" && step !== "*");
}

/**
 * The names a disagreement's `affects` would use for a difference, exactly: `Record.a.b` for one at
 * a field, and the record (or variant) itself for one at its root or in its list of fields. A
 * record-wide entry is not taken to cover every bound inside the record.
 */
function subjects(owner: string, path: readonly string[], kind: string): string[] {
  const fields = fieldsOf(path);
  if (fields.length === 0) return [owner];
  const field = `${owner}.${fields.join(".")}`;
  return fields.length === 1 && kind.startsWith("field-only") ? [field, owner] : [field];
}

export interface SpecPlaceQuery {
  readonly component: string | undefined;
  readonly path: readonly string[];
  readonly kind: string;
}

/** Where a traffic sign's `variant` and `at` would point for this place, when it can say. */
export interface SignPlace {
  readonly variant?: string;
  /** From the variant's action object, or from the operation's body. */
  readonly pointer: readonly string[];
}

export function specPlace(ir: SpecIR, op: Operation, query: SpecPlaceQuery): SpecPlace & { readonly sign?: SignPlace } {
  const { component, path, kind } = query;
  const pointer = path.map((step) => (step === "[]" || step === "*" ? "*" : step));
  const record = ir.records.find((r) => r.name === component);
  if (record) {
    const isBody = record.name === op.body || record.name === op.query || record.name === op.success.body;
    return { loc: deepestLoc(record.schema, path, ir), subjects: subjects(record.name, path, kind), ...(isBody && { sign: { pointer } }) };
  }
  for (const type of ir.flowActions.types) {
    if (type.name === component) return { loc: type.loc, subjects: [] };
    for (const variant of type.variants) {
      if (variant.name === component) return { loc: variant.loc, subjects: subjects(variant.key, path, kind), sign: { variant: variant.key, pointer } };
      if (variant.paramsName === component) {
        return { loc: deepestLoc(variant.params, path, ir), subjects: subjects(variant.key, path, kind), sign: { variant: variant.key, pointer: ["params", ...pointer] } };
      }
    }
  }
  return { loc: op.loc, subjects: component === undefined && path.length === 0 ? [op.id] : [] };
}
