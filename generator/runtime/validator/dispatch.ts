/**
 * Dispatch on discriminators: a flow action by `type` then `action` (two map lookups, whatever the
 * number of variants), a record union such as TokenRequest by its discriminator property. Unknown
 * tags give one precise error listing what is allowed, instead of one error per variant.
 */
import type { CompiledValidator, RawError, RunContext, VariantCheck } from "./context.js";
import { thrownError } from "./thrown.js";

const hasOwn = Object.prototype.hasOwnProperty;

/** Longest echo of an input string in an error; a 10 MB `type` must not become a 10 MB message. */
const ECHO_LIMIT = 100;

export function isObjectLike(value: unknown): value is object {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The own property `key` of `obj`; inherited properties do not count. */
export function ownValue(obj: object, key: string): unknown {
  return hasOwn.call(obj, key) ? (obj as Record<string, unknown>)[key] : undefined;
}

export function echo(value: string): string {
  return value.length > ECHO_LIMIT ? `${value.slice(0, ECHO_LIMIT)}…` : value;
}

function error(instancePath: string, keyword: string, params: Record<string, unknown>): RawError[] {
  return [{ instancePath, keyword, params }];
}

/** Why a tag is missing or not a string (`undefined` when it is a string). */
function tagProblem(tag: unknown, key: string): RawError[] {
  return tag === undefined ? error("", "required", { missingProperty: key }) : error(`/${key}`, "type", { type: "string" });
}

/**
 * Passed as the compiled functions' second argument: without it, each call would build the `{}` its
 * destructured parameter defaults to. It has none of the properties they read.
 */
const NO_DATA_CONTEXT = Object.freeze({});

/** Runs one compiled validator; errors are relative to `value`, and nothing it throws escapes. */
export function runCompiled(ctx: RunContext, validator: CompiledValidator, value: unknown): RawError[] | null {
  try {
    if (validator.call(ctx, value, NO_DATA_CONTEXT)) return null;
    return validator.errors ?? error("", "unreadable", { reason: "the validator gave no reason" });
  } catch (thrown) {
    return [thrownError(thrown, "")];
  }
}

/** The envelope, then the params (both when collecting all errors); params errors under `/params`. */
function checkVariant(ctx: RunContext, check: VariantCheck, value: object): RawError[] | null {
  const envelope = runCompiled(ctx, check.envelope, value);
  if (envelope !== null && !ctx.allErrors) return envelope;
  const params = hasOwn.call(value, "params") ? (value as { readonly params?: unknown }).params : undefined;
  const found = params === undefined ? null : runCompiled(ctx, check.params, params);
  if (found === null) return envelope;
  const moved = prefixErrors(found, "/params");
  return envelope === null ? moved : envelope.concat(moved);
}

/** Checks a variant one nesting level deeper (actions in its `then`/`else` see the depth). */
function runVariant(ctx: RunContext, check: VariantCheck, value: object): RawError[] | null {
  ctx.depth++;
  try {
    return checkVariant(ctx, check, value);
  } catch (thrown) {
    return [thrownError(thrown, "")];
  } finally {
    ctx.depth--;
  }
}

function unknownAction(ctx: RunContext, type: string, action: string, actions: ReadonlyMap<string, unknown>): RawError[] {
  const typesWithAction = (ctx.tables.typesByAction.get(action) ?? []).filter((t) => t !== type);
  return error("/action", "unknownAction", { type, action: echo(action), allowed: [...actions.keys()], typesWithAction });
}

/** Checks one flow action; errors are relative to the action. Literal keys keep the loads fast. */
export function dispatchAction(ctx: RunContext, value: unknown): RawError[] | null {
  if (ctx.depth >= ctx.maxDepth) return error("", "maxDepth", { limit: ctx.maxDepth });
  if (!isObjectLike(value)) return error("", "type", { type: "object" });
  const action = value as { readonly type?: unknown; readonly action?: unknown };
  const type = hasOwn.call(action, "type") ? action.type : undefined;
  if (typeof type !== "string") return tagProblem(type, "type");
  const actions = ctx.tables.variants.get(type);
  if (actions === undefined) return error("/type", "unknownType", { type: echo(type), allowed: [...ctx.tables.variants.keys()] });
  const name = hasOwn.call(action, "action") ? action.action : undefined;
  if (typeof name !== "string") return tagProblem(name, "action");
  const check = actions.get(name);
  if (check === undefined) return unknownAction(ctx, type, name, actions);
  return runVariant(ctx, check, value);
}

/** A union of records told apart by one string property (TokenRequest by `grant_type`). */
export function dispatchRecord(ctx: RunContext, value: unknown, key: string, members: ReadonlyMap<string, CompiledValidator>): RawError[] | null {
  if (!isObjectLike(value)) return error("", "type", { type: "object" });
  const tag = ownValue(value, key);
  if (typeof tag !== "string") return tagProblem(tag, key);
  const validator = members.get(tag);
  if (validator === undefined) return error(`/${key}`, "discriminator", { tag: echo(tag), allowed: [...members.keys()] });
  return runCompiled(ctx, validator, value);
}

/**
 * Called by the compiled code wherever the spec says `$ref: FlowAction` (the flow's list and the
 * `then`/`else` lists of FLOW/BOOLEAN_CONDITION), with `this` bound to the run. With `allErrors`,
 * once the cap is reached the remaining actions are skipped: a marker keeps them invalid without
 * spending time or memory on issues nobody will see.
 */
export function checkNestedAction(this: RunContext, value: unknown): RawError[] | null {
  if (this.allErrors && this.nestedIssues >= this.maxIssues) return error("", "$capped", {});
  const errors = dispatchAction(this, value);
  if (errors !== null) this.nestedIssues += errors.length;
  return errors;
}

/** The errors of a nested check, moved under the path the compiled code found them at. */
export function prefixErrors(errors: readonly RawError[], prefix: string): RawError[] {
  return errors.map((e) => prefixError(e, prefix));
}

/** A union's error carries the errors of its branches, which move with it. */
function prefixError(e: RawError, prefix: string): RawError {
  const branches = e.params.branches;
  const params = Array.isArray(branches) ? { ...e.params, branches: branches.map((b: readonly RawError[]) => prefixErrors(b, prefix)) } : e.params;
  return { ...e, instancePath: prefix + e.instancePath, params };
}
