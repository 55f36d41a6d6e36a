/**
 * The IR: one readonly, serialisable model of the whole spec. Emitters read only this. Every node
 * keeps the place in the YAML it came from (`loc`), so later stages can still point at the spec.
 */
import type { Loc } from "../base/diagnostics.js";
import type { AuthRuleData, AuthRuleKind } from "../spec-language/authentication.js";

interface NodeBase {
  readonly loc: Loc;
  readonly title?: string;
  readonly description?: string;
}

export interface StringNode extends NodeBase {
  readonly kind: "string";
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly format?: string;
  readonly pattern?: string;
  readonly enum?: readonly string[];
  readonly const?: string;
}

export interface NumericNode extends NodeBase {
  readonly kind: "integer" | "number";
  readonly minimum?: number;
  readonly maximum?: number;
  readonly enum?: readonly number[];
  readonly const?: number;
}

export interface BooleanNode extends NodeBase {
  readonly kind: "boolean";
  readonly const?: boolean;
}

export interface NullNode extends NodeBase {
  readonly kind: "null";
}

/** Any JSON value (`{}` in the spec). */
export interface AnyNode extends NodeBase {
  readonly kind: "any";
}

export interface Property {
  readonly name: string;
  readonly required: boolean;
  readonly schema: SchemaNode;
}

export interface ObjectNode extends NodeBase {
  readonly kind: "object";
  readonly properties: readonly Property[];
  /** false: closed; true: any extra property; a schema: extra properties follow it (a map). */
  readonly additional: boolean | SchemaNode;
  readonly minProperties?: number;
  readonly maxProperties?: number;
  /** When a property is present, these must be too (JSON Schema's `dependentRequired`), by property, keys sorted. */
  readonly dependentRequired?: Readonly<Record<string, readonly string[]>>;
}

export interface ArrayNode extends NodeBase {
  readonly kind: "array";
  readonly items: SchemaNode;
  readonly minItems?: number;
  readonly maxItems?: number;
}

export interface UnionNode extends NodeBase {
  readonly kind: "union";
  /** `oneOf`: exactly one member matches; `anyOf`: at least one. */
  readonly mode: "oneOf" | "anyOf";
  readonly members: readonly SchemaNode[];
  /** A property whose constant value tells the members apart. */
  readonly discriminator?: string;
}

/** A reference to a named record (or to `FlowAction`, the union of all variants). */
export interface RefNode extends NodeBase {
  readonly kind: "ref";
  readonly target: string;
}

export type SchemaNode =
  | StringNode
  | NumericNode
  | BooleanNode
  | NullNode
  | AnyNode
  | ObjectNode
  | ArrayNode
  | UnionNode
  | RefNode;

export interface NamedRecord {
  readonly name: string;
  readonly description?: string;
  /** Realistic values from the spec (`examples:` on the record). */
  readonly examples?: readonly unknown[];
  readonly lifecycle?: string;
  readonly schema: SchemaNode;
  /** The spec file that defines it, e.g. `spec/records/flow.yaml`. */
  readonly source: string;
  readonly loc: Loc;
}

export interface Variant {
  readonly type: string;
  readonly action: string;
  /** `STRIPE:ADD_TAX_ID` */
  readonly key: string;
  /** `FlowActionStripeAddTaxId` */
  readonly name: string;
  /** `FlowActionStripeAddTaxIdParams` */
  readonly paramsName: string;
  /** `stripe-add_tax_id` */
  readonly anchor: string;
  readonly description: string;
  readonly lifecycle?: string;
  readonly paramsRequired: boolean;
  /** An object, or a union of objects (MAILJET SEND_EMAIL). */
  readonly params: SchemaNode;
  /** A realistic params value from the spec, if it gives one. */
  readonly example?: Readonly<Record<string, unknown>>;
  readonly loc: Loc;
}

export interface ActionType {
  readonly type: string;
  /** `FlowActionStripe` */
  readonly name: string;
  readonly title: string;
  readonly kind: string;
  readonly placeholder?: string;
  readonly description?: string;
  readonly variants: readonly Variant[];
  /** The provider file, e.g. `spec/flow-actions/stripe.yaml`. */
  readonly source: string;
  readonly loc: Loc;
}

export interface FlowActions {
  /** The fields every variant has besides type, action and params. */
  readonly common: readonly Property[];
  readonly types: readonly ActionType[];
  readonly source: string;
}

export interface Format {
  readonly name: string;
  readonly description: string;
  readonly provenance: "published" | "observed";
  readonly syntax: string;
  readonly pattern?: string;
  readonly builtin?: "rfc3339-date" | "rfc3339-date-time";
  readonly examples: readonly string[];
  readonly loc: Loc;
}

export interface Server {
  readonly name: string;
  readonly url: string;
  readonly description: string;
}

