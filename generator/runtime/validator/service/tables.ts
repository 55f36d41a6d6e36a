/**
 * The data the generator writes into the entry module for the service helpers: per operation, its
 * method, scope, content types and the rows of the spec's error table that answer each failure;
 * and the authentication rules the helpers follow. The runtime reads only these tables, never the
 * spec, so what the helpers enforce is what the spec says.
 */

/** One row of the error table, as one operation answers with it. */
export interface ErrorRowData {
  readonly status: number;
  /** The row's code on the wire (`insufficient_scope`). */
  readonly code: string;
  /** The message, with the operation's fields in it. */
  readonly message: string;
}

/** The rows a request check answers with, by what went wrong. */
export interface CheckRows {
  readonly badRequest: ErrorRowData;
  /** Absent when the operation's interface takes no token (the authorization server). */
  readonly invalidToken: ErrorRowData | null;
  /** Absent when the global-client rule does not cover the operation's interface. */
  readonly notGlobal: ErrorRowData | null;
  /** Absent when the operation needs no scope. */
  readonly missingScope: ErrorRowData | null;
  /** Absent when the operation takes no body. */
  readonly unsupportedMediaType: ErrorRowData | null;
  readonly tooLarge: ErrorRowData | null;
  /** Issue code → the row that answers it instead of badRequest (`unknown_variant` → `unsupported_grant_type`). */
  readonly byIssue: Readonly<Record<string, ErrorRowData>>;
  /** Grant → the row a rule refusing it answers with, and that rule (rule 7). */
  readonly refusedGrants: Readonly<Record<string, ErrorRowData & { readonly rule: string }>>;
}

/**
 * The body an error response has: the vendor's management shape `{ statusCode, error, message,
 * errorCode }`, or OAuth 2.0's `{ error, error_description }` (RFC 6749 §5.2), as the interface's
 * `errorBody` record says.
 */
export type ErrorStyle = "vendor" | "oauth";

export interface ServiceOperationData {
  readonly id: string;
  readonly method: string;
  readonly scope: string | null;
  /** The media types the body may have, lower-case, in the spec's order. */
  readonly contentTypes: readonly string[];
  /** The media type decoded by decodeFormBody, when the operation takes it. */
  readonly formContentType: string | null;
  /** What the request check validates: the body, the query string, or nothing. */
  readonly input: "body" | "query" | null;
  readonly errorStyle: ErrorStyle;
  /** Present when the operation has a body or a query record, so it gets a request check. */
  readonly rows: CheckRows | null;
  /** Every row of the operation, by code. */
  readonly errors: Readonly<Record<string, ErrorRowData>>;
}

export type ServiceOperations = Readonly<Record<string, ServiceOperationData>>;

/** The account self-service rules the helpers follow, from spec/authentication.yaml. */
export interface SelfServiceRuleData {
  /** `https://{domain}/me/` (rule 6). */
  readonly audience: string;
  /** The scope form for that audience, `*` standing for one segment (rule 6). */
  readonly scopeForm: string;
  /** Grants refused for that audience, with the rule that says so (rule 7). */
  readonly refusedGrants: readonly { readonly grant: string; readonly rule: string }[];
  /** The default application API access policy of each kind of flow (rule 8). */
  readonly defaultPolicies: Readonly<Record<string, string>>;
  readonly defaultPoliciesRule: string;
  /** The flows whose policy cannot be changed, with the rule that says so (rule 7: client flows). */
  readonly fixedPolicies: readonly { readonly flow: string; readonly rule: string }[];
  /** The policy that is discouraged, and what to use instead (rule 9). */
  readonly discouraged: { readonly policy: string; readonly instead: string; readonly rule: string } | null;
  /** What granted permissions are the intersection of, in the spec's words (rule 10). */
  readonly intersectionOf: readonly string[];
  /** What must share one domain, in the spec's words (rule 12). */
  readonly sameDomainFor: readonly string[];
  readonly sameDomainRule: string;
}

/** PKCE as the spec's records state it: the methods and the verifier's length. */
export interface PkceData {
  readonly methods: readonly string[];
  readonly verifierMinLength: number;
  readonly verifierMaxLength: number;
}
