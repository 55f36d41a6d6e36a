/**
 * `authentication.yaml`: the security schemes, and the authentication rules as data. A rule's
 * `kind` fixes which fields it carries (`RULE_FIELDS`); the checker requires exactly those, and the
 * IR gives each kind its own type.
 */
import { OptionalKind, Type, type Static, type TObject, type TSchema } from "@sinclair/typebox";
import { closed, mapOf, name, oneOf, text, textList } from "./builders.js";

/** A way to a token; `grant` is the `grant_type` its token request sends (a member of the token endpoint's body). */
const tokenFlow = closed({ name: text, login: text, grant: Type.Optional(text), operations: Type.Optional(textList) });

/** The fields of each kind of rule, besides `id`, `seed`, `kind`, `text` and `interface`. */
const RULE_FIELDS = {
  schemes: { schemes: textList },
  operation_scopes: {},
  global_client: { status: Type.Integer(), error: text },
  signature: { status: Type.Integer(), error: text },
  token_flows: { audience: text, scopePattern: text, flows: Type.Array(tokenFlow) },
  // status and error: the row a token request the rule refuses is answered with (optional: a spec may leave it to the 400 row).
  grant_not_allowed: { grant: text, status: Type.Optional(Type.Integer()), error: Type.Optional(text) },
  default_policies: { policies: mapOf(text) },
  discouraged_policy: { policy: text, instead: text },
  granted_permissions: { intersectionOf: textList },
  step_up: { recommendedFor: textList, method: text },
  same_domain: { sameFor: textList },
} as const;

type RuleFields = typeof RULE_FIELDS;
export type AuthRuleKind = keyof RuleFields;

const RULE_KINDS = Object.keys(RULE_FIELDS) as AuthRuleKind[];

/** The data of each kind of rule, by kind. */
export type AuthRuleData = { [K in AuthRuleKind]: Static<TObject<RuleFields[K]>> };

const ruleBase = { id: name, seed: Type.Integer({ minimum: 1 }), kind: oneOf(RULE_KINDS), text, interface: Type.Optional(text) };

/** Every field some kind carries; each kind's `then` requires its own and refuses the others. */
const ALL_FIELDS: Record<string, unknown> = Object.assign({}, ...Object.values(RULE_FIELDS));

function kindCondition(kind: AuthRuleKind): Record<string, unknown> {
  const fields: Record<string, TSchema> = RULE_FIELDS[kind];
  const own = Object.keys(fields);
  const required = own.filter((field) => fields[field]![OptionalKind] !== "Optional");
  const others = Object.keys(ALL_FIELDS).filter((field) => !own.includes(field));
  return {
    if: { required: ["kind"], properties: { kind: { const: kind } } },
    then: { required, properties: Object.fromEntries(others.map((field) => [field, false])) },
  };
}

const rule = Type.Unsafe<{ [K in AuthRuleKind]: Static<TObject<typeof ruleBase>> & { kind: K } & AuthRuleData[K] }[AuthRuleKind]>({
  type: "object",
  additionalProperties: false,
  required: ["id", "seed", "kind", "text"],
  properties: { ...ruleBase, ...ALL_FIELDS },
  allOf: RULE_KINDS.map(kindCondition),
});

type RawAuthRule = Static<typeof rule>;

const securityScheme = closed({
  interface: text,
  type: oneOf(["http", "oauth2"] as const),
  scheme: Type.Optional(text),
  bearerFormat: Type.Optional(text),
  flow: Type.Optional(text),
  tokenUrl: Type.Optional(text),
  audience: Type.Optional(text),
  tokenTypes: Type.Optional(textList),
  description: text,
});

type RawSecurityScheme = Static<typeof securityScheme>;

export const AUTHENTICATION_FILE = closed({
  securitySchemes: mapOf(securityScheme),
  rules: Type.Array(rule, { minItems: 1 }),
});
