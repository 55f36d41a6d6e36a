/** The error `assertX` throws: the issues, and a message that quotes the first few. */
import type { ValidationIssue } from "./public-types.js";

const QUOTED_ISSUES = 3;

function summary(subject: string, issues: readonly ValidationIssue[]): string {
  const quoted = issues.slice(0, QUOTED_ISSUES).map((i) => `${i.path || "/"}: ${i.message}`);
  const more = issues.length > QUOTED_ISSUES ? ` (and ${issues.length - QUOTED_ISSUES} more)` : "";
  return `invalid ${subject}: ${quoted.join("; ")}${more}`;
}

export class ValidationError extends Error {
  readonly issues: readonly ValidationIssue[];

  constructor(issues: readonly ValidationIssue[], subject = "value") {
    super(summary(subject, issues));
    this.name = "ValidationError";
    this.issues = issues;
  }
}
