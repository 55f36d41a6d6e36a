/**
 * The errors of dispatch on a discriminator: a flow action by `type` then `action`, a record union
 * such as TokenRequest by its discriminator property. An unknown tag gives one precise error listing
 * what is allowed, instead of one error per variant. The generated code dispatches with a switch and
 * calls these only when it falls through.
 */
import type { RunContext } from "./context.js";
import { echo } from "./echo.js";
import { reportError } from "./raw-errors.js";

/** Why a tag is missing or not a string. */
function tagError(c: RunContext, tag: unknown, key: string): number {
  return tag === undefined ? reportError(c, "", "required", { missingProperty: key }) : reportError(c, `/${key}`, "type", { type: "string" });
}

/** `action → types that have it`, for "exists under AUTH0, SENDGRID" hints (error path only). */
function typesWithAction(actions: Readonly<Record<string, readonly string[]>>, action: string, type: string): string[] {
  const types: string[] = [];
  for (const t of Object.keys(actions)) if (t !== type && actions[t]!.includes(action)) types.push(t);
  return types;
}

/**
 * An action whose type or action matched no variant. `actions` maps each type to its actions, in
 * the spec's order.
 */
export function unknownVariant(c: RunContext, actions: Readonly<Record<string, readonly string[]>>, type: unknown, action: unknown): number {
  if (typeof type !== "string") return tagError(c, type, "type");
  const allowed = Object.prototype.hasOwnProperty.call(actions, type) ? actions[type] : undefined;
  if (allowed === undefined) return reportError(c, "/type", "unknownType", { type: echo(type), allowed: Object.keys(actions) });
  if (typeof action !== "string") return tagError(c, action, "action");
  return reportError(c, "/action", "unknownAction", { type, action: echo(action), allowed: [...allowed], typesWithAction: typesWithAction(actions, action, type) });
}

/** A record union's tag that names no member. */
export function unknownMember(c: RunContext, key: string, tag: unknown, allowed: readonly string[]): number {
  if (typeof tag !== "string") return tagError(c, tag, key);
  return reportError(c, `/${key}`, "discriminator", { tag: echo(tag), allowed: [...allowed] });
}
