/**
 * What the validator package exports, worked out from the IR: the public validators (names fixed by
 * the package's stable API), how each one checks (a record, a flow action, or a record union
 * dispatched on a discriminator), and the cross-field rules that apply.
 */
import type { NamedRecord, SchemaNode, SpecIR } from "../../ir/model.js";
import { FLOW_ACTION } from "../../spec-language/schema-node.js";
import { PUBLIC_VALIDATORS } from "../../spec-language/public-validators.js";
import { internalError, unreachable } from "../../base/internal-error.js";

export type CheckPlan =
  | { readonly kind: "action" }
  | { readonly kind: "record"; readonly unit: string }
  | { readonly kind: "union"; readonly key: string; readonly members: readonly (readonly [tag: string, unit: string])[] };

export interface ValidatorPlan {
  readonly stem: string;
  /** The record (type) name, e.g. `CreateFlowRequestContent`. */
  readonly target: string;
  readonly check: CheckPlan;
  /** The audience rule of the self-service interface applies. */
  readonly audienceRule: boolean;
  /** The refused-grant rule applies (a union on `grant_type`). */
  readonly refusedGrantRule: boolean;
  /** The `dependentRequired` pairs of its records' top-level objects, by discriminator value (`""` for a record); null when none has any. */
  readonly dependentRequired: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> | null;
}

export interface SelfServicePlan {
  readonly audience: string;
  readonly refusedGrants: readonly string[];
}

export interface ApiPlan {
  readonly validators: readonly ValidatorPlan[];
  readonly selfService: SelfServicePlan | null;
}

function recordNamed(ir: SpecIR, name: string): NamedRecord {
  const record = ir.records.find((r) => r.name === name);
  if (!record) throw internalError(`the validator API needs the record ${name}, which the spec does not define`);
  return record;
}

/** The constant a member record gives its discriminator property. */
function tagOf(ir: SpecIR, member: SchemaNode, key: string): readonly [string, string] {
  if (member.kind !== "ref") throw internalError(`a discriminated union member must be a record reference`);
  const record = recordNamed(ir, member.target);
  const schema = record.schema;
  const property = schema.kind === "object" ? schema.properties.find((p) => p.name === key) : undefined;
  if (property?.schema.kind !== "string" || property.schema.const === undefined) {
    throw internalError(`${record.name}.${key} must be a string constant to dispatch ${key}`);
  }
  return [property.schema.const, record.name];
}

function checkPlan(ir: SpecIR, target: string): CheckPlan {
  if (target === FLOW_ACTION) return { kind: "action" };
  const schema = recordNamed(ir, target).schema;
  if (schema.kind === "union" && schema.discriminator !== undefined) {
    const key = schema.discriminator;
    return { kind: "union", key, members: schema.members.map((m) => tagOf(ir, m, key)) };
  }
  return { kind: "record", unit: target };
}

function unitsOf(check: CheckPlan): string[] {
  switch (check.kind) {
    case "action":
      return [];
    case "record":
      return [check.unit];
    case "union":
      return check.members.map(([, unit]) => unit);
    default: {
      const never: never = check;
      return unreachable(never, "check");
    }
  }
}

function hasProperty(ir: SpecIR, record: string, name: string): boolean {
  const schema = recordNamed(ir, record).schema;
  return schema.kind === "object" && schema.properties.some((p) => p.name === name);
}

/**
 * The audience, and the grants refused for it: those a `grant_not_allowed` rule names (rule 7), and,
 * when the interface's `token_flows` rule names the grant of each flow (rule 6), every other grant
 * a token request may have. So rule 6's list decides which grants reach the interface.
 */
function selfServicePlan(ir: SpecIR, grantTags: readonly string[]): SelfServicePlan | null {
  const iface = ir.interfaces.find((i) => i.domainAudience);
  if (!iface?.audience) return null;
  const flows = ir.authRules.find((r): r is Extract<typeof r, { kind: "token_flows" }> => r.kind === "token_flows" && r.interface === iface.name);
  const named = (flows?.data.flows ?? []).flatMap((f) => (f.grant === undefined ? [] : [f.grant]));
  const unnamed = named.length > 0 ? grantTags.filter((tag) => !named.includes(tag)) : [];
  return { audience: iface.audience, refusedGrants: [...new Set([...iface.refusedGrants, ...unnamed])] };
}

function dependentRequiredOf(ir: SpecIR, check: CheckPlan): ValidatorPlan["dependentRequired"] {
  const units: readonly (readonly [tag: string, unit: string])[] = check.kind === "union" ? check.members : check.kind === "record" ? [["", check.unit]] : [];
  const table = Object.fromEntries(
    units.flatMap(([tag, unit]) => {
      const schema = recordNamed(ir, unit).schema;
      return schema.kind === "object" && schema.dependentRequired !== undefined ? [[tag, schema.dependentRequired] as const] : [];
    }),
  );
  return Object.keys(table).length > 0 ? table : null;
}

export function apiPlan(ir: SpecIR): ApiPlan {
  const checks = PUBLIC_VALIDATORS.map(([stem, target]) => [stem, target, checkPlan(ir, target)] as const);
  const grantTags = checks.flatMap(([, , check]) => (check.kind === "union" && check.key === "grant_type" ? check.members.map(([tag]) => tag) : []));
  const selfService = selfServicePlan(ir, grantTags);
  const validators = checks.map(([stem, target, check]): ValidatorPlan => {
    const units = unitsOf(check);
    return {
      stem,
      target,
      check,
      audienceRule: selfService !== null && units.some((u) => hasProperty(ir, u, "audience")),
      refusedGrantRule: selfService !== null && selfService.refusedGrants.length > 0 && check.kind === "union" && check.key === "grant_type",
      dependentRequired: dependentRequiredOf(ir, check),
    };
  });
  return { validators, selfService };
}
