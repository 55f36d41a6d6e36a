/**
 * planScopeReplacement: PATCH /resource-servers/{api_id} replaces the whole permission list, so the
 * plan says what a list keeps, adds and (by omission) removes; a repeated value is one permission.
 */
import { describe, expect, it } from "vitest";
import { validateResourceServerScopesUpdate } from "../../packages/validator/dist/index.js";
import { planScopeReplacement } from "../../packages/validator/dist/service.js";

const current = [
  { value: "read:reports", description: "Read the reports" },
  { value: "create:reports", description: "Create reports" },
  { value: "delete:reports" },
];

describe("planScopeReplacement", () => {
  it("says what the new list keeps, adds, removes by omission and re-describes", () => {
    const next = [{ value: "read:reports", description: "Read every report" }, { value: "create:reports", description: "Create reports" }, { value: "export:reports" }];
    expect(planScopeReplacement(current, next)).toEqual({
      ok: true,
      kept: [
        { value: "read:reports", description: "Read every report" },
        { value: "create:reports", description: "Create reports" },
      ],
      added: [{ value: "export:reports" }],
      removed: [{ value: "delete:reports" }],
      redescribed: [{ value: "read:reports", from: "Read the reports", to: "Read every report" }],
      duplicates: [],
    });
  });

  it("removes everything for an empty list, the mistake this helper exists for", () => {
    expect(planScopeReplacement(current, [])).toMatchObject({ kept: [], added: [], removed: current });
  });

  it("counts a repeated value as one permission, and says when the repeats disagree", () => {
    // The definition does not make values unique: the validator accepts the body.
    const next = [{ value: "read:reports" }, { value: "export:reports", description: "A" }, { value: "read:reports" }, { value: "export:reports", description: "B" }];
    expect(validateResourceServerScopesUpdate({ scopes: next }).ok).toBe(true);
    const plan = planScopeReplacement(current, next);
    expect(plan).toMatchObject({
      kept: [{ value: "read:reports" }],
      added: [{ value: "export:reports", description: "A" }],
      duplicates: [
        { value: "read:reports", indexes: [0, 2], conflicting: false },
        { value: "export:reports", indexes: [1, 3], conflicting: true },
      ],
    });
  });

  it("reports lists it cannot read as issues, never throwing", () => {
    expect(planScopeReplacement(current, "read:reports" as never)).toEqual({ ok: false, issues: [expect.objectContaining({ code: "invalid_type", path: "/next" })] });
    expect(planScopeReplacement([{ value: 1 }] as never, [])).toEqual({ ok: false, issues: [expect.objectContaining({ path: "/current/0/value" })] });
    const hostile = new Proxy([], {
      get() {
        throw new Error("trap");
      },
    });
    expect(planScopeReplacement(current, hostile)).toMatchObject({ ok: false, issues: [{ code: "unreadable" }] });
  });
});
