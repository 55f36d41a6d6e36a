/**
 * Evidence beside the rules: the last release's examples — its spec's and its reference's — run
 * through the validator the new spec generates. A narrowed bound that an old example breaks is
 * listed with where that example was published; an unchanged spec rejects none.
 */
import { describe, expect, it } from "vitest";
import { emitReference } from "../../generator/src/emit/reference/emit-reference.js";
import { formatFiles } from "../../generator/src/write/format.js";
import { checkReleasedExamples } from "../../generator/src/commands/release/evidence.js";
import { referenceExamples, specExamples } from "../../generator/src/release-record/examples.js";
import { irOf, realIr } from "../support/spec-ir.js";
import { actionPath, copySpec, editYaml } from "../support/yaml-edits.js";

describe("the last release's examples through the new validator", () => {
  const before = realIr();
  const released = [...specExamples(before), ...referenceExamples(formatFiles(emitReference(before)))];

  it("accepts every one when nothing changed, and names what it cannot check", async () => {
    const evidence = await checkReleasedExamples(before, released, before);
    expect(evidence.rejected).toEqual([]);
    expect(evidence.checked).toBeGreaterThan(60);
    expect(evidence.unchecked).toEqual(["ErrorIssue", "ErrorResponseContent", "OAuthErrorResponse"]);
  });

  it("lists each example a narrowed bound now rejects, at the places it was published", async () => {
    const specDir = copySpec();
    editYaml(specDir, "flow-actions/flow.yaml", (doc) => {
      const at = actionPath(doc, "ERROR_MESSAGE");
      doc.setIn([...at, "params", "properties", "message", "maxLength"], 20);
      doc.setIn([...at, "example", "message"], "Work email only.");
    });
    const evidence = await checkReleasedExamples(before, released, irOf(specDir));
    expect(evidence.rejected.map((r) => r.type)).toEqual(["FLOW:ERROR_MESSAGE"]);
    expect(evidence.rejected[0]!.source).toMatch(/^spec\/flow-actions\/flow\.yaml FLOW:ERROR_MESSAGE example, reference\/flow-actions\/flow\.md:\d+$/);
    expect(evidence.rejected[0]!.reason).toMatch(/^\/params\/message: /);
  });
});
