/**
 * Error records (JSON Schema keywords, plus the dispatcher's) → public issues: one code per kind of problem,
 * the JSON Pointer of the offending value, and a message built from our own data only (never from
 * the input, except short echoes of a string tag).
 */
import type { ValidationIssue } from "./public-types.js";
import type { RawError } from "./context.js";
import { unionIssues } from "./union-issues.js";
import { messageFor, quoteAll, SIZE_UNITS, type IssueDraft } from "./messages.js";
import { echo } from "./echo.js";
import { escapePointer } from "./raw-errors.js";
import { closestMatch } from "./suggest.js";

export { escapePointer };

function childPath(e: RawError, name: unknown): string {
  return `${e.instancePath}/${escapePointer(String(name))}`;
}

function schemaIssue(e: RawError): IssueDraft | null {
  const p = e.params;
  const at = e.instancePath;
  // maxLength, minItems, …: the keywords that count, each with its unit (messages.ts).
  if (SIZE_UNITS[e.keyword] !== undefined) return { code: e.keyword.startsWith("max") ? "too_long" : "too_short", path: at, keyword: e.keyword, params: { limit: p.limit } };
  if (e.keyword === "minimum" || e.keyword === "maximum") return { code: "out_of_range", path: at, keyword: e.keyword, params: { limit: p.limit, comparison: p.comparison } };
  switch (e.keyword) {
    case "required":
      return { code: "required", path: childPath(e, p.missingProperty), keyword: "required", params: { missingProperty: p.missingProperty } };
    case "dependentRequired":
      return {
        code: "required",
        path: childPath(e, p.missingProperty),
        keyword: "dependentRequired",
        params: { missingProperty: p.missingProperty, property: p.property },
        message: `required property ${JSON.stringify(p.missingProperty)} is missing: ${JSON.stringify(p.property)} needs it`,
      };
    case "additionalProperties": {
      // A key that resembles a property the object lacks is a typo: the issue names that property.
      const params = p.suggestion === undefined ? { property: echo(String(p.additionalProperty)) } : { property: echo(String(p.additionalProperty)), suggestion: p.suggestion };
      return { code: "unknown_property", path: childPath(e, p.additionalProperty), keyword: "additionalProperties", params };
    }
    case "type":
      return { code: "invalid_type", path: at, keyword: "type", params: { type: p.type } };
    case "enum":
      return { code: "not_allowed", path: at, keyword: "enum", allowed: p.allowedValues as NonNullable<IssueDraft["allowed"]> };
    case "const":
      return { code: "not_allowed", path: at, keyword: "const", allowed: [p.allowedValue as string] };
    case "format":
      return { code: "invalid_format", path: at, keyword: "format", params: { format: p.format } };
    case "pattern":
      return { code: "invalid_format", path: at, keyword: "pattern", params: { pattern: p.pattern } };
    default:
      return null;
  }
}

/** The params with `suggestion` when the value resembles an allowed one (`Stripe` → `STRIPE`, a slip of case). */
function withSuggestion(params: Record<string, unknown>, value: unknown, allowed: unknown): Record<string, unknown> {
  const match = typeof value === "string" && Array.isArray(allowed) ? closestMatch(value, allowed as string[]) : undefined;
  return match === undefined ? params : { ...params, suggestion: match };
}

function flowspecIssue(e: RawError): IssueDraft | null {
  const p = e.params;
  const at = e.instancePath;
  switch (e.keyword) {
    case "unknownType":
      return { code: "unknown_type", path: at, keyword: "discriminator", params: withSuggestion({ type: p.type }, p.type, p.allowed), allowed: p.allowed as string[] };
    case "unknownAction":
      return { code: "unknown_action", path: at, keyword: "discriminator", params: withSuggestion({ type: p.type, action: p.action, typesWithAction: p.typesWithAction }, p.action, p.allowed), allowed: p.allowed as string[] };
    case "discriminator":
      return { code: "unknown_variant", path: at, keyword: "discriminator", params: { value: p.tag }, allowed: p.allowed as string[] };
    case "selfServiceAudience":
      return {
        code: "not_allowed",
        path: at,
        params: { domain: p.domain },
        allowed: [p.expected as string],
        message: `the account self-service audience must be ${JSON.stringify(p.expected)}, on the domain the request is sent to`,
      };
    case "refusedGrant":
      return {
        code: "not_allowed",
        path: at,
        keyword: "refusedGrant",
        params: { value: p.grant },
        allowed: p.allowed as string[],
        message: `the ${JSON.stringify(p.grant)} grant cannot obtain a token for the account self-service interface; allowed: ${quoteAll(p.allowed as string[])}`,
      };
    case "maxDepth":
      return { code: "too_deep", path: at, params: { limit: p.limit } };
    case "unreadable":
      return { code: "unreadable", path: at, params: { reason: p.reason } };
    default:
      return null;
  }
}

/** Drafts for one error: several for a union in `allErrors` mode. */
function draftsFor(e: RawError): IssueDraft[] {
  if (e.keyword === "oneOf" || e.keyword === "anyOf") return unionIssues(e, draftsForAll);
  const draft = schemaIssue(e) ?? flowspecIssue(e);
  return [draft ?? { code: "no_match", path: e.instancePath, keyword: e.keyword, message: `fails the ${JSON.stringify(e.keyword)} rule` }];
}

function draftsForAll(errors: readonly RawError[]): IssueDraft[] {
  const drafts: IssueDraft[] = [];
  for (const e of errors) drafts.push(...draftsFor(e));
  return drafts;
}

/** Public issues, at most `max` of them, each with its message. */
export function toIssues(errors: readonly RawError[], max: number): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const e of errors) {
    for (const draft of draftsFor(e)) {
      if (issues.length >= max) return issues;
      // Each draft is made for this run, and becomes the issue in place: spreading it into a new
      // object copied it on the engine's slow path (drafts come in a dozen shapes), for every issue.
      // `allowed` becomes the caller's own copy: a draft's list can be the schema's enumeration or
      // the variant table's frozen list of types, which every run shares.
      draft.message = messageFor(draft);
      if (draft.allowed) draft.allowed = [...draft.allowed];
      issues.push(draft as ValidationIssue);
    }
  }
  return issues;
}
