/**
 * Evidence beside the rules: the last release's examples, run through the validator the working
 * spec generates. Each one it rejects is a request a client built from the old documentation that
 * a service would now refuse, so the release is at least major whatever the rules said.
 */
import { emitValidator } from "../../emit/validator/emit-validator.js";
import type { SpecIR } from "../../ir/model.js";
import { loadEmittedValidatorPackage, publicValidator, type ValidatorPackage } from "../../payload/validator-module.js";
import { targetTable } from "../../payload/target-table.js";
import { resolveTarget, type ValidationTarget } from "../../payload/targets.js";
import { byCodeUnit } from "../../base/order.js";
import type { ReleasedExample } from "../../release-record/examples.js";
import { valueAtPointer } from "../../base/json-pointer.js";

export interface Rejection {
  /** Every place the rejected value was published, joined by ", ". */
  readonly source: string;
  readonly type: string;
  /** The validator's first issue, or why there is nothing to validate it with any more. */
  readonly reason: string;
}

export interface Evidence {
  /** Examples run through the validator (identical ones once). */
  readonly checked: number;
  /** Types the validator never checked, in the old spec either (bodies services write). */
  readonly unchecked: readonly string[];
  readonly rejected: readonly Rejection[];
}

/** The validators of the IRs this process emitted one for (`loadIr` keeps an unchanged spec's IR). */
const validators = new WeakMap<SpecIR, Promise<ValidatorPackage>>();

/**
 * The validator package an IR generates (the last release's, or the working spec's), emitted in
 * memory and loaded without being written: a release check writes nothing but what it reports.
 * The evidence and the corpus gate share it, as do the checks of one process.
 */
export function generatedValidator(ir: SpecIR): Promise<ValidatorPackage> {
  let validator = validators.get(ir);
  if (validator === undefined) validators.set(ir, (validator = loadEmittedValidatorPackage(emitValidator(ir))));
  return validator;
}

/** The name `resolveTarget` takes for an example's type: a variant's type name becomes its key. */
function targetName(type: string, ir: SpecIR): string {
  const variant = ir.flowActions.types.flatMap((t) => t.variants).find((v) => v.name === type);
  return variant?.key ?? type;
}


/** The first reason `target` refuses `value`, or undefined when it accepts it. */
function refusal(validator: ValidatorPackage, target: ValidationTarget, value: unknown): string | undefined {
  for (const [pointer, expected] of target.constants) {
    const actual = valueAtPointer(value, pointer);
    if (actual !== expected) return `${pointer || "/"}: ${JSON.stringify(actual)} is not ${JSON.stringify(expected)} any more`;
  }
  const validate = publicValidator(validator, target.stem);
  if (!validate) return `the validator has no validate${target.stem} any more`;
  const result = validate(value);
  if (result.ok) return undefined;
  const first = result.issues[0];
  return first ? `${first.path || "/"}: ${first.message}` : "rejected";
}

/**
 * Runs the examples of the last release (`before`, its IR; `examples`, its spec's and its
 * reference's) through the validator of `after`.
 */
export async function checkReleasedExamples(before: SpecIR, examples: readonly ReleasedExample[], after: SpecIR): Promise<Evidence> {
  const validator = await generatedValidator(after);
  // The reference shows the spec's examples again: each value is checked once, under every place it was published.
  const groups = new Map<string, { name: string; value: unknown; sources: string[] }>();
  for (const example of examples) {
    const name = targetName(example.type, before);
    const key = `${name}\u0000${JSON.stringify(example.value)}`;
    const group = groups.get(key);
    if (group) group.sources.push(example.source);
    else groups.set(key, { name, value: example.value, sources: [example.source] });
  }
  const [beforeTargets, afterTargets] = [targetTable(before), targetTable(after)];
  const unchecked = new Set<string>();
  const rejected: Rejection[] = [];
  let checked = 0;
  for (const { name, value, sources } of groups.values()) {
    const source = sources.join(", ");
    const target = resolveTarget(afterTargets, name);
    if (!target.ok) {
      // A type the old validator never checked (a body services write) is not evidence either way.
      if (!resolveTarget(beforeTargets, name).ok) unchecked.add(name);
      else rejected.push({ source, type: name, reason: `the spec has no ${name} any more` });
      continue;
    }
    checked++;
    const reason = refusal(validator, target.target, value);
    if (reason !== undefined) rejected.push({ source, type: name, reason });
  }
  return { checked, unchecked: [...unchecked].sort(byCodeUnit), rejected };
}
