/**
 * The public validators: one run = the options read (none: the defaults, at no cost), a spare
 * context, the generated check, and the issues mapped only when there are any. Nothing escapes:
 * options that cannot be read, input that throws, even a stack overflow, all end as issues. Only
 * `assertX` throws, on purpose, a ValidationError.
 */
import type { Check, RawError, RunContext } from "./context.js";
import type { ValidateOptions, ValidationIssue, ValidationResult, Validator } from "./public-types.js";
import { releaseContext, takeContext } from "./context.js";
import { ValidationError } from "./errors.js";
import { toIssues } from "./issues.js";
import { DEFAULT_OPTIONS as DEFAULTS, optionIssue, resolveOptions, STACK_EXHAUSTED, STACK_ISSUE, type ResolvedOptions } from "./limits.js";
import { standardProps } from "./standard.js";
import { thrownErrorAtTop } from "./thrown.js";

/** A rule run on the input before its check (the check runs only if it finds nothing). */
export type BeforeCheck = (input: unknown) => RawError[] | null;
/** A rule across fields, run once the input matches its schema. */
export type CrossFieldCheck = (input: unknown, options: ResolvedOptions) => RawError[] | null;

export interface ValidatorSpec {
  /** The record's name, for ValidationError messages. */
  readonly subject: string;
  readonly check: Check;
  readonly before?: BeforeCheck;
  readonly crossField?: readonly CrossFieldCheck[];
}

const UNEXPECTED: ValidationIssue = { code: "unreadable", path: "", message: "the input is not valid" };

/** Options that threw while read: the stack (too_deep) or a hostile object (invalid_option). */
function optionsFailure(thrown: unknown): ValidationIssue {
  const e = thrownErrorAtTop(thrown, "");
  return e.keyword === "maxDepth" ? STACK_ISSUE : optionIssue("options", "a plain object that can be read");
}

function pushAll(c: RunContext, errors: readonly RawError[]): number {
  for (const e of errors) c.e.push(e);
  return errors.length;
}

/** The rules and the check; returns how many errors are on `c.e`. What the input throws is caught by the caller. */
function checkAll(spec: ValidatorSpec, c: RunContext, input: unknown, options: ResolvedOptions): number {
  const refused = spec.before?.(input) ?? null;
  if (refused !== null) return pushAll(c, refused);
  const n = spec.check(input, c);
  if (n !== 0 || c.e.length !== 0 || spec.crossField === undefined) return n;
  for (const rule of spec.crossField) {
    const found = rule(input, options);
    if (found !== null) return pushAll(c, found);
  }
  return 0;
}

function failure(errors: readonly RawError[], options: ResolvedOptions): ValidationResult<never> {
  const issues = toIssues(errors, options.allErrors ? options.maxIssues : 1);
  return { ok: false, issues: issues.length > 0 ? issues : [UNEXPECTED] };
}

/** The run: `null` when the input is valid, else its error records (the context's own list). */
function errorsOf(spec: ValidatorSpec, c: RunContext, input: unknown, options: ResolvedOptions): RawError[] | null {
  let n: number;
  try {
    n = checkAll(spec, c, input, options);
  } catch (thrown) {
    c.e.length = 0;
    c.e.push(thrownErrorAtTop(thrown, ""));
    n = 1;
  }
  return n === 0 && c.e.length === 0 ? null : c.e;
}

function readOptions(options: ValidateOptions | undefined): ResolvedOptions | ValidationIssue {
  if (options === undefined) return DEFAULTS;
  try {
    return resolveOptions(options);
  } catch (thrown) {
    return optionsFailure(thrown);
  }
}

function validate<T>(spec: ValidatorSpec, input: unknown, options: ValidateOptions | undefined): ValidationResult<T> {
  const resolved = readOptions(options);
  if ("code" in resolved) return { ok: false, issues: [resolved] };
  const c = takeContext(resolved.allErrors, resolved.maxIssues, resolved.maxDepth, resolved.maxRepeatedIssues);
  const errors = errorsOf(spec, c, input, resolved);
  if (errors === null) {
    releaseContext(c);
    return { ok: true, value: input as T };
  }
  let result: ValidationResult<T>;
  try {
    result = failure(errors, resolved);
  } catch {
    // Issues are built from our own data: only the stack can fail here.
    result = STACK_EXHAUSTED;
  }
  releaseContext(c);
  return result;
}

const STANDARD_OPTIONS: ValidateOptions = /* @__PURE__ */ Object.freeze({ allErrors: true });

/** A validator function that is also a Standard Schema (it carries `~standard`). */
export function makeValidator<T>(spec: ValidatorSpec): Validator<T> {
  const run = (input: unknown, options?: ValidateOptions): ValidationResult<T> => {
    try {
      return validate<T>(spec, input, options);
    } catch {
      // validate catches everything the input can throw; what escapes is the stack running out.
      return STACK_EXHAUSTED;
    }
  };
  // Standard Schema consumers show every issue at once (a form, a framework's 400), so: all errors.
  return Object.assign(run, { "~standard": standardProps<T>((input) => run(input, STANDARD_OPTIONS)) });
}

/** `isX`: the verdict alone, with default options; no issue is built. */
export function makeGuard<T>(spec: ValidatorSpec): (value: unknown) => value is T {
  return (value: unknown): value is T => {
    try {
      const c = takeContext(DEFAULTS.allErrors, DEFAULTS.maxIssues, DEFAULTS.maxDepth, DEFAULTS.maxRepeatedIssues);
      const valid = errorsOf(spec, c, value, DEFAULTS) === null;
      releaseContext(c);
      return valid;
    } catch {
      return false;
    }
  };
}

export function makeAssert<T>(validator: Validator<T>, subject: string): (value: unknown, options?: ValidateOptions) => asserts value is T {
  return (value: unknown, options?: ValidateOptions): asserts value is T => {
    const result = validator(value, options);
    if (!result.ok) throw new ValidationError(result.issues, subject);
  };
}