export interface Interface {
  readonly name: string;
  readonly title: string;
  readonly version: string;
  readonly status?: string;
  readonly server: string;
  readonly basePath: string;
  readonly audience?: string;
  /** The record every error body of the interface's operations is (absent: the spec states none). */
  readonly errorBody?: string;
  /** The audience holds `{domain}`: each domain of the tenant (canonical or custom) has its own. */
  readonly domainAudience: boolean;
  /** The grants a `grant_not_allowed` rule refuses for this interface. */
  readonly refusedGrants: readonly string[];
  readonly description: string;
}

export interface LifecycleLabel {
  readonly label: string;
  readonly description: string;
}

export interface Header {
  readonly name: string;
  readonly value: string;
  readonly required: boolean;
}

export interface Operation {
  readonly id: string;
  readonly summary: string;
  readonly description?: string;
  readonly interface: string;
  readonly method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  readonly server: string;
  readonly path: string;
  readonly lifecycle: string;
  readonly scope?: string;
  readonly pathParams: readonly Property[];
  readonly headers: readonly Header[];
  readonly requestContentTypes: readonly string[];
  readonly body?: string;
  readonly query?: string;
  readonly success: { readonly status: number; readonly contentType?: string; readonly body?: string; readonly description?: string };
  /** Property → the content type of its one field in a form body (OpenAPI's Encoding Object). */
  readonly formEncoding: Readonly<Record<string, string>>;
  /** The codes of the error rows that name this operation, in the table's order. */
  readonly errors: readonly string[];
  readonly loc: Loc;
}

export interface SecurityScheme {
  readonly name: string;
  readonly interface: string;
  readonly type: "http" | "oauth2";
  readonly scheme?: string;
  readonly bearerFormat?: string;
  readonly flow?: string;
  readonly tokenUrl?: string;
  readonly audience?: string;
  readonly tokenTypes?: readonly string[];
  readonly description: string;
}

/** What every authentication rule has, whatever its kind. */
interface AuthRuleBase {
  readonly id: string;
  readonly seed: number;
  readonly text: string;
  readonly interface?: string;
  readonly loc: Loc;
}

/**
 * An authentication rule: its `kind` fixes the fields of `data` (see `spec-language/authentication.ts`),
 * whose keys are in code-unit order.
 */
export type AuthRule = { [K in AuthRuleKind]: AuthRuleBase & { readonly kind: K; readonly data: Readonly<AuthRuleData[K]> } }[AuthRuleKind];

/** A row of the error table: one per code on the wire (`id`), naming the operations that answer with it. */
export interface ErrorRow {
  readonly id: string;
  readonly status: number;
  readonly operations: readonly string[];
  readonly condition: string;
  readonly message: string;
  readonly headers: readonly string[];
  /** The validator's issue code this row answers instead of the 400 row. */
  readonly issue?: string;
  readonly loc: Loc;
}

export interface RateLimitHeader {
  readonly name: string;
  readonly type: "integer";
  readonly minimum?: number;
  readonly meaning: string;
}

export interface Limit {
  readonly id: string;
  readonly title: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly note?: string;
  readonly appliesTo: readonly string[];
  readonly loc: Loc;
}

/** A place where the vendor's published definition, its SDKs or the live service disagree. */
export interface Disagreement {
  /** `D3` */
  readonly id: string;
  /** `decision` where the spec departs from the published definition on purpose (default `disagreement`). */
  readonly kind: "disagreement" | "decision";
  readonly area: string;
  /** What the published definition says (this spec follows it). */
  readonly published: string;
  /** What the SDKs or recordings of the live service show instead. */
  readonly sdks: string;
  readonly impact: string;
  /** Variant keys (`FLOW:BOOLEAN_CONDITION`), record names, `Record.field` paths or operation ids. */
  readonly affects: readonly string[];
  /** How the divergence shows in recorded traffic (what `flowspec conformance` labels with its id). */
  readonly traffic: readonly TrafficSign[];
  readonly loc: Loc;
}

/** One way a divergence shows in recorded traffic; every field given must match (spec-language/files.ts). */
export interface TrafficSign {
  readonly operation: string;
  /** Absent: either side (a response that echoes the request shows the same divergence). */
  readonly side?: "request" | "response";
  /** A variant key: `at` is then relative to the flow action of that variant. */
  readonly variant?: string;
  /** A JSON Pointer; `*` stands for one segment. */
  readonly at?: string;
  readonly code?: string;
  readonly status?: number;
  readonly loc: Loc;
}

export interface SpecIR {
  readonly version: string;
  readonly title: string;
  /** Spec file of each top-level section, for do-not-edit headers. */
  readonly sources: Readonly<Record<string, string>>;
  readonly servers: readonly Server[];
  readonly interfaces: readonly Interface[];
  readonly lifecycle: readonly LifecycleLabel[];
  readonly formats: readonly Format[];
  readonly records: readonly NamedRecord[];
  readonly flowActions: FlowActions;
  readonly operations: readonly Operation[];
  readonly securitySchemes: readonly SecurityScheme[];
  readonly authRules: readonly AuthRule[];
  readonly errors: readonly ErrorRow[];
  readonly rateLimits: { readonly status: number; readonly headers: readonly RateLimitHeader[] };
  readonly limits: readonly Limit[];
  readonly disagreements: readonly Disagreement[];
}
