/**
 * Messages for people. They are built from the schema's own data (limits, names, allowed values) and
 * never from the input, except short echoes of a string tag, so a hostile value cannot make a
 * message throw or grow.
 */
import type { IssueCode, ValidationIssue } from "./public-types.js";
import { suggestionText } from "./suggest.js";

/** An issue before its message is written (toIssues then writes it, and copies `allowed`, in place). */
export interface IssueDraft {
  readonly code: IssueCode;
  readonly path: string;
  readonly keyword?: string;
  readonly params?: Readonly<Record<string, unknown>>;
  allowed?: NonNullable<ValidationIssue["allowed"]>;
  /** Set when the message cannot be derived from code and params alone. */
  message?: string;
}

/** A draft's params, read once by messageFor for the message it writes (`{}` when it has none). */
type Params = Readonly<Record<string, unknown>>;

/** A JSON Schema type with its article: "an object", "an integer", "a string", and "null" alone. */
function aType(type: string): string {
  return type === "null" ? type : `${"aeiou".includes(type[0]!) ? "an" : "a"} ${type}`;
}

/**
 * The last list that cannot change (a frozen array) and its quoted text: the variant table's types
 * are quoted once, not in every unknown_type message.
 */
let quotedList: unknown;
let quoted: string;

export function quoteAll(values: readonly unknown[] = []): string {
  if (values === quotedList) return quoted;
  const text = values.map((v) => JSON.stringify(v)).join(", ");
  if (Object.isFrozen(values)) {
    quotedList = values;
    quoted = text;
  }
  return text;
}

/** The keywords that count something, each with its plural unit (the singular drops the final "s"). */
export const SIZE_UNITS: Record<string, string> = {
  maxLength: "characters",
  minLength: "characters",
  maxItems: "items",
  minItems: "items",
  maxProperties: "properties",
  minProperties: "properties",
};

function sizeMessage(d: IssueDraft, p: Params, bound: string): string {
  const unit = SIZE_UNITS[d.keyword ?? ""] ?? "items";
  const limit = p.limit;
  return `must have ${bound} ${String(limit)} ${limit === 1 ? unit.slice(0, -1) : unit}`;
}

function discriminatorMessage(d: IssueDraft, p: Params): string {
  // A case slip (`Stripe` for STRIPE) or a typo: the suggestion the issue carries.
  const meant = suggestionText(typeof p.suggestion === "string" ? p.suggestion : undefined);
  if (d.code === "unknown_type") return `unknown action type ${JSON.stringify(p.type)}${meant}; allowed: ${quoteAll(d.allowed)}`;
  const elsewhere = (p.typesWithAction as readonly string[] | undefined) ?? [];
  const hint = elsewhere.length > 0 ? `; ${JSON.stringify(p.action)} exists under ${elsewhere.join(", ")}` : "";
  return `unknown action ${JSON.stringify(p.action)} for type ${String(p.type)}${meant}; allowed: ${quoteAll(d.allowed)}${hint}`;
}

function notAllowedMessage(d: IssueDraft, p: Params): string {
  const allowed = d.allowed ?? [];
  if (d.keyword === "discriminator") return `${JSON.stringify(p.value)} is not allowed; allowed: ${quoteAll(allowed)}`;
  return allowed.length === 1 ? `must be ${JSON.stringify(allowed[0])}` : `must be one of: ${quoteAll(allowed)}`;
}

function depthMessage(p: Params): string {
  const limit = p.limit;
  return limit === null || limit === undefined ? "is nested deeper than the engine's stack allows" : `is nested deeper than the limit of ${String(limit)} levels (option maxDepth)`;
}

export function messageFor(d: IssueDraft): string {
  if (d.message !== undefined) return d.message;
  const p = d.params ?? {};
  switch (d.code) {
    case "required":
      return `required property ${JSON.stringify(p.missingProperty)} is missing`;
    case "unknown_property":
      return `property ${JSON.stringify(p.property)} is not allowed here${suggestionText(p.suggestion === undefined ? undefined : String(p.suggestion))}`;
    case "invalid_type":
      return `must be ${String(p.type).split(",").map(aType).join(" or ")}`;
    case "too_long":
      return sizeMessage(d, p, "at most");
    case "too_short":
      return sizeMessage(d, p, "at least");
    case "out_of_range":
      // `minimum` (params.comparison ">=") or `maximum` ("<="): the spec language has no exclusive bounds.
      return `must be ${d.keyword === "minimum" ? "at least" : "at most"} ${String(p.limit)}`;
    case "not_allowed":
      return notAllowedMessage(d, p);
    case "unknown_variant":
      return `${JSON.stringify(p.value)} is not one this spec describes; known: ${quoteAll(d.allowed)}`;
    case "invalid_format":
      if (d.keyword === "pattern") return `must match the pattern ${JSON.stringify(p.pattern)}`;
      return `must match the format ${String(p.format).split(",").map((f) => JSON.stringify(f)).join(" or ")}`;
    case "no_match":
      return `matches none of the alternatives: ${((p.alternatives as { path: string; message: string }[] | undefined) ?? []).map((a) => `${a.path || "/"} ${a.message}`).join("; or ")}`;
    case "ambiguous":
      return `matches more than one alternative (${((p.passing as unknown[] | undefined) ?? []).join(" and ")}) where exactly one is allowed`;
    case "unknown_type":
    case "unknown_action":
      return discriminatorMessage(d, p);
    case "too_deep":
      return depthMessage(p);
    case "unreadable":
      return `could not be read: ${String(p.reason)}`;
    case "invalid_option":
    case "invalid_encoding":
    case "invalid_syntax":
    case "repeated_field":
    case "conflicting_field":
    case "too_many_fields":
      return String(p.reason ?? d.code);
    default:
      // Every code has its case: the compiler says so when one is added without.
      return String(d.code satisfies never);
  }
}
