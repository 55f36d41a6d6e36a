/**
 * The public types of the service helpers. Declarations only: the generator copies this text (after
 * this comment) into the package's `service.d.ts`, with the import of the main public types pointed
 * at the main entry and the import of the spec's names dropped (the declarations write those out),
 * so the runtime and the published declarations cannot drift apart.
 */
import type { HeaderRecord, HeadersLike, ValidationIssue } from "../public-types.js";
import type { AccessPolicy, PolicyFlow } from "./spec-names.js";

/** The body of an error response: the vendor's public shape, plus the issues of a 400. */
export interface ErrorResponseBody {
  /** The HTTP status again. */
  readonly statusCode: number;
  /** The status's reason phrase (RFC 9110), e.g. `Forbidden`. */
  readonly error: string;
  /** The error table's message; on a 400 followed by the first issue. */
  readonly message: string;
  /** The error table's code, e.g. `insufficient_scope`. */
  readonly errorCode: string;
  /** On a 400: every problem found in the body. */
  readonly issues?: readonly ValidationIssue[];
}

/** The body of an authorization-server error (RFC 6749 §5.2), plus the issues of a 400. */
export interface OAuthErrorBody {
  /** The error table's code, e.g. `invalid_grant`. */
  readonly error: string;
  /** The error table's message; on a 400 followed by the first issue. */
  readonly error_description: string;
  /** On a 400: every problem found in the request. */
  readonly issues?: readonly ValidationIssue[];
}

/** An error response, ready to send: status, headers (lower-case names) and the JSON body. */
export interface ErrorResponse<B = ErrorResponseBody> {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: B;
}

/** The claims of a verified access token (a JWT payload). The check reads `scope`, `azp` and `client_id`. */
export type TokenClaims = Readonly<Record<string, unknown>>;

/**
 * What a request check needs to know about one HTTP request: a plain object, or a framework's
 * request object whose fields are its own or getters of its class (Fastify's request). A field on
 * `Object.prototype`, or on a prototype no class owns, is never read. A Fetch `Request` holds its
 * body as a stream: give its text as `rawBody`.
 */
export interface ServiceRequest {
  /** The HTTP method, e.g. `POST`. */
  readonly method: string;
  /** A Fetch `Headers` or a plain object such as Node's `IncomingHttpHeaders`. */
  readonly headers: HeadersLike | HeaderRecord;
  /** The body as received, text or bytes (UTF-8). Takes precedence over `body`. */
  readonly rawBody?: string | Uint8Array | ArrayBuffer | undefined;
  /** A body the framework already parsed as JSON; it is validated as it is. */
  readonly body?: unknown;
  /** The claims of the verified token; `null` or `undefined` when there is no valid token (or the operation takes none). */
  readonly claims?: TokenClaims | null | undefined;
  /**
   * For an operation that takes a query (GET /authorize): the query string (with or without `?`),
   * a `URLSearchParams`, or an object of parsed values; else it is read from `url`.
   */
  readonly query?: string | URLSearchParams | Readonly<Record<string, unknown>>;
  /** The request URL (absolute or a path), where the query is read from when `query` is absent. */
  readonly url?: string;
}

export type RequestCheckResult<T, B = ErrorResponseBody> =
  | {
      readonly ok: true;
      /** The body (or query), decoded and valid. */
      readonly value: T;
      /** The token's client (`azp`, else `client_id`); at the authorization server, the request's `client_id`; null when there is none. */
      readonly clientId: string | null;
    }
  | { readonly ok: false; readonly response: ErrorResponse<B> };

/**
 * Which clients are global (authentication rule 3): their client ids (read once, when the check is
 * made), or a predicate (asked on each request). The spec cannot know; the service must say. A
 * predicate that throws counts as "not global".
 */
export type GlobalClients = readonly string[] | ((clientId: string, claims: TokenClaims) => boolean);

export interface RequestCheckOptions {
  /** Required for the management operations, which only global clients may call. */
  readonly globalClients?: GlobalClients;
  /** Largest body accepted, in bytes of UTF-8; larger is 413. Default 1,048,576 (1 MiB). */
  readonly maxBodyBytes?: number;
  /** Report every problem of a bad body (up to `maxIssues`), not only the first. Default true. */
  readonly allErrors?: boolean;
  /** Cap on the issues of a 400. Default 100. */
  readonly maxIssues?: number;
  /** Deepest nesting of flow actions accepted. Default 32. */
  readonly maxDepth?: number;
  /** The domain the request was sent to, for the self-service audience (authentication rule 12). */
  readonly domain?: string;
}

