/**
 * The public types of @flowspec/validator. This file holds declarations only: the generator copies
 * its text (after the first blank line following this comment) into the package's `index.d.ts`, so the
 * runtime and the published declarations cannot drift apart. Keep it free of imports and values.
 */

/** What went wrong, one code per kind of problem; the README says what each one means. */
export type IssueCode =
  | "required"
  | "unknown_property"
  | "invalid_type"
  | "too_long"
  | "too_short"
  | "out_of_range"
  | "not_allowed"
  | "unknown_variant"
  | "invalid_format"
  | "no_match"
  | "ambiguous"
  | "unknown_type"
  | "unknown_action"
  | "too_deep"
  | "unreadable"
  | "invalid_option"
  | "invalid_encoding"
  | "invalid_syntax"
  | "repeated_field"
  | "conflicting_field"
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
  /** Most issues repeated from action objects reached by more than one path (shared or cyclic input). */
  readonly maxRepeatedIssues: number;
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
   * With `allErrors`: an action object reached by several paths (built in process, or YAML aliases)
   * has its issues repeated at each path, as if written out as JSON; past this many repeated issues
   * the run stops as it does at `maxIssues`, so a shared or cyclic input costs time linear in its
   * distinct objects whatever `maxIssues` is. Default 1000.
   */
  readonly maxRepeatedIssues?: number;
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
  /**
   * The record the body decodes to, of those an operation takes as a form (`TokenRequest`);
   * default `CreateFlowRequestContent`.
   */
  readonly record?: string;
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
