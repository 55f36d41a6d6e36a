/**
 * The consumer-corpus gate (`flowspec release --check --corpus <dir|file>`): the consumers' own
 * recorded requests (HAR or NDJSON, as `flowspec conformance` reads them) through the last
 * release's validator and the new one. Each request whose verdict flips is named with its place in
 * the recordings, where it now fails (or passes), and the change of the diff that flips it: a
 * request that now fails makes the release major for that consumer, whatever the rules said.
 */
import { decodedRequest } from "../../traffic/request-verdict.js";
import { operationRouter } from "../../traffic/operations.js";
import { readRecordings, type RecordedExchange } from "../../traffic/recordings.js";
import type { SpecChange } from "../../diff/change.js";
import type { SpecIR } from "../../ir/model.js";
import { publicValidator, type PublicValidate, type ValidatorPackage } from "../../payload/validator-module.js";
import { targetTableOf } from "../../payload/target-table.js";
import { resolveTarget } from "../../payload/targets.js";
import { pointerSegments } from "../../base/json-pointer.js";
import { issuePlaces, type IssuePlace } from "./corpus-where.js";
import { generatedValidator } from "./evidence.js";

export interface CorpusFlip {
  readonly source: string;
  readonly operation: string;
  /** `fails`: the last release accepted it, the new spec refuses it; `passes`: the other way. */
  readonly now: "fails" | "passes";
  /** The issue's JSON Pointer and message (the new validator's, or the old one's for `passes`). */
  readonly at: string;
  readonly message: string;
  /** The change that flips it, as a change line; absent when no change of the diff is at that place. */
  readonly change?: SpecChange;
}

export interface CorpusEvidence {
  /** Requests of the last release's operations that were checked. */
  readonly requests: number;
  /** Requests of no operation of the last release (other endpoints). */
  readonly outside: number;
  readonly flips: readonly CorpusFlip[];
}

type Verdict = ReturnType<PublicValidate>;

interface Side {
  readonly ir: SpecIR;
  readonly validator: ValidatorPackage;
  readonly place: ReturnType<typeof issuePlaces>;
}

/** The validator of an operation's body or query, and the record it checks, in one spec. */
function operationValidator(side: Side, operation: string): { readonly validate: PublicValidate; readonly record: string } | undefined {
  const op = side.ir.operations.find((o) => o.id === operation);
  const record = op?.body ?? op?.query;
  const target = record === undefined ? undefined : resolveTarget(targetTableOf(side.ir), operation);
  const validate = target?.ok ? publicValidator(side.validator, target.target.stem) : undefined;
  return validate && record !== undefined ? { validate, record } : undefined;
}

/** Whether the change sits at the issue's place or above it (an object's property list, a variant). */
function changeCovers(change: SpecChange, place: IssuePlace, operation: string): boolean {
  const where = change.where;
  if (where === place.where || (place.format !== undefined && where === `format ${place.format}`)) return true;
  if (where === `operation ${operation}`) return true;
  return [".", "[", " "].some((joint) => place.where.startsWith(`${where}${joint}`));
}

/** The deepest change that covers the place, preferring those that change the validator. */
function flippingChange(changes: readonly SpecChange[], place: IssuePlace, operation: string): SpecChange | undefined {
  const covering = changes.filter((c) => c.impact.validator !== "none" && c.impact.validator !== "patch" && changeCovers(c, place, operation));
  // The operation's own changes only when nothing in the body is at that place.
  const rank = (c: SpecChange) => (c.where === `operation ${operation}` ? 0 : c.where.length + 1);
  return covering.sort((a, b) => rank(b) - rank(a))[0];
}

function firstIssue(verdict: Verdict): { readonly path: string; readonly message: string } {
  return verdict.ok ? { path: "", message: "" } : (verdict.issues[0] ?? { path: "", message: "rejected" });
}

/** Runs every request of the corpus through both validators and names each flip. */
export function checkCorpus(before: Side, after: Side, changes: readonly SpecChange[], exchanges: readonly RecordedExchange[]): CorpusEvidence {
  const router = operationRouter(before.ir);
  // Resolved once per operation: resolving a target walks the whole validator plan.
  const oldValidators = new Map(before.ir.operations.map((op) => [op.id, operationValidator(before, op.id)]));
  const newValidators = new Map(before.ir.operations.map((op) => [op.id, operationValidator(after, op.id)]));
  const flips: CorpusFlip[] = [];
  let requests = 0;
  let outside = 0;
  for (const exchange of exchanges) {
    const query = exchange.path.indexOf("?");
    const route = router.match(exchange.method, query < 0 ? exchange.path : exchange.path.slice(0, query));
    const op = route.kind === "found" ? before.ir.operations.find((o) => o.id === route.operationId) : undefined;
    const old = op && oldValidators.get(op.id);
    if (!op || !old) {
      outside++;
      continue;
    }
    requests++;
    const value = decodedRequest(exchange, op, before.validator);
    const now = newValidators.get(op.id);
    const was = old.validate(value);
    const is: Verdict = now ? now.validate(value) : { ok: false, issues: [{ code: "required", path: "", message: `the spec has no ${op.id} body or query any more` }] };
    if (was.ok === is.ok) continue;
    const direction = was.ok ? "fails" : "passes";
    const issue = firstIssue(was.ok ? is : was);
    const side = was.ok ? after : before;
    const place = side.place(was.ok ? (now?.record ?? old.record) : old.record, value, pointerSegments(issue.path));
    const change = flippingChange(changes, place, op.id);
    flips.push({ source: exchange.source, operation: op.id, now: direction, at: issue.path, message: issue.message, ...(change && { change }) });
  }
  return { requests, outside, flips };
}

/** The sides of the gate: an IR with the validator generated from it. */
export function corpusSide(ir: SpecIR, validator: ValidatorPackage): Side {
  return { ir, validator, place: issuePlaces(ir) };
}

/** The gate over recording files: the evidence, or a sentence naming the recordings that cannot be read. */
export async function checkCorpusFiles(before: SpecIR, after: SpecIR, changes: readonly SpecChange[], paths: readonly string[]): Promise<CorpusEvidence | string> {
  const recordings = readRecordings(paths);
  if (recordings.problems.length > 0) {
    const shown = recordings.problems.slice(0, 5).map((p) => `${p.source}: ${p.message}`);
    return `--corpus: ${recordings.problems.length} recording(s) cannot be read: ${shown.join("; ")}${recordings.problems.length > 5 ? "; …" : ""}`;
  }
  const [old, now] = await Promise.all([generatedValidator(before), generatedValidator(after)]);
  return checkCorpus(corpusSide(before, old), corpusSide(after, now), changes, recordings.exchanges);
}
