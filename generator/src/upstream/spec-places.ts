/**
 * From a difference's place on our side (a component of the spec's OpenAPI document and a property
 * path below it) back to the spec: the file and line to edit, and the names `disagreements.yaml`
 * `affects` would use for it (`Record.field`, `Record`, a variant key, an operation id).
 */
import type { Loc } from "../diagnostics.js";
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

/** Each `Record.a.b` prefix of the path, the deepest first, then the record. */
function fieldSubjects(record: string, path: readonly string[]): string[] {
  const fields = path.filter((step) => step !== "[]" && step !== "*");
  return [...fields.map((_, i) => `${record}.${fields.slice(0, fields.length - i).join(".")}`), record];
}

export function specPlace(ir: SpecIR, op: Operation, component: string | undefined, path: readonly string[]): SpecPlace {
  const record = ir.records.find((r) => r.name === component);
  if (record) return { loc: deepestLoc(record.schema, path, ir), subjects: [...fieldSubjects(record.name, path), op.id] };
  for (const type of ir.flowActions.types) {
    if (type.name === component) return { loc: type.loc, subjects: [...type.variants.map((v) => v.key), op.id] };
    for (const variant of type.variants) {
      if (variant.name === component) return { loc: variant.loc, subjects: [variant.key, op.id] };
      if (variant.paramsName === component) return { loc: deepestLoc(variant.params, path, ir), subjects: [variant.key, op.id] };
    }
  }
  return { loc: op.loc, subjects: [op.id] };
}
