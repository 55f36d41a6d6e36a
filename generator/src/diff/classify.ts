/**
 * The rules that decide how big a spec change is, for each generated package, each beside the
 * sentence that justifies it. `diff-ir.ts` and `schema-diff.ts` find *what* changed (a kind);
 * this table says what that means for
 *
 * - `types` (@flowspec/types): read and written on both sides of the API — a service reads
 *   requests and writes responses, a client does the opposite — so a type that admits more values
 *   breaks exhaustive readers and one that admits fewer breaks writers. We follow semver-ts's "no
 *   new red squiggles" rule: major is any change after which code that compiled may not compile.
 *   Constraints (lengths, bounds, formats, patterns) are JSDoc only: a patch.
 * - `validator` (@flowspec/validator): the requests it accepts. Anything that can reject a value
 *   the old spec accepted is major, anything that only accepts more is minor.
 * - `schema` (@flowspec/schema): the same as the validator (it states what the validator checks),
 *   plus the documents and `openapi.json` paths it publishes.
 * - `reference` (@flowspec/reference): its contract is its pages and anchors, which the types link
 *   to: an anchor removed is major, a new section minor, every other edit a patch.
 *
 * The spec's level is the largest package level, because every package takes `specVersion`.
 * Response records follow the same rules as requests: the spec has one validator for all records,
 * and both sides of the API share the types.
 */
import { show, type Impact, type PackageLevel } from "./levels.js";

export interface MigrationContext {
  /** The change's place, e.g. `record WebAuthnTokenRequest.grant_type`. */
  readonly where: string;
  /** The place without its section word: `WebAuthnTokenRequest.grant_type`. */
  readonly subject: string;
  readonly what: string;
  readonly before?: unknown;
  readonly after?: unknown;
}

export interface Rule {
  /** Why the packages get these levels. */
  readonly why: string;
  readonly impact: Impact;
  /** Keep a Changelog section; a change that is a patch everywhere goes to `Fixed` instead of `Changed`. */
  readonly section: "Added" | "Changed" | "Removed";
  /** What a consumer changes in their code: every rule that is major for some package has one. */
  readonly migrate?: (c: MigrationContext) => string;
}

/** Levels in the order types, validator, schema, reference. */
function impact(types: PackageLevel, validator: PackageLevel, schema: PackageLevel, reference: PackageLevel): Impact {
  return { types, validator, schema, reference };
}

const code = (text: string) => `\`${text}\``;
const value = (v: unknown) => code(show(v));

