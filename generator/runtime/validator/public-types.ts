/**
 * The public types of @flowspec/validator. This file holds declarations only: the generator copies
 * its text (after the first blank line following this comment) into the package's `index.d.ts`, so the
 * runtime and the published declarations cannot drift apart. Keep it free of imports and values.
 */

/** What went wrong, one code per kind of problem. */
export type IssueCode =
  /** A required property is missing; `path` is where it should be. */
  | "required"
  /** A property the object does not allow; `path` is the property. */
  | "unknown_property"
  /** The value has the wrong JSON type (`params.type` says which was expected). */
  | "invalid_type"
  /** A string, list or map is longer than its maximum (`params.limit`). */
  | "too_long"
  /** A string, list or map is shorter than its minimum (`params.limit`). */
  | "too_short"
  /** A number is below its minimum or above its maximum (`params.limit`, `params.comparison`). */
  | "out_of_range"
  /** A value outside its enumeration or constant; `allowed` lists what is accepted. */
  | "not_allowed"
  /** A string that does not follow its format (`params.format`). */
  | "invalid_format"
  /** A value that fits none of the alternatives of a union and could have meant several. */
  | "no_match"
  /** A value that fits more than one alternative of a union that needs exactly one. */
  | "ambiguous"
  /** A flow action whose `type` is not a known type; `allowed` lists the types. */
  | "unknown_type"
  /** A flow action whose `action` does not exist for its `type`; `allowed` lists that type's actions. */
  | "unknown_action"
  /** Nesting deeper than the `maxDepth` safety limit (or than the engine's stack allows). */
  | "too_deep"
  /** The input could not be read: a getter or a Proxy threw while it was inspected. */
  | "unreadable"
  /** An option passed to the function is not valid; nothing was checked. */
  | "invalid_option"
  /** decodeFormBody: a byte sequence that is not valid percent-encoded UTF-8, or a character that must be encoded. */
  | "invalid_encoding"
  /** decodeFormBody: a field that does not follow the grammar (`name=value`, bracket paths). */
  | "invalid_syntax"
  /** decodeFormBody: the same single-valued field given twice. */
  | "repeated_field"
  /** decodeFormBody: a field used both as a value and as a container, or list indexes with a gap. */
  | "conflicting_field"
  /** decodeFormBody: more fields than the `maxFields` safety limit. */
  | "too_many_fields";

/** One problem found in the input. */
export interface ValidationIssue {
  readonly code: IssueCode;
  /** JSON Pointer (RFC 6901) of the offending value; for a missing property, where it should be. */
  readonly path: string;
  /** A sentence for people; wording may improve between versions, `code` and `path` will not change. */
  readonly message: string;
  /** The JSON Schema keyword that failed, when there is one (`maxLength`, `required`, …). */
  readonly keyword?: string;
  /** Details of the failure: `limit`, `format`, `type`, … */
  readonly params?: Readonly<Record<string, unknown>>;
  /** The accepted values, for `not_allowed`, `unknown_type` and `unknown_action`. */
  readonly allowed?: readonly (string | number | boolean | null)[];
}

export type ValidationResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly issues: readonly ValidationIssue[] };

/** Safety limits: separate from the spec's own limits, and far above what a real request needs. */
export interface SafetyLimits {
  /** Deepest nesting of flow actions (`then`/`else` lists); top-level actions are at depth 1. */
  readonly maxDepth: number;
  /** Most issues returned with `allErrors: true`. */
  readonly maxIssues: number;
  /** decodeFormBody: most `name=value` fields in one body. */
  readonly maxFields: number;
  /** decodeFormBody: most bracket segments in one field name. */
  readonly maxKeyDepth: number;
}

export interface ValidateOptions {
  /** Collect every issue (up to `maxIssues`) instead of stopping at the first. Default false. */
  readonly allErrors?: boolean;
  /** Cap on the issues returned with `allErrors`. Default 100. */
  readonly maxIssues?: number;
  /** Deepest nesting of flow actions accepted; deeper input gives one `too_deep` issue. Default 32. */
  readonly maxDepth?: number;
  /**
   * The domain (canonical or custom, e.g. `login.example.com`) of the authorization server the
   * request is sent to. validateAuthorizeQuery and validateTokenRequest then require a self-service
   * audience to be exactly `https://{domain}/me/`. Other validators ignore it.
   */
  readonly domain?: string;
}

/** A Standard Schema v1 object (https://standardschema.dev), as libraries that accept one expect. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly "~standard": StandardSchemaV1.Props<Input, Output>;
}

export declare namespace StandardSchemaV1 {
  interface Props<Input = unknown, Output = Input> {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => Result<Output> | Promise<Result<Output>>;
    readonly types?: Types<Input, Output> | undefined;
  }
  type Result<Output> = SuccessResult<Output> | FailureResult;
  interface SuccessResult<Output> {
    readonly value: Output;
    readonly issues?: undefined;
  }
  interface FailureResult {
    readonly issues: ReadonlyArray<Issue>;
  }
  interface Issue {
    readonly message: string;
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined;
  }
  interface PathSegment {
    readonly key: PropertyKey;
  }
  interface Types<Input = unknown, Output = Input> {
    readonly input: Input;
    readonly output: Output;
  }
}

/** A validator: call it, or hand it to any library that accepts a Standard Schema. */
export interface Validator<T> extends StandardSchemaV1<unknown, T> {
  (input: unknown, options?: ValidateOptions): ValidationResult<T>;
}

export interface FormDecodeOptions {
  /** Most `name=value` fields accepted. Default 100000. */
  readonly maxFields?: number;
  /** Most bracket segments in one field name. Default 200. */
  readonly maxKeyDepth?: number;
}

/** The decoded body (not yet validated: pass `value` to validateCreateFlowRequest). */
export type FormDecodeResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly issues: readonly ValidationIssue[] };

/** The outcome of checkScopes. */
export type ScopeCheckResult =
  | { readonly ok: true; readonly operation: string; readonly requiredScope: string | null }
  | {
      readonly ok: false;
      readonly operation: string;
      readonly requiredScope: string | null;
      /** HTTP status the service answers with (403). */
      readonly status: number;
      /** The error table's id, e.g. `insufficient_scope`; `unknown_operation` for an id the spec lacks. */
      readonly error: string;
      /** The error table's message. */
      readonly message: string;
    };

/** Anything with a `get(name)` method, such as the Fetch API's `Headers`. */
export interface HeadersLike {
  get(name: string): string | null | undefined;
}

/** A plain object of header values, such as Node's `IncomingHttpHeaders`. */
export type HeaderRecord = Readonly<Record<string, string | readonly string[] | number | undefined>>;

export interface RateLimit {
  /** Requests allowed in the current window. */
  readonly limit: number;
  /** Requests still allowed in the current window. */
  readonly remaining: number;
  /** UTC epoch second at which the window resets (multiply by 1000 for a `Date`). */
  readonly reset: number;
}

export type RateLimitResult =
  | { readonly ok: true; readonly value: RateLimit }
  | { readonly ok: false; readonly issues: readonly ValidationIssue[] };
