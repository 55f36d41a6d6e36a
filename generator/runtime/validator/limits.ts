/**
 * Safety limits and option checking. The limits protect the process (stack, time, memory), are
 * separate from the spec's own limits, and sit far above anything a real request needs.
 */
import type { FormDecodeOptions, SafetyLimits, ValidateOptions, ValidationIssue } from "./public-types.js";

/** The limits as plain numbers: code that needs one does not pull in the whole frozen object. */
const MAX_DEPTH = 32;
export const MAX_ISSUES = 100;
const MAX_REPEATED_ISSUES = 1_000;
const MAX_FIELDS = 100_000;
const MAX_KEY_DEPTH = 200;

export const SAFETY_LIMITS: SafetyLimits = /* @__PURE__ */ Object.freeze({
  maxDepth: MAX_DEPTH,
  maxIssues: MAX_ISSUES,
  maxRepeatedIssues: MAX_REPEATED_ISSUES,
  maxFields: MAX_FIELDS,
  maxKeyDepth: MAX_KEY_DEPTH,
});

export interface ResolvedOptions {
  readonly allErrors: boolean;
  readonly maxIssues: number;
  readonly maxDepth: number;
  readonly maxRepeatedIssues: number;
  readonly domain: string | undefined;
}

/** The options of a call that passes none. */
export const DEFAULT_OPTIONS: ResolvedOptions = {
  allErrors: false,
  maxIssues: MAX_ISSUES,
  maxDepth: MAX_DEPTH,
  maxRepeatedIssues: MAX_REPEATED_ISSUES,
  domain: undefined,
};

export function optionIssue(name: string, expected: string): ValidationIssue {
  return { code: "invalid_option", path: "", message: `option ${name} must be ${expected}`, params: { option: name } };
}

function readPositiveInteger(options: object, name: string, fallback: number): number | ValidationIssue {
  const value = (options as Record<string, unknown>)[name];
  if (value === undefined) return fallback;
  if (Number.isInteger(value) && (value as number) >= 1) return value as number;
  return optionIssue(name, "a positive integer");
}

/** A host name: labels of letters, digits and `-`, optionally a port; no scheme, path or user. */
const HOST = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*(?::[0-9]{1,5})?$/;

/** A host name, with an optional port: what the `domain` option and selfServiceAudience accept. */
export function isHostName(value: string): boolean {
  return value.length <= 260 && HOST.test(value);
}

function readDomain(options: object): string | undefined | ValidationIssue {
  const value = (options as Record<string, unknown>).domain;
  if (value === undefined) return undefined;
  if (typeof value === "string" && isHostName(value)) return value.toLowerCase();
  return optionIssue("domain", "a host name such as login.example.com (no scheme or path)");
}

function readAllErrors(options: object): boolean | ValidationIssue {
  const value = (options as Record<string, unknown>).allErrors;
  if (value === undefined) return false;
  return typeof value === "boolean" ? value : optionIssue("allErrors", "a boolean");
}

function isIssue(value: unknown): value is ValidationIssue {
  return typeof value === "object" && value !== null;
}

/** The options with defaults filled in, or the issue that explains which one is wrong. */
export function resolveOptions(options: ValidateOptions | undefined): ResolvedOptions | ValidationIssue {
  if (options === undefined) return DEFAULT_OPTIONS;
  if (typeof options !== "object" || options === null) return optionIssue("options", "an object");
  const allErrors = readAllErrors(options);
  if (isIssue(allErrors)) return allErrors;
  const maxIssues = readPositiveInteger(options, "maxIssues", MAX_ISSUES);
  if (isIssue(maxIssues)) return maxIssues;
  const maxDepth = readPositiveInteger(options, "maxDepth", MAX_DEPTH);
  if (isIssue(maxDepth)) return maxDepth;
  const maxRepeatedIssues = readPositiveInteger(options, "maxRepeatedIssues", MAX_REPEATED_ISSUES);
  if (isIssue(maxRepeatedIssues)) return maxRepeatedIssues;
  const domain = readDomain(options);
  if (isIssue(domain)) return domain;
  return { allErrors, maxIssues, maxDepth, maxRepeatedIssues, domain };
}

export interface ResolvedFormOptions {
  readonly maxFields: number;
  readonly maxKeyDepth: number;
  /** The record to decode to; undefined: the default one. */
  readonly record?: string;
}

const FORM_DEFAULTS: ResolvedFormOptions = { maxFields: MAX_FIELDS, maxKeyDepth: MAX_KEY_DEPTH };

export function resolveFormOptions(options: FormDecodeOptions | undefined): ResolvedFormOptions | ValidationIssue {
  if (options === undefined) return FORM_DEFAULTS;
  if (typeof options !== "object" || options === null) return optionIssue("options", "an object");
  const maxFields = readPositiveInteger(options, "maxFields", MAX_FIELDS);
  const maxKeyDepth = readPositiveInteger(options, "maxKeyDepth", MAX_KEY_DEPTH);
  const record = (options as { readonly record?: unknown }).record;
  if (record !== undefined && typeof record !== "string") return optionIssue("record", "a record name (a string)");
  if (isIssue(maxFields)) return maxFields;
  if (isIssue(maxKeyDepth)) return maxKeyDepth;
  return record === undefined ? { maxFields, maxKeyDepth } : { maxFields, maxKeyDepth, record };
}

/**
 * The answer when even reporting needs more stack than is left: the caller's stack was nearly full
 * when it called the validator or the form decoder. Built in advance, because building it then
 * could fail too.
 */
export const STACK_ISSUE: ValidationIssue = /* @__PURE__ */ Object.freeze({ code: "too_deep", path: "", message: "is nested deeper than the engine's stack allows", params: /* @__PURE__ */ Object.freeze({ limit: null }) });
export const STACK_EXHAUSTED: { readonly ok: false; readonly issues: readonly ValidationIssue[] } = /* @__PURE__ */ Object.freeze({ ok: false, issues: /* @__PURE__ */ Object.freeze([STACK_ISSUE]) });