/** A request check: never throws; answers the typed body or the error response to send. */
export interface RequestCheck<T, B = ErrorResponseBody> {
  (request: ServiceRequest): RequestCheckResult<T, B>;
  /** The operation it checks. */
  readonly operation: string;
}

export interface ErrorResponseOptions {
  /** The issues of a 400. */
  readonly issues?: readonly ValidationIssue[];
  /** More headers, e.g. the X-RateLimit-* headers of a 429. */
  readonly headers?: Readonly<Record<string, string>>;
  /** What went wrong in this case, after the table's message (`Invalid grant: the code was already used`). */
  readonly detail?: string;
}

/** A rule that refuses: which rule (its id in AUTH_RULES) and why. */
export interface RuleRefusal {
  readonly ok: false;
  readonly rule: string;
  readonly message: string;
}

export interface AccessPolicyRequest {
  /** Which kind of flow asks: user flows or client (machine-to-machine) flows. */
  readonly flow: PolicyFlow;
  /** The application's policy; the default for `flow` when the interface was just activated. */
  readonly policy?: AccessPolicy;
  /** The scopes the application asks for (a space-separated string or a list). */
  readonly requested: string | readonly string[];
  /** With require_client_grant: the scopes of the application's client grant, or null when it has none. */
  readonly clientGrant?: string | readonly string[] | null;
}

export type AccessPolicyResult =
  | {
      readonly ok: true;
      readonly policy: AccessPolicy;
      /** The requested scopes the policy allows. */
      readonly scopes: readonly string[];
      /** The requested scopes it does not allow (beyond the client grant). */
      readonly withheld: readonly string[];
      /** Set when the policy is the discouraged one: the rule and the policy to use instead. */
      readonly discouraged?: { readonly rule: string; readonly instead: string };
    }
  | RuleRefusal;

export interface GrantedScopesInput {
  /** The scopes the application API access policy allows (from accessPolicyScopes). */
  readonly policy: string | readonly string[];
  /** The end user's role-based access control permissions. */
  readonly permissions: string | readonly string[];
  /** The scopes the user consented to. */
  readonly consent: string | readonly string[];
}

export interface GrantedScopes {
  /** The intersection, in the order of `policy`. */
  readonly scopes: readonly string[];
  /** For each part of the intersection (in the spec's words), the policy's scopes it removed. */
  readonly withheld: readonly { readonly by: string; readonly scopes: readonly string[] }[];
}

export interface SameDomainInput {
  /** The authorize URL, when the flow uses one. */
  readonly authorize?: string;
  /** The token endpoint URL. */
  readonly token: string;
  /** The audience, `https://{domain}/me/`. */
  readonly audience: string;
  /** The URL of the self-service endpoint called. */
  readonly call: string;
}

export type SameDomainResult = { readonly ok: true; readonly domain: string } | (RuleRefusal & { readonly domains: Readonly<Record<string, string | null>> });

export interface PkceInput {
  readonly verifier: string;
  readonly challenge: string;
  /** `S256` (the default) or `plain`. */
  readonly method?: string;
}

export type PkceResult = { readonly ok: true } | { readonly ok: false; readonly message: string };

export type SelfServiceScopesResult =
  | { readonly ok: true; readonly scopes: readonly string[] }
  | (RuleRefusal & { readonly invalid: readonly string[] });

/** One permission of an API, as PATCH /resource-servers/{api_id} takes it. */
export interface ScopeEntry {
  readonly value: string;
  readonly description?: string;
}

/** What replacing an API's permissions with a new list does. */
export interface ScopeReplacementPlan {
  readonly ok: true;
  /** In both lists (with the new description). */
  readonly kept: readonly ScopeEntry[];
  /** Only in the new list. */
  readonly added: readonly ScopeEntry[];
  /** Only in the current list: the PATCH deletes them. */
  readonly removed: readonly ScopeEntry[];
  /** Kept permissions whose description changes. */
  readonly redescribed: readonly { readonly value: string; readonly from: string | null; readonly to: string | null }[];
  /** Values the new list gives more than once: one permission each; `conflicting` when descriptions differ. */
  readonly duplicates: readonly { readonly value: string; readonly indexes: readonly number[]; readonly conflicting: boolean }[];
}

export type ScopeReplacementResult = ScopeReplacementPlan | { readonly ok: false; readonly issues: readonly ValidationIssue[] };
