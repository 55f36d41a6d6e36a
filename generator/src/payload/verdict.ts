/**
 * One payload through the generated validator: parse it, hold it to the target's constants, run
 * `validate<Stem>` (after `decodeFormBody` for a form body) and place every issue in the file.
 */
import type { Loc } from "../base/diagnostics.js";
import type { PayloadKind } from "./payload-kinds.js";
import { parsePayload, type IssuePlace } from "./payload.js";
import type { ValidationTarget } from "./targets.js";
import { valueAtPointer } from "../base/json-pointer.js";
import { internalError } from "../base/internal-error.js";
import { publicValidator, type ValidatorPackage } from "./validator-module.js";

interface ValidatorIssue extends IssuePlace {
  readonly message: string;
}

type Verdict = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly issues: readonly ValidatorIssue[] };

export interface PlacedIssue {
  readonly loc: Loc;
  readonly code: string;
  readonly path: string;
  readonly message: string;
}

export interface PayloadReport {
  readonly file: string;
  readonly valid: boolean;
  readonly issues: readonly PlacedIssue[];
}

export interface PayloadCheck {
  readonly file: string;
  readonly text: string;
  readonly kind: PayloadKind;
  readonly target: ValidationTarget;
  readonly validator: ValidatorPackage;
  readonly allErrors: boolean;
}


/** A payload that names another variant or union member than `--as` says is reported as such. */
function constantIssues(value: unknown, target: ValidationTarget): ValidatorIssue[] {
  return target.constants
    .filter(([pointer, expected]) => valueAtPointer(value, pointer) !== undefined && valueAtPointer(value, pointer) !== expected)
    .map(([pointer, expected]) => ({ code: "not_allowed", path: pointer, message: `must be "${expected}" for --as ${target.name}` }));
}

function verdictOf(value: unknown, check: PayloadCheck): Verdict {
  const mismatched = constantIssues(value, check.target);
  if (mismatched.length > 0) return { ok: false, issues: mismatched };
  const validate = publicValidator(check.validator, check.target.stem);
  if (!validate) throw internalError(`the generated validator has no validate${check.target.stem} for --as ${check.target.name}; run \`flowspec generate\``);
  return validate(value, { allErrors: check.allErrors });
}

export function checkPayload(check: PayloadCheck): PayloadReport {
  const parsed = parsePayload(check.text, check.file, check.kind);
  if (!parsed.ok) return { file: check.file, valid: false, issues: [{ loc: parsed.loc, code: "parse_error", path: "", message: parsed.message }] };
  const { payload } = parsed;
  let verdict: Verdict;
  if (payload.kind === "form") {
    const decoded = check.validator.decodeFormBody(payload.value as string, { record: check.target.formRecord });
    verdict = decoded.ok ? verdictOf(decoded.value, check) : decoded;
  } else {
    verdict = verdictOf(payload.value, check);
  }
  if (verdict.ok) return { file: check.file, valid: true, issues: [] };
  const issues = verdict.issues
    .map((issue) => ({ loc: payload.locate(issue), code: issue.code, path: issue.path, message: issue.message }))
    .sort((a, b) => a.loc.line - b.loc.line || a.loc.col - b.loc.col); // reading order, as a linter prints
  return { file: check.file, valid: false, issues };
}
