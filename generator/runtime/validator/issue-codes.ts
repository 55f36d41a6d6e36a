/**
 * Every issue code with what it means, as a value the generator imports: the README's table of
 * codes is built from it. `satisfies` makes the compiler check that it lists exactly the members of
 * IssueCode, so a new code cannot ship undocumented.
 */
import type { IssueCode } from "./public-types.js";

export const ISSUE_CODES = {
  required: "A required property is missing; `path` is where it should be.",
  unknown_property: "A property the object does not allow; `path` is the property. When it resembles a property the object lacks, `params.suggestion` names that one (a misspelt required key is this one issue, not also `required`).",
  invalid_type: "The value has the wrong JSON type (`params.type` says which was expected).",
  too_long: "A string, list or map is longer than its maximum (`params.limit`).",
  too_short: "A string, list or map is shorter than its minimum (`params.limit`).",
  out_of_range: "A number is below its minimum or above its maximum (`params.limit`, `params.comparison`).",
  not_allowed: "A value outside its enumeration or constant, or one a rule refuses (`keyword: refusedGrant`: authentication rule 7); `allowed` lists what is accepted.",
  unknown_variant: "A discriminated union's tag names no member the spec describes (a `grant_type` it does not know); `allowed` lists the members' tags.",
  invalid_format: "A string that does not follow its format (`params.format`).",
  no_match: "A value that fits none of the alternatives of a union and could have meant several.",
  ambiguous: "A value that fits more than one alternative of a union that needs exactly one.",
  unknown_type: "A flow action whose `type` is not a known type; `allowed` lists the types.",
  unknown_action: "A flow action whose `action` does not exist for its `type`; `allowed` lists that type's actions.",
  too_deep: "Nesting deeper than the `maxDepth` safety limit (or than the engine's stack allows).",
  unreadable: "The input could not be read: a getter or a Proxy threw while it was inspected.",
  invalid_option: "An option passed to the function is not valid; nothing was checked.",
  invalid_encoding: "decodeFormBody: a byte sequence that is not valid percent-encoded UTF-8, or a character that must be encoded.",
  invalid_syntax: "decodeFormBody: a field that does not follow the grammar (`name=value`, bracket paths).",
  repeated_field: "decodeFormBody: the same single-valued field given twice.",
  conflicting_field: "decodeFormBody: a field used both as a value and as a container, or list indexes with a gap.",
  too_many_fields: "decodeFormBody: more fields than the `maxFields` safety limit.",
} as const satisfies Record<IssueCode, string>;
