/**
 * The public validators: one run = options resolved, a fresh context, the check, issues mapped.
 * Nothing escapes: options that cannot be read, input that throws, even a stack overflow, all end
 * as issues. Only `assertX` throws, on purpose, a ValidationError.
 */
import type { CompiledValidator, DispatchTables, RawError, RunContext } from "./context.js";
import type { ValidateOptions, ValidationIssue, ValidationResult, Validator } from "./public-types.js";
import { dispatchAction, dispatchRecord, runCompiled } from "./dispatch.js";
import { ValidationError } from "./errors.js";
import { toIssues } from "./issues.js";
import { optionIssue, resolveOptions, type ResolvedOptions } from "./limits.js";
import { standardProps } from "./standard.js";
import { thrownErrorAtTop } from "./thrown.js";

/** The dispatch tables of both modes. */
export interface Modes {
  readonly first: DispatchTables;
  readonly all: DispatchTables;
}

/** One compiled validator per mode. */
export interface Compiled<V> {
  readonly first: V;
  readonly all: V;
}

export type SchemaCheck = (ctx: RunContext, input: unknown) => RawError[] | null;
/** A rule across fields, run once the input matches its schema. */
export type CrossFieldCheck = (input: unknown, options: ResolvedOptions) => RawError[] | null;

export interface ValidatorSpec {
  /** The record's name, for ValidationError messages. */
  readonly subject: string;
  readonly check: SchemaCheck;
  readonly crossField?: readonly CrossFieldCheck[];
}

export function recordCheck(compiled: Compiled<CompiledValidator>): SchemaCheck {
  return (ctx, input) => runCompiled(ctx, ctx.allErrors ? compiled.all : compiled.first, input);
}

export function actionCheck(): SchemaCheck {
  return dispatchAction;
}

export function unionCheck(key: string, members: Compiled<ReadonlyMap<string, CompiledValidator>>, before?: (input: unknown) => RawError[] | null): SchemaCheck {
  return (ctx, input) => before?.(input) ?? dispatchRecord(ctx, input, key, ctx.allErrors ? members.all : members.first);
}

const UNEXPECTED: ValidationIssue = { code: "unreadable", path: "", message: "the input is not valid" };

/**
 * The answer when even reporting needs more stack than is left: the caller's stack was nearly full
 * when it called the validator. Built in advance, because building it then could fail too.
 */
const STACK_ISSUE: ValidationIssue = Object.freeze({ code: "too_deep", path: "", message: "is nested deeper than the engine's stack allows", params: Object.freeze({ limit: null }) });
const STACK_EXHAUSTED: ValidationResult<never> = Object.freeze({ ok: false, issues: Object.freeze([STACK_ISSUE]) });

/** Options that threw while read: the stack (too_deep) or a hostile object (invalid_option). */
function optionsFailure(thrown: unknown): ValidationIssue {
  const e = thrownErrorAtTop(thrown, "");
  return e.keyword === "maxDepth" ? STACK_ISSUE : optionIssue("options", "a plain object that can be read");
}

function failure(errors: readonly RawError[], options: ResolvedOptions): ValidationResult<never> {
  const issues = toIssues(errors, options.allErrors ? options.maxIssues : 1);
  return { ok: false, issues: issues.length > 0 ? issues : [UNEXPECTED] };
}

function checkAll(spec: ValidatorSpec, ctx: RunContext, input: unknown, options: ResolvedOptions): RawError[] | null {
  const errors = spec.check(ctx, input);
  if (errors !== null || spec.crossField === undefined) return errors;
  for (const rule of spec.crossField) {
    const found = rule(input, options);
    if (found !== null) return found;
  }
  return null;
}

function validate<T>(modes: Modes, spec: ValidatorSpec, input: unknown, options: ValidateOptions | undefined): ValidationResult<T> {
  let resolved: ResolvedOptions | ValidationIssue;
  try {
    resolved = resolveOptions(options);
  } catch (thrown) {
    resolved = optionsFailure(thrown);
  }
  if ("code" in resolved) return { ok: false, issues: [resolved] };
  const ctx: RunContext = {
    depth: 0,
    nestedIssues: 0,
    reach: 0,
    depthErrors: 0,
    dispatched: 0,
    shared: null,
    maxDepth: resolved.maxDepth,
    allErrors: resolved.allErrors,
    maxIssues: resolved.maxIssues,
    tables: resolved.allErrors ? modes.all : modes.first,
  };
  let errors: RawError[] | null;
  try {
    errors = checkAll(spec, ctx, input, resolved);
  } catch (thrown) {
    errors = [thrownErrorAtTop(thrown, "")];
  }
  if (errors === null) return { ok: true, value: input as T };
  try {
    return failure(errors, resolved);
  } catch {
    // Issues are built from our own data: only the stack can fail here.
    return STACK_EXHAUSTED;
  }
}

const STANDARD_OPTIONS: ValidateOptions = Object.freeze({ allErrors: true });

/** A validator function that is also a Standard Schema (it carries `~standard`). */
export function makeValidator<T>(modes: Modes, spec: ValidatorSpec): Validator<T> {
  const run = (input: unknown, options?: ValidateOptions): ValidationResult<T> => {
    try {
      return validate<T>(modes, spec, input, options);
    } catch {
      // validate catches everything the input can throw; what escapes is the stack running out.
      return STACK_EXHAUSTED;
    }
  };
  // Standard Schema consumers show every issue at once (a form, a framework's 400), so: all errors.
  return Object.assign(run, { "~standard": standardProps<T>((input) => run(input, STANDARD_OPTIONS)) });
}

export function makeGuard<T>(validator: Validator<T>): (value: unknown) => value is T {
  return (value: unknown): value is T => validator(value).ok;
}

export function makeAssert<T>(validator: Validator<T>, subject: string): (value: unknown, options?: ValidateOptions) => asserts value is T {
  return (value: unknown, options?: ValidateOptions): asserts value is T => {
    const result = validator(value, options);
    if (!result.ok) throw new ValidationError(result.issues, subject);
  };
}
