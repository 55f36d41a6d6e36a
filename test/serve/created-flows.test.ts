/**
 * The created flows the stand-in keeps for reading back (stand-in/state.ts): at most `maxEntries`,
 * the oldest dropped first, a flow put again counted as the newest, across the queue's compactions.
 */
import { describe, expect, it } from "vitest";
import { CreatedFlows } from "../../generator/src/stand-in/state.ts";

const text = (id: string) => JSON.stringify({ id, name: id });

describe("flowspec serve: created flows kept", () => {
  it("keeps the newest maxEntries, through many times their number", () => {
    const flows = new CreatedFlows({ maxEntries: 100, maxItems: Number.POSITIVE_INFINITY });
    // 5,000 puts: the queue lets go of the places behind its head several times on the way.
    for (let i = 0; i < 5_000; i++) flows.put(`f${i}`, text(`f${i}`));
    expect(flows.size).toBe(100);
    expect(flows.get("f4899")).toBeUndefined();
    expect(flows.get("f4900")).toEqual({ id: "f4900", name: "f4900" });
    expect(flows.get("f4999")?.id).toBe("f4999");
  });

  it("counts a flow put again as the newest, with its new text", () => {
    const flows = new CreatedFlows({ maxEntries: 3, maxItems: Number.POSITIVE_INFINITY });
    for (const id of ["a", "b", "c"]) flows.put(id, text(id));
    flows.put("a", JSON.stringify({ id: "a", name: "again" }));
    flows.put("d", text("d"));
    expect(["a", "b", "c", "d"].map((id) => flows.get(id)?.name ?? null)).toEqual(["again", null, "c", "d"]);
    flows.put("e", text("e"));
    flows.put("f", text("f"));
    expect(["a", "c", "d", "e", "f"].map((id) => flows.get(id) !== undefined)).toEqual([false, false, true, true, true]);
    expect(flows.size).toBe(3);
  });

  it("drops the oldest ids past 2,000 puts, one put again among them", () => {
    const flows = new CreatedFlows({ maxEntries: 1_500, maxItems: Number.POSITIVE_INFINITY });
    for (let i = 0; i < 2_000; i++) flows.put(`f${i}`, text(`f${i}`));
    // The newest 1,500 start at f500; f600 put again outlives f601. 101 more puts drop f500..f599 and f601.
    flows.put("f600", text("f600"));
    for (let i = 2_000; i < 2_101; i++) flows.put(`f${i}`, text(`f${i}`));
    expect(flows.size).toBe(1_500);
    expect(flows.get("f599")).toBeUndefined();
    expect(flows.get("f600")).toBeDefined();
    expect(flows.get("f601")).toBeUndefined();
    expect(flows.get("f602")).toBeDefined();
  });
});
