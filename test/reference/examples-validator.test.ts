/**
 * Every example in the reference passes `@flowspec/validator` (the generated package, as it is
 * published), through the entry point a user would call for it; and a broken example fails.
 */
import { describe, expect, it } from "vitest";
import * as validator from "../../packages/validator/dist/index.js";
import { examplesOf } from "../support/markdown-model.js";
import { validatorsOfRecords } from "../support/public-validators.js";
import { referenceOutput } from "../support/reference-output.js";

const { ir, pages } = referenceOutput();
const variantNames = new Set(ir.flowActions.types.flatMap((t) => t.variants.map((v) => v.name)));
const examples = [...pages].flatMap(([path, md]) => examplesOf(md).map((e) => ({ ...e, path })));

type Check = (input: unknown) => { readonly ok: boolean; readonly issues?: readonly { path: string; message: string }[] };

/** The validator entry point for each record a public validator checks, from the generator's list (the token request's grants through validateTokenRequest). */
const BY_RECORD: ReadonlyMap<string, Check> = validatorsOfRecords(ir);

/**
 * Records the validator's API does not check, each with why: bodies a service writes rather than
 * reads. The JSON Schema checks their examples (examples-schema.test.ts), and test/services checks
 * the bodies the validator package builds against them.
 */
const WRITTEN_BY_SERVICES: Readonly<Record<string, string>> = {
  ErrorResponseContent: "the error body of a management operation",
  OAuthErrorResponse: "the error body of the authorization server",
  ErrorIssue: "one issue inside ErrorResponseContent",
};

function checkFor(typeName: string): Check | undefined {
  return variantNames.has(typeName) ? validator.validateFlowAction : BY_RECORD.get(typeName);
}

const checked = examples.filter((e) => !Object.hasOwn(WRITTEN_BY_SERVICES, e.typeName));

describe("reference examples against @flowspec/validator", () => {
  it("has a validator entry point for every example's type but the bodies services write", () => {
    expect([...new Set(checked.map((e) => e.typeName))].filter((n) => !checkFor(n))).toEqual([]);
    expect(checked.filter((e) => variantNames.has(e.typeName))).toHaveLength(61);
  });

  for (const e of checked) {
    it(`${e.path}:${e.line} ${e.typeName}`, () => {
      const result = checkFor(e.typeName)!(e.value);
      expect(result.issues ?? []).toEqual([]);
      expect(result.ok).toBe(true);
    });
  }

  it("rejects a broken example", () => {
    const example = examples.find((e) => e.typeName === "FlowActionFlowDelayFlow")!;
    const action = example.value as { params: Record<string, unknown> };
    expect(validator.validateFlowAction({ ...action, params: { ...action.params, number: -1 } }).ok).toBe(false);
    const query = examples.find((e) => e.typeName === "AuthorizeQuery")!.value as Record<string, unknown>;
    expect(validator.validateAuthorizeQuery({ ...query, response_type: "token" }).ok).toBe(false);
  });
});
