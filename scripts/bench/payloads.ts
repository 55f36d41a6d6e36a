/**
 * The benchmark's inputs, all CreateFlowRequestContent bodies built from the spec's own examples and
 * passed through JSON.parse, as a service receives them. Every valid case must be valid and every
 * invalid case invalid for every peer (the worker checks, and says which peer disagrees).
 */
import type { SpecIR, Variant } from "../../generator/src/ir/model.js";

export type Json = Record<string, unknown>;

export interface BenchCase {
  readonly name: string;
  readonly input: unknown;
  readonly valid: boolean;
}

/** The old benchmark's mixed flow: common actions of several providers. */
const MIXED = ["STRIPE:ADD_TAX_ID", "FLOW:DELAY_FLOW", "HTTP:SEND_REQUEST", "FLOW:STORE_VARS", "AUTH0:SEND_EMAIL", "FLOW:ERROR_MESSAGE", "JSON:PARSE_JSON", "SLACK:POST_MESSAGE", "FLOW:RETURN_JSON", "FLOW:BOOLEAN_CONDITION"];

function action(v: Variant, i: number): Json {
  return { id: `step_${i}`, type: v.type, action: v.action, ...(v.example === undefined ? {} : { params: v.example }) };
}

function flow(name: string, actions: readonly Json[]): unknown {
  return JSON.parse(JSON.stringify({ name, actions }));
}

/** `accepts`: the package's verdict, to keep only the variants whose example is a valid action. */
export function benchCases(ir: SpecIR, accepts: (action: Json) => boolean): BenchCase[] {
  const variants = ir.flowActions.types.flatMap((t) => t.variants).filter((v) => accepts(action(v, 0)));
  const byKey = (key: string) => variants.find((v) => v.key === key) ?? variants[0]!;
  const cycle = (n: number) => Array.from({ length: n }, (_, i) => action(variants[i % variants.length]!, i));
  const mixed = MIXED.map((key, i) => action(byKey(key), i));
  // The three invalid flows: the mixed flow with one fault in its seventh action (JSON:PARSE_JSON).
  const faulty = (fault: (action: Json, params: Json) => void): unknown => {
    const actions = structuredClone(mixed);
    fault(actions[6]!, (actions[6]!.params ?? {}) as Json);
    return flow("Onboarding", actions);
  };
  const wrongType = (params: Json) => {
    const key = Object.keys(params).find((k) => typeof params[k] === "string")!;
    params[key] = 12;
  };
  return [
    { name: "valid 10", input: flow("Onboarding", mixed), valid: true },
    { name: "10 × first variant", input: flow("First variant", Array.from({ length: 10 }, (_, i) => action(variants[0]!, i))), valid: true },
    { name: "10 × last variant", input: flow("Last variant", Array.from({ length: 10 }, (_, i) => action(variants[variants.length - 1]!, i))), valid: true },
    { name: "100 actions", input: flow("A hundred", cycle(100)), valid: true },
    { name: "1,000 actions", input: flow("A thousand", cycle(1000)), valid: true },
    { name: "unknown action", input: faulty((action) => void (action.action = "PARSE_YAML")), valid: false },
    { name: "wrong params type", input: faulty((_, params) => wrongType(params)), valid: false },
    { name: "extra params key", input: faulty((_, params) => void (params.unexpected = true)), valid: false },
  ];
}
