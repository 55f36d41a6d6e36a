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

/** Calls a compiled validator; what it throws is for the caller to catch. */
function call(ctx: RunContext, validator: CompiledValidator, value: unknown): RawError[] | null {
  if (validator.call(ctx, value, NO_DATA_CONTEXT)) return null;
  return validator.errors ?? error("", "unreadable", { reason: "the validator gave no reason" });
}

/** Runs one compiled validator; errors are relative to `value`, and nothing it throws escapes. */
export function runCompiled(ctx: RunContext, validator: CompiledValidator, value: unknown): RawError[] | null {
  try {
    return call(ctx, validator, value);
  } catch (thrown) {
    return [thrownError(thrown, "")];
  }
}

/**
 * The envelope, then the params (both when collecting all errors), one nesting level deeper so that
 * actions in `then`/`else` see the depth. No try block here, on the hot path: whatever a getter or a
 * Proxy throws is caught by checkNestedAction (or the run), which also restores the depth.
 */
function checkVariant(ctx: RunContext, check: VariantCheck, value: object): RawError[] | null {
  ctx.depth++;
  const envelope = call(ctx, check.envelope, value);
  let found: RawError[] | null = null;
  if (envelope === null || ctx.allErrors) {
    const params = hasOwn.call(value, "params") ? (value as { readonly params?: unknown }).params : undefined;
    if (params !== undefined) found = call(ctx, check.params, params);
  }
  ctx.depth--;
  if (found === null) return envelope;
  const moved = prefixErrors(found, "/params");
  return envelope === null ? moved : envelope.concat(moved);
}

function unknownAction(ctx: RunContext, type: string, action: string, actions: ReadonlyMap<string, unknown>): RawError[] {
  const typesWithAction = (ctx.tables.typesByAction.get(action) ?? []).filter((t) => t !== type);
  return error("/action", "unknownAction", { type, action: echo(action), allowed: [...actions.keys()], typesWithAction });
}

/** Checks one flow action; errors are relative to the action. Literal keys keep the loads fast. */
export function dispatchAction(ctx: RunContext, value: unknown): RawError[] | null {
  if (ctx.depth >= ctx.maxDepth) {
    ctx.depthErrors++;
    return error("", "maxDepth", { limit: ctx.maxDepth });
  }
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
  return checkVariant(ctx, check, value);
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