export const RULES = {
  // ---- flow actions ----
  "variant-added": {
    why: "A new FlowAction variant accepts more requests (validator, schema: minor) and adds a reference section, but widens the FlowAction union: an exhaustive switch over it in code that reads actions (a service reading requests, a client reading responses) stops compiling.",
    impact: impact("major", "minor", "minor", "minor"),
    section: "Added",
    migrate: (c) => `Add a case for ${code(c.subject)} (or a default branch) to every exhaustive \`switch\` over \`FlowAction\`; code that only sends actions needs no change.`,
  },
  "variant-removed": {
    why: "A removed variant rejects requests that used it, removes its type and its reference anchor.",
    impact: impact("major", "major", "major", "major"),
    section: "Removed",
    migrate: (c) => `Stop sending ${code(c.subject)} actions and delete the code that builds or handles them.`,
  },
  "type-added": {
    why: "A new flow-action type brings new variants: the same as a new variant.",
    impact: impact("major", "minor", "minor", "minor"),
    section: "Added",
    migrate: (c) => `Add a case for type ${code(c.subject)} (or a default branch) to every exhaustive \`switch\` over \`FlowAction["type"]\`.`,
  },
  "type-removed": {
    why: "A removed flow-action type removes all its variants.",
    impact: impact("major", "major", "major", "major"),
    section: "Removed",
    migrate: (c) => `Stop sending actions of type ${code(c.subject)} and delete the code that handles them.`,
  },
  // ---- records and formats ----
  "record-added": {
    why: "A new record adds an exported type, a schema document and a reference section; nothing that existed changes.",
    impact: impact("minor", "minor", "minor", "minor"),
    section: "Added",
  },
  "record-removed": {
    why: "A removed record takes away an exported type, its schema document and its reference anchor.",
    impact: impact("major", "major", "major", "major"),
    section: "Removed",
    migrate: (c) => `Stop importing ${code(c.subject)} (type, schema document, reference link); use what replaced it.`,
  },
  "format-added": {
    why: "A new format is a new entry in index.json and the reference; no value's check changes until a field uses it.",
    impact: impact("none", "minor", "minor", "minor"),
    section: "Added",
  },
  "format-removed": {
    why: "A removed format takes away its index.json entry and its reference anchor.",
    impact: impact("none", "major", "major", "major"),
    section: "Removed",
    migrate: (c) => `Stop using the format ${code(c.subject)} from \`@flowspec/schema/index.json\` and links to its reference section.`,
  },
  // ---- properties (also params, the common action fields) ----
  "property-added-optional": {
    why: "A new optional property is accepted where it was not; code that builds the object need not set it, code that reads it may ignore it.",
    impact: impact("minor", "minor", "minor", "minor"),
    section: "Added",
  },
  "property-added-required": {
    why: "A new required property rejects objects without it, and code that builds the object stops compiling until it sets it.",
    impact: impact("major", "major", "major", "minor"),
    section: "Added",
    migrate: (c) => `Set ${code(c.subject)} in every object you build or send.`,
  },
  "property-removed": {
    why: "A removed property is rejected by closed objects, and code that reads or sets it stops compiling.",
    impact: impact("major", "major", "major", "patch"),
    section: "Removed",
    migrate: (c) => `Stop sending and reading ${code(c.subject)}.`,
  },
  "property-required": {
    why: "A property that becomes required rejects objects without it; code that builds them without it stops compiling.",
    impact: impact("major", "major", "major", "patch"),
    section: "Changed",
    migrate: (c) => `Always set ${code(c.subject)}.`,
  },
  "property-optional": {
    why: "A property that becomes optional accepts more objects, but code that reads it now gets `T | undefined` and stops compiling under strict null checks.",
    impact: impact("major", "minor", "minor", "patch"),
    section: "Changed",
    migrate: (c) => `Handle ${code(c.subject)} being absent where you read it.`,
  },
  // ---- constraints: JSDoc only in the types ----
  "bound-narrowed": {
    why: "A lower maximum or a higher minimum (or a new one) rejects values that were accepted; the types only mention it in JSDoc.",
    impact: impact("patch", "major", "major", "patch"),
    section: "Changed",
    migrate: (c) => `Keep ${code(c.subject)} within the new bound (${c.what}) before you send it.`,
  },
  "bound-widened": {
    why: "A higher maximum or a lower minimum (or none) accepts more values.",
    impact: impact("patch", "minor", "minor", "patch"),
    section: "Changed",
  },
  "restriction-added": {
    why: "A new format or pattern rejects strings that were accepted; the types only mention it in JSDoc.",
    impact: impact("patch", "major", "major", "patch"),
    section: "Changed",
    migrate: (c) => `Make sure ${code(c.subject)} matches ${value(c.after)} before you send it.`,
  },
  "restriction-changed": {
    why: "Another format or pattern may reject strings that were accepted.",
    impact: impact("patch", "major", "major", "patch"),
    section: "Changed",
    migrate: (c) => `Make sure ${code(c.subject)} matches ${value(c.after)} (was ${value(c.before)}) before you send it.`,
  },
  "restriction-removed": {
    why: "Without its format or pattern a string accepts more values.",
    impact: impact("patch", "minor", "minor", "patch"),
    section: "Changed",
  },
  // ---- literal values: part of the types ----
  "enum-value-added": {
    why: "A new enum value is accepted, but widens the literal union: an exhaustive switch over it stops compiling.",
    impact: impact("major", "minor", "minor", "patch"),
    section: "Added",
    migrate: (c) => `Handle ${value(c.after)} (or add a default branch) wherever you switch over ${code(c.subject)} exhaustively.`,
  },
  "enum-value-removed": {
    why: "A removed enum value is rejected, and code that uses the literal stops compiling.",
    impact: impact("major", "major", "major", "patch"),
    section: "Removed",
    migrate: (c) => `Stop sending ${value(c.before)} in ${code(c.subject)} and delete its branch.`,
  },
  "enum-added": {
    why: "An enum on a field that had none rejects the other values, and a plain string no longer type-checks.",
    impact: impact("major", "major", "major", "patch"),
    section: "Changed",
    migrate: (c) => `Send one of ${value(c.after)} in ${code(c.subject)}.`,
  },
  "enum-removed": {
    why: "Without its enum a field accepts any value, and code that assigns it to the old literal type stops compiling.",
    impact: impact("major", "minor", "minor", "patch"),
    section: "Changed",
    migrate: (c) => `Where you read ${code(c.subject)}, handle values other than ${value(c.before)}.`,
  },
  "const-added": {
    why: "A const rejects every other value, and the field's type becomes that literal.",
    impact: impact("major", "major", "major", "patch"),
    section: "Changed",
    migrate: (c) => `Send exactly ${value(c.after)} in ${code(c.subject)}.`,
  },
  "const-changed": {
    why: "A changed const rejects the old value, and the old literal no longer type-checks.",
    impact: impact("major", "major", "major", "patch"),
    section: "Changed",
    migrate: (c) => `Send ${value(c.after)} instead of ${value(c.before)} in ${code(c.subject)}, and replace the old literal wherever your code compares with it.`,
  },
  "const-removed": {
    why: "Without its const a field accepts other values, and code that relies on the literal type stops compiling.",
    impact: impact("major", "minor", "minor", "patch"),
    section: "Changed",
    migrate: (c) => `Where you read ${code(c.subject)}, handle values other than ${value(c.before)}.`,
  },
  // ---- the shape of a value ----
  "type-changed": {
    why: "Another JSON type rejects the values of the old one, and code on both sides stops compiling.",
    impact: impact("major", "major", "major", "patch"),
    section: "Changed",
    migrate: (c) => `Send and read ${code(c.subject)} as its new type (${c.what}).`,
  },
  "type-widened-to-any": {
    why: "Any JSON value is accepted now, but readers get `unknown` instead of the old type.",
    impact: impact("major", "minor", "minor", "patch"),
    section: "Changed",
    migrate: (c) => `Check the type of ${code(c.subject)} where you read it; it is \`unknown\` now.`,
  },
  "integer-to-number": {
    why: "Fractions are accepted now; both are `number` in TypeScript.",
    impact: impact("patch", "minor", "minor", "patch"),
    section: "Changed",
  },
  "union-member-added": {
    why: "A new union member is accepted, but an exhaustive narrowing over the union stops compiling.",
    impact: impact("major", "minor", "minor", "patch"),
    section: "Added",
    migrate: (c) => `Handle the new member of ${code(c.subject)} (${c.what}) wherever you narrow it exhaustively.`,
  },
  "union-member-removed": {
    why: "A removed union member rejects its values, and code that builds them stops compiling.",
    impact: impact("major", "major", "major", "patch"),
    section: "Removed",
    migrate: (c) => `Stop sending the removed member of ${code(c.subject)} (${c.what}).`,
  },
  "union-mode-narrowed": {
    why: "oneOf instead of anyOf rejects a value that matches several members; the TypeScript union is the same.",
    impact: impact("patch", "major", "major", "patch"),
    section: "Changed",
    migrate: (c) => `Make sure each value of ${code(c.subject)} matches exactly one of its shapes.`,
  },
  "union-mode-widened": {
    why: "anyOf instead of oneOf accepts a value that matches several members.",
    impact: impact("patch", "minor", "minor", "patch"),
    section: "Changed",
  },
  "discriminator-changed": {
    why: "A new or changed discriminator makes validators pick the member by that property, which may reject values that matched another member; the TypeScript union is the same.",
    impact: impact("patch", "major", "major", "patch"),
    section: "Changed",
    migrate: (c) => `Make sure every value of ${code(c.subject)} carries the discriminator (${c.what}).`,
  },
  "discriminator-removed": {
    why: "Without a discriminator any matching member is accepted.",
    impact: impact("patch", "minor", "minor", "patch"),
    section: "Changed",
  },
  "extra-properties-opened": {
    why: "An object that accepts more properties than it declares accepts more values; existing code still compiles.",
    impact: impact("minor", "minor", "minor", "patch"),
    section: "Changed",
  },
  "extra-properties-closed": {
    why: "An object that no longer accepts undeclared properties rejects values that had them, and code that sets them stops compiling.",
    impact: impact("major", "major", "major", "patch"),
    section: "Changed",
    migrate: (c) => `Stop sending properties ${code(c.subject)} does not declare (${c.what}).`,
  },
  // ---- operations ----
  "operation-added": {
    why: "A new operation adds an OPERATION_SCOPES key, an OperationId, an openapi.json path and a reference section; nothing that existed changes.",
    impact: impact("minor", "minor", "minor", "minor"),
    section: "Added",
  },
  "operation-removed": {
    why: "A removed operation takes away its OPERATION_SCOPES key, OperationId, path and reference anchor.",
    impact: impact("major", "major", "major", "major"),
    section: "Removed",
    migrate: (c) => `Stop calling ${code(c.subject)} and remove it from your scope checks.`,
  },
  "operation-scope-changed": {
    why: "Another scope refuses tokens that were enough, and changes the literal in OPERATION_SCOPES.",
    impact: impact("major", "major", "major", "patch"),
    section: "Changed",
    migrate: (c) => `Request ${value(c.after ?? null)} (was ${value(c.before ?? null)}) in the tokens you use for ${code(c.subject)}.`,
  },
  "operation-request-changed": {
    why: "Another method, path, server, body, query, success status or path parameter changes every request and response of the operation.",
    impact: impact("none", "major", "major", "patch"),
    section: "Changed",
    migrate: (c) => `Call ${code(c.subject)} as the spec says now: ${c.what}.`,
  },
  "content-type-added": {
    why: "A new request content type accepts more requests.",
    impact: impact("none", "minor", "minor", "patch"),
    section: "Added",
  },
  "content-type-removed": {
    why: "A removed request content type refuses requests that used it.",
    impact: impact("none", "major", "major", "patch"),
    section: "Removed",
    migrate: (c) => `Send ${code(c.subject)} bodies in one of its remaining content types, not ${value(c.before)}.`,
  },
  "header-added-optional": {
    why: "A new optional header changes no request that was accepted.",
    impact: impact("none", "minor", "minor", "patch"),
    section: "Added",
  },
  "header-required": {
    why: "A header that is new and required, or that becomes required, refuses requests without it.",
    impact: impact("none", "major", "major", "patch"),
    section: "Changed",
    migrate: (c) => `Send the header ${code(c.subject)} with every request.`,
  },
  "header-optional": {
    why: "A header that becomes optional accepts more requests.",
    impact: impact("none", "minor", "minor", "patch"),
    section: "Changed",
  },
  "header-removed": {
    why: "A removed header is no longer read or documented; services that relied on it change behaviour.",
    impact: impact("none", "major", "major", "patch"),
    section: "Removed",
    migrate: (c) => `Stop relying on the header ${code(c.subject)}.`,
  },
  // ---- the tables the types export as constants (ERRORS, LIMITS, OPERATION_SCOPES, LIFECYCLE_LABELS) ----
  "error-added": {
    why: "A new error row adds an entry to ERRORS and the validator's error table, a response to openapi.json and an anchor to the reference; existing rows keep their types.",
    impact: impact("minor", "minor", "minor", "minor"),
    section: "Added",
  },
  "error-removed": {
    why: "A removed error row takes away an ERRORS entry, an error a service sends and a reference anchor.",
    impact: impact("major", "major", "major", "major"),
    section: "Removed",
    migrate: (c) => `Stop matching the error ${code(c.subject)}.`,
  },
  "error-changed": {
    why: "Another status, operation, message or header list changes the literal types in ERRORS and the error body a service sends.",
    impact: impact("major", "major", "major", "patch"),
    section: "Changed",
    migrate: (c) => `Update code that matches the error ${code(c.subject)} (${c.what}).`,
  },
  "limit-added": {
    why: "A new limit adds a LIMITS key; what is enforced is stated (and diffed) on the records it applies to.",
    impact: impact("minor", "none", "none", "minor"),
    section: "Added",
  },
  "limit-removed": {
    why: "A removed limit takes away a LIMITS key and its reference anchor.",
    impact: impact("major", "none", "none", "major"),
    section: "Removed",
    migrate: (c) => `Stop reading \`LIMITS.${c.subject}\`.`,
  },
  "limit-changed": {
    why: "Other bounds or places change the literal types in LIMITS; the records' own bounds carry the validator's change.",
    impact: impact("major", "none", "none", "patch"),
    section: "Changed",
    migrate: (c) => `Update code that reads \`LIMITS.${c.subject}\` (${c.what}).`,
  },
  "lifecycle-label-added": {
    why: "A new label adds a LIFECYCLE_LABELS entry.",
    impact: impact("minor", "none", "none", "patch"),
    section: "Added",
  },
  "lifecycle-label-removed": {
    why: "A removed label takes away a LIFECYCLE_LABELS entry.",
    impact: impact("major", "none", "none", "patch"),
    section: "Removed",
    migrate: (c) => `Stop using the lifecycle label ${code(c.subject)}.`,
  },
  // ---- rules the validator's service helpers enforce ----
  "auth-rule-added": {
    why: "A new authentication rule may refuse requests the request check accepted.",
    impact: impact("none", "major", "none", "patch"),
    section: "Added",
    migrate: (c) => `Make sure your tokens and requests satisfy the new rule ${code(c.subject)}.`,
  },
  "auth-rule-changed": {
    why: "A changed authentication rule may refuse requests the request check accepted.",
    impact: impact("none", "major", "none", "patch"),
    section: "Changed",
    migrate: (c) => `Check your tokens and requests against the rule ${code(c.subject)} as it reads now (${c.what}).`,
  },
  "auth-rule-removed": {
    why: "A removed authentication rule refuses fewer requests.",
    impact: impact("none", "minor", "none", "patch"),
    section: "Removed",
  },
  "interface-changed": {
    why: "An interface's audience, refused grants, server or base path decide what the request check accepts.",
    impact: impact("none", "major", "major", "patch"),
    section: "Changed",
    migrate: (c) => `Use the interface ${code(c.subject)} as it reads now (${c.what}).`,
  },
  "interface-version-changed": {
    why: "An interface's title, version or status is a literal in INTERFACES and in openapi.json; nothing a check accepts changes.",
    impact: impact("major", "patch", "patch", "patch"),
    section: "Changed",
    migrate: (c) => `Update code that reads INTERFACES for ${code(c.subject)} (${c.what}).`,
  },
  "interface-removed": {
    why: "A removed interface takes away the audience and grants the request check used for its operations.",
    impact: impact("none", "major", "major", "patch"),
    section: "Removed",
    migrate: (c) => `Stop using the interface ${code(c.subject)}.`,
  },
  "rate-limits-changed": {
    why: "The rate-limit status and headers are what parseRateLimitHeaders reads.",
    impact: impact("none", "major", "major", "patch"),
    section: "Changed",
    migrate: () => "Read the rate-limit headers and status the spec lists now.",
  },
  // ---- documentation ----
  "doc-changed": {
    why: "Descriptions, titles, examples, summaries, provenance, servers, schemes and disagreements are documentation in every package.",
    impact: impact("patch", "patch", "patch", "patch"),
    section: "Changed",
  },
  "doc-added": {
    why: "A new documentation item (server, scheme, interface, disagreement) changes no check and no type.",
    impact: impact("patch", "patch", "patch", "patch"),
    section: "Added",
  },
  "doc-removed": {
    why: "A removed documentation item changes no check and no type.",
    impact: impact("patch", "patch", "patch", "patch"),
    section: "Removed",
  },
} as const satisfies Readonly<Record<string, Rule>>;

export type ChangeKind = keyof typeof RULES;
