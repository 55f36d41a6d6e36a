/** The changes a walk over two IRs finds, each with the levels `RULES` gives its kind. */
import { subjectOf, type ChangeDetail, type SpecChange } from "./change.js";
import { RULES, type ChangeKind, type Rule } from "./classify.js";
import { overallLevel, PACKAGES } from "./levels.js";

/** Collects changes in the order the walk finds them; each kind's levels come from `RULES`. */
export class ChangeList {
  readonly changes: SpecChange[] = [];

  add(kind: ChangeKind, where: string, what: string, detail: ChangeDetail = {}): void {
    const rule: Rule = RULES[kind];
    const level = overallLevel(rule.impact);
    const hasMajor = PACKAGES.some((name) => rule.impact[name] === "major");
    const migration = hasMajor && rule.migrate ? rule.migrate({ where, subject: subjectOf(where), what, ...detail }) : undefined;
    this.changes.push({ kind, level, impact: rule.impact, where, what, ...(migration !== undefined && { migration }) });
  }
}
