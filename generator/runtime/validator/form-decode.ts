/**
 * decodeFormBody: the application/x-www-form-urlencoded body of POST /flows → the JSON value that
 * validateCreateFlowRequest checks. The grammar is in form-grammar.ts, the typing in form-shape.ts.
 */
import type { FormDecodeOptions, FormDecodeResult, ValidationIssue } from "./public-types.js";
import { echo } from "./echo.js";
import { formIssue, insertField, parseName, percentDecode, pointerOf, type FormNode } from "./form-grammar.js";
import { decodeTree, type FormShapes } from "./form-shape.js";
import { MAX_ISSUES, optionIssue, resolveFormOptions, STACK_EXHAUSTED, type ResolvedFormOptions } from "./limits.js";
import { overflowedAtTop } from "./thrown.js";
import { hasOwn } from "./own.js";

function fieldIssue(code: ValidationIssue["code"], index: number, reason: string, name = ""): ValidationIssue {
  return formIssue(code, "", `field ${index + 1}: ${reason}`, { field: index + 1, name: echo(name) });
}

/** Decodes one `name=value` field into the tree; returns an issue when it breaks the grammar. */
function addField(root: FormNode, field: string, index: number, limits: ResolvedFormOptions): ValidationIssue | null {
  if (field.length === 0) return fieldIssue("invalid_syntax", index, "empty field (two \"&\" in a row, or one at an end)");
  const equals = field.indexOf("=");
  if (equals < 0) return fieldIssue("invalid_syntax", index, "missing \"=\"");
  const name = percentDecode(field.slice(0, equals));
  if (typeof name !== "string") return fieldIssue("invalid_encoding", index, `name: ${name.reason}`);
  const value = percentDecode(field.slice(equals + 1));
  if (typeof value !== "string") return fieldIssue("invalid_encoding", index, `value: ${value.reason}`, name);
  const segments = parseName(name);
  if (typeof segments === "string") return fieldIssue("invalid_syntax", index, segments, name);
  // The first segment is the key before any bracket: `a[b][c]` has two bracket levels.
  if (segments.length - 1 > limits.maxKeyDepth) {
    return formIssue("too_deep", pointerOf(segments.slice(0, limits.maxKeyDepth + 1)), `field ${index + 1}: more than ${limits.maxKeyDepth} bracket levels (option maxKeyDepth)`, { limit: limits.maxKeyDepth });
  }
  return insertField(root, segments, value);
}


function refused(issue: ValidationIssue): FormDecodeResult {
  return { ok: false, issues: [issue] };
}

function decode(shapes: FormShapes, text: unknown, options: FormDecodeOptions | undefined): FormDecodeResult {
  let limits: ResolvedFormOptions | ValidationIssue;
  try {
    limits = resolveFormOptions(options);
  } catch (thrown) {
    if (overflowedAtTop(thrown)) return STACK_EXHAUSTED;
    limits = optionIssue("options", "a plain object that can be read");
  }
  if ("code" in limits) return refused(limits);
  if (typeof text !== "string") return refused(formIssue("invalid_type", "", "the body must be a string", { type: "string" }));
  const record = limits.record ?? shapes.record;
  if (!hasOwn.call(shapes.roots, record)) return refused(optionIssue("record", `one of the records a form body may be: ${Object.keys(shapes.roots).join(", ")}`));
  // One field past the limit is enough to refuse: the split never holds more than that.
  const parts = text.length === 0 ? [] : text.split("&", limits.maxFields + 1);
  if (parts.length > limits.maxFields) {
    return refused(formIssue("too_many_fields", "", `the body has more than ${limits.maxFields} fields (option maxFields)`, { limit: limits.maxFields }));
  }
  const issues: ValidationIssue[] = [];
  const root: FormNode = { children: new Map() };
  for (let i = 0; i < parts.length && issues.length < MAX_ISSUES; i++) {
    const issue = addField(root, parts[i]!, i, limits);
    if (issue !== null) issues.push(issue);
  }
  // The tree is decoded only when every field was well formed; decoding adds its own issues.
  const value = issues.length === 0 ? decodeTree(shapes, root, issues, record) : undefined;
  return issues.length > 0 ? { ok: false, issues: issues.slice(0, MAX_ISSUES) } : { ok: true, value };
}

/**
 * What threw while decoding: the stack, as too_deep; anything else, unreadable. No user code runs
 * past the options (the body is a string by then), so only the engine throws here (its stack, or
 * memory): its own Error, which turns into text without the guards user values need.
 */
function failure(thrown: unknown): FormDecodeResult {
  if (overflowedAtTop(thrown)) return STACK_EXHAUSTED;
  return refused(formIssue("unreadable", "", `could not decode: ${String(thrown)}`));
}

/** Never throws: anything unexpected becomes an issue. */
export function decodeFormBodyWith(shapes: FormShapes, text: unknown, options: FormDecodeOptions | undefined): FormDecodeResult {
  try {
    try {
      return decode(shapes, text, options);
    } catch (thrown) {
      return failure(thrown);
    }
  } catch {
    return STACK_EXHAUSTED;
  }
}
