/**
 * The errors of dispatch on a discriminator: a flow action by `type` then `action`, a record union
 * such as TokenRequest by its discriminator property. An unknown tag gives one precise error listing
 * what is allowed, instead of one error per variant. The generated code finds a flow action's variant
 * in a table of Maps (`variantTable`) and a record union's member with a switch, and calls these only
 * when that finds nothing.
 */
import type { Check, RunContext } from "./context.js";
import { echo } from "./echo.js";
import { reportError } from "./raw-errors.js";

/** Why a tag is missing or not a string. */
function tagError(c: RunContext, tag: unknown, key: string): number {
  return tag === undefined ? reportError(c, "", "required", { missingProperty: key }) : reportError(c, `/${key}`, "type", { type: "string" });
}

/** Type → action → the check of that variant's params, in the spec's order. */
export type VariantTable = ReadonlyMap<string, ReadonlyMap<string, Check>>;

/**
 * The table from the generator's literal `{ TYPE: { ACTION: check } }`: the names once, where a
 * switch and a list of the actions for the error report would write them twice. (Types and actions
 * are upper-case names, never array indexes, so the literal keeps the spec's order.)
 */
export function variantTable(variants: Readonly<Record<string, Readonly<Record<string, Check>>>>): VariantTable {
  return new Map(Object.entries(variants).map(([type, actions]) => [type, new Map(Object.entries(actions))]));
}

/**
 * What the last table's unknown types and actions need, made on the first of them, not per issue.
 * Each issue used to walk every type of the spec, and the fixture check asks once per variant, so
 * that grew with the variants times the types.
 *
 * - `types`: frozen, one list every unknown_type error carries, so its quoted text and
 *   did-you-mean's letters are made once too (the issue hands out a copy: issues.ts).
 * - `typesByAction`: for each action the types that have it, for "exists under AUTH0, SENDGRID"
 *   hints (built with a copy per type: once per table, and fewer bytes).
 */
let table: VariantTable | undefined, types: readonly string[], typesByAction: Map<string, string[]>;

function describe(variants: VariantTable): void {
  table = variants;
  types = Object.freeze([...variants.keys()]);
  typesByAction = new Map();
  for (const [type, actions] of variants) for (const action of actions.keys()) typesByAction.set(action, [...(typesByAction.get(action) ?? []), type]);
}

/** An action whose type or action matched no variant of `variants`. */
export function unknownVariant(c: RunContext, variants: VariantTable, type: unknown, action: unknown): number {
  if (typeof type !== "string") return tagError(c, type, "type");
  if (variants !== table) describe(variants);
  const allowed = variants.get(type);
  if (allowed === undefined) return reportError(c, "/type", "unknownType", { type: echo(type), allowed: types });
  if (typeof action !== "string") return tagError(c, action, "action");
  const typesWithAction = (typesByAction.get(action) ?? []).filter((t) => t !== type);
  return reportError(c, "/action", "unknownAction", { type, action: echo(action), allowed: [...allowed.keys()], typesWithAction });
}

/** A record union's tag that names no member. */
export function unknownMember(c: RunContext, key: string, tag: unknown, allowed: readonly string[]): number {
  if (typeof tag !== "string") return tagError(c, tag, key);
  return reportError(c, `/${key}`, "discriminator", { tag: echo(tag), allowed });
}
