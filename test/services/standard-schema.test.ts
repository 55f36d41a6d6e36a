/**
 * Standard Schema, used for real: `~standard.validate` reports every issue (as allErrors does), and a
 * flowspec validator works inside a real consumer, Hono's standard validator middleware.
 */
import { Hono } from "hono";
import { sValidator } from "@hono/standard-validator";
import { describe, expect, it } from "vitest";
import { validateCreateFlowRequest } from "../../packages/validator/dist/index.js";

/** Seven mistakes in one body, at every level: the flow, an action, its params, a nested union. */
const BAD_FLOW = {
  name: "",
  extra: true,
  actions: [
    { id: "#", type: "FLOW", action: "DO_NOTHING", params: { x: 1 } },
    { id: "ok", type: "STRIPE", action: "SEND_EMAIL", params: {} },
    { type: "FLOW", action: "DELAY_FLOW", params: {} },
  ],
};

describe("~standard.validate", () => {
  it("returns every issue allErrors finds, with paths of keys and list positions", () => {
    const all = validateCreateFlowRequest(BAD_FLOW, { allErrors: true });
    if (all.ok) throw new Error("the body is meant to be invalid");
    expect(all.issues).toHaveLength(7);
    const standard = validateCreateFlowRequest["~standard"].validate(BAD_FLOW);
    if (standard instanceof Promise || standard.issues === undefined) throw new Error("expected synchronous issues");
    expect(standard.issues.map((i) => i.message)).toEqual(all.issues.map((i) => i.message));
    expect(standard.issues.map((i) => i.path)).toContainEqual(["actions", 1, "action"]);
  });
});

describe("inside Hono's standard validator middleware", () => {
  const app = new Hono().post("/flows", sValidator("json", validateCreateFlowRequest), (c) => {
    const flow = c.req.valid("json"); // typed CreateFlowRequestContent
    return c.json({ name: flow.name, actions: flow.actions?.length ?? 0 }, 201);
  });

  const post = (body: unknown) => app.request("/flows", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  it("passes a valid body through, typed", async () => {
    const response = await post({ name: "Sign-up", actions: [{ id: "noop", type: "FLOW", action: "DO_NOTHING" }] });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ name: "Sign-up", actions: 1 });
  });

  it("answers an invalid body with 400 and every issue", async () => {
    const response = await post(BAD_FLOW);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { success: boolean; error: { path: PropertyKey[] }[] };
    expect(body.success).toBe(false);
    expect(body.error.map((issue) => issue.path)).toEqual([["extra"], ["name"], ["actions", 0, "id"], ["actions", 0, "params", "x"], ["actions", 1, "action"], ["actions", 2, "id"], ["actions", 2, "params", "number"]]);
  });
});
