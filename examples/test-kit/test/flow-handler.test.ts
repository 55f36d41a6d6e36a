/**
 * The handler's tests, written with the fixtures and the arbitraries of @flowspec/fixtures: every
 * variant the vendor accepts is accepted, every bad value gets the issue the interface says, and
 * any valid flow (fast-check, seeded) is summarised step by step.
 */
import fc from "fast-check";
import { invalidVariantArbitrary, recordArbitrary } from "@flowspec/fixtures/arbitraries";
import { FIXTURES, variantFixtures } from "@flowspec/fixtures";
import { describe, expect, it } from "vitest";
import { handleCreateFlow } from "../src/flow-handler.ts";

const EDITOR = { azp: "flow-editor", scope: "create:flows" };
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
console.log(`example test-kit seed ${SEED} (replay: FUZZ_SEED=${SEED} npx vitest run examples/test-kit)`);

function post(body: unknown) {
  return handleCreateFlow({ headers: { "content-type": "application/json" }, rawBody: JSON.stringify(body), claims: EDITOR });
}

describe("with the fixtures", () => {
  it("accepts the full value of every variant in a flow", () => {
    for (const set of Object.values(FIXTURES.variants)) {
      expect(post({ name: "All of it", actions: [set.full] }).status).toBe(201);
    }
  });

  it("answers each bad Stripe action with the issue the interface names, where it is", () => {
    for (const fixture of variantFixtures("STRIPE:ADD_TAX_ID").invalid) {
      const answer = post({ name: "Tax", actions: [fixture.value] });
      expect(answer.status).toBe(400);
      // The check reports every issue; the fixture names the first one.
      expect(answer.body).toMatchObject({ errorCode: "invalid_request" });
      expect("issues" in answer.body && answer.body.issues?.[0]).toMatchObject({ code: fixture.issue.code, path: `/actions/0${fixture.issue.path}` });
    }
  });
});

describe("with the arbitraries", () => {
  it("summarises any valid flow, one step per action", () => {
    fc.assert(
      fc.property(recordArbitrary("CreateFlowRequestContent"), (flow) => {
        const answer = post(flow);
        return answer.status === 201 && "steps" in answer.body && answer.body.steps.length === (flow.actions?.length ?? 0);
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it("refuses an action one mutation away from valid, with its issue", () => {
    fc.assert(
      fc.property(invalidVariantArbitrary("SLACK:POST_MESSAGE"), ({ value, issue }) => {
        const answer = post({ name: "Notify", actions: [value] });
        return answer.status === 400 && "issues" in answer.body && answer.body.issues?.[0]?.code === issue.code && answer.body.issues[0].path === `/actions/0${issue.path}`;
      }),
      { seed: SEED, numRuns: 100 },
    );
  });
});
