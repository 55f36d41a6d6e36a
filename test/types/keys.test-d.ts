/**
 * Type-level checks over every (type, action) pair, run by vitest's typecheck mode: the union accepts
 * exactly the pairs the spec defines (all 25 × 54 others are rejected), and `FlowActionKey` has
 * exactly 61 members, the same as the `FLOW_ACTION_KEYS` constant.
 */
import type { FLOW_ACTION_KEYS, FLOW_ACTION_TYPES, FlowAction, FlowActionKey, FlowActionKeyOf, FlowActionType } from "@flowspec/types";
import { describe, expectTypeOf, it } from "vitest";

/** One `{ type, action }` per variant (distributes over the union, unlike `Pick<FlowAction, …>`). */
type Discriminants<V> = V extends { type: infer T; action: infer A } ? { type: T; action: A } : never;

/** Every pair of a type and an action (from anywhere in the union) that the union accepts. */
type AcceptedPairs<U extends { type: string; action: string }> = {
  [T in U["type"]]: { [A in U["action"]]: { type: T; action: A } extends Discriminants<U> ? `${T}:${A}` : never }[U["action"]];
}[U["type"]];

/** The members of a union as a tuple, to count them. */
type LastOf<U> = (U extends unknown ? (x: () => U) => void : never) extends (x: infer L) => void ? (L extends () => infer R ? R : never) : never;
type UnionToTuple<U, Acc extends unknown[] = []> = [U] extends [never] ? Acc : UnionToTuple<Exclude<U, LastOf<U>>, [LastOf<U>, ...Acc]>;

describe("every pair", () => {
  it("the union accepts exactly the spec's pairs, none of the cross product", () => {
    expectTypeOf<AcceptedPairs<FlowAction>>().toEqualTypeOf<FlowActionKey>();
    expectTypeOf<FlowActionKeyOf<FlowAction>>().toEqualTypeOf<FlowActionKey>();
  });

  it("the check itself fails on a union that accepts the cross product", () => {
    type Loose = { type: "A" | "B"; action: "X" | "Y" };
    type Exact = { type: "A"; action: "X" } | { type: "B"; action: "Y" };
    expectTypeOf<AcceptedPairs<Loose>>().toEqualTypeOf<"A:X" | "A:Y" | "B:X" | "B:Y">();
    expectTypeOf<AcceptedPairs<Exact>>().toEqualTypeOf<"A:X" | "B:Y">();
  });
});

describe("FlowActionKey", () => {
  it("has exactly 61 members, those of FLOW_ACTION_KEYS", () => {
    expectTypeOf<UnionToTuple<FlowActionKey>["length"]>().toEqualTypeOf<61>();
    expectTypeOf<(typeof FLOW_ACTION_KEYS)["length"]>().toEqualTypeOf<61>();
    expectTypeOf<(typeof FLOW_ACTION_KEYS)[number]>().toEqualTypeOf<FlowActionKey>();
  });

  it("counts what it is given", () => {
    expectTypeOf<UnionToTuple<"a" | "b" | "c">["length"]>().toEqualTypeOf<3>();
  });

  it("FlowActionType has the 25 types of FLOW_ACTION_TYPES", () => {
    expectTypeOf<UnionToTuple<FlowActionType>["length"]>().toEqualTypeOf<25>();
    expectTypeOf<(typeof FLOW_ACTION_TYPES)[number]>().toEqualTypeOf<FlowActionType>();
    // @ts-expect-error not a type of the spec.
    const unknownType: FlowActionType = "PAYPAL";
    expectTypeOf(unknownType).toEqualTypeOf<FlowActionType>();
  });
});
