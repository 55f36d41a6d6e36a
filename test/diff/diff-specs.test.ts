/**
 * `diffSpecs` on the real spec against copies with one small edit each: the exact change lines,
 * the bump they need and the version verdict.
 */
import { describe, expect, it } from "vitest";
import { diffSpecs } from "../../generator/src/diff/diff-specs.js";
import { changeLines, formatDiff } from "../../generator/src/diff/format-diff.js";
import { irOf, realIr } from "../support/spec-ir.js";
import { actionPath, copySpec, editYaml, setVersion } from "../support/yaml-edits.js";

const base = realIr();

/** Copies the spec, applies `edit`, pins both versions, and diffs the copy against the original. */
function diffAfter(edit: (specDir: string) => void, newVersion?: string) {
  const specDir = copySpec();
  edit(specDir);
  if (newVersion) setVersion(specDir, newVersion);
  return diffSpecs(base, irOf(specDir));
}

const onFlowAction = (action: string, path: readonly (string | number)[], value: unknown) => (specDir: string) =>
  editYaml(specDir, "flow-actions/flow.yaml", (doc) => doc.setIn([...actionPath(doc, action), ...path], value));

describe("diffSpecs", () => {
  it("finds no change between a spec and its copy", () => {
    const diff = diffAfter(() => {});
    expect(diff.changes).toEqual([]);
    expect(diff.bump).toBe("none");
    expect(diff.sufficient).toBe(true);
    expect(formatDiff(diff)).toEqual([
      "no changes",
      "per package: types none, validator none, schema none, reference none, fixtures none",
      "required bump: none",
      `specVersion ${base.version} → ${base.version}: ok`,
    ]);
  });

  it("calls a description edit a patch", () => {
    const diff = diffAfter(onFlowAction("DELAY_FLOW", ["description"], "Waits a while."));
    expect(changeLines(diff)).toEqual(["patch  FLOW:DELAY_FLOW description changed"]);
    expect(diff.bump).toBe("patch");
  });

  it("calls a new optional property minor", () => {
    const diff = diffAfter((dir) =>
      editYaml(dir, "records/flow.yaml", (doc) => doc.setIn(["records", "CreateFlowRequestContent", "properties", "note"], { type: "string" })),
    );
    expect(changeLines(diff)).toEqual(["minor  record CreateFlowRequestContent.note added (optional)"]);
    expect(diff.bump).toBe("minor");
  });

  it("gives the fixtures the validator's level in the per-package line (they encode its verdicts)", () => {
    const diff = diffAfter(onFlowAction("DELAY_FLOW", ["params", "properties", "units", "enum"], ["SECONDS", "MINUTES", "HOURS", "DAYS", "WEEKS"]));
    expect(formatDiff(diff)).toContain("per package: types major, validator minor, schema minor, reference patch, fixtures minor");
  });

  it("calls a removed enum value major, and an added one minor for the validator but major for the types", () => {
    const diff = diffAfter(onFlowAction("DELAY_FLOW", ["params", "properties", "units", "enum"], ["SECONDS", "MINUTES", "HOURS", "WEEKS"]));
    expect(changeLines(diff)).toEqual([
      'major  FLOW:DELAY_FLOW params.units enum: removed "DAYS"  (types, validator, schema major; reference patch)',
      'major  FLOW:DELAY_FLOW params.units enum: added "WEEKS"  (types major; validator, schema minor; reference patch)',
    ]);
    expect(diff.bump).toBe("major");
    expect(diff.changes.map((c) => c.migration)).toEqual([
      'Stop sending `"DAYS"` in `FLOW:DELAY_FLOW params.units` and delete its branch.',
      'Handle `"WEEKS"` (or add a default branch) wherever you switch over `FLOW:DELAY_FLOW params.units` exhaustively.',
    ]);
  });

  it("calls a lowered maxLength major and a raised one minor", () => {
    const lowered = diffAfter(onFlowAction("ERROR_MESSAGE", ["params", "properties", "message", "maxLength"], 1024));
    expect(changeLines(lowered)).toEqual(["major  FLOW:ERROR_MESSAGE params.message maxLength 2048 → 1024  (validator, schema major; types, reference patch)"]);
    const raised = diffAfter(onFlowAction("ERROR_MESSAGE", ["params", "properties", "message", "maxLength"], 4096));
    expect(changeLines(raised)).toEqual(["minor  FLOW:ERROR_MESSAGE params.message maxLength 2048 → 4096  (validator, schema minor; types, reference patch)"]);
  });

  it("calls a new required property major, and a required property made optional minor for the validator but major for the types", () => {
    const added = diffAfter((dir) => {
      onFlowAction("DELAY_FLOW", ["params", "properties", "reason"], { type: "string" })(dir);
      onFlowAction("DELAY_FLOW", ["params", "required"], ["number", "reason"])(dir);
      // The example must keep up, or the checker refuses the spec.
      onFlowAction("DELAY_FLOW", ["example", "reason"], "a pause")(dir);
    });
    expect(changeLines(added)).toEqual([
      "patch  FLOW:DELAY_FLOW example changed",
      "major  FLOW:DELAY_FLOW params.reason added (required)  (types, validator, schema major; reference minor)",
    ]);
    const relaxed = diffAfter(onFlowAction("ERROR_MESSAGE", ["params", "required"], []));
    expect(changeLines(relaxed)).toEqual(["major  FLOW:ERROR_MESSAGE params.message becomes optional  (types major; validator, schema minor; reference patch)"]);
  });

  it("calls a removed variant major", () => {
    const diff = diffAfter((dir) =>
      editYaml(dir, "flow-actions/xml.yaml", (doc) => {
        doc.deleteIn(actionPath(doc, "SERIALIZE_XML"));
      }),
    );
    expect(changeLines(diff)).toEqual(["major  XML:SERIALIZE_XML removed"]);
  });

  it("pairs union members: an added member is minor for the validator, a union narrowed to one member major", () => {
    const numberPath = ["params", "properties", "number"];
    const widened = diffAfter(onFlowAction("DELAY_FLOW", [...numberPath, "oneOf", 2], { type: "null" }));
    expect(changeLines(widened)).toEqual(["major  FLOW:DELAY_FLOW params.number union member added: null  (types major; validator, schema minor; reference patch)"]);
    const narrowed = diffAfter(
      onFlowAction("DELAY_FLOW", numberPath, { type: "integer", minimum: 0, description: "How many units to wait, as a number or an expression." }),
    );
    expect(changeLines(narrowed)).toEqual(["major  FLOW:DELAY_FLOW params.number type oneOf → integer: union members removed  (types, validator, schema major; reference patch)"]);
  });

  it("needs a minor bump for a minor change: 1.0.0 → 1.0.0 is not enough, 1.1.0 is", () => {
    const addOptional = (dir: string) => {
      setVersion(dir, "1.0.0");
      onFlowAction("DELAY_FLOW", ["params", "properties", "reason"], { type: "string" })(dir);
    };
    const pinned = { ...base, version: "1.0.0" };
    const same = diffSpecs(pinned, irOf(withEdit(addOptional)));
    expect(same.bump).toBe("minor");
    expect(same.sufficient).toBe(false);
    expect(formatDiff(same).at(-1)).toBe("specVersion 1.0.0 → 1.0.0: not enough; needs at least 1.1.0");
    const bumpedDir = withEdit(addOptional);
    setVersion(bumpedDir, "1.1.0");
    const bumped = diffSpecs(pinned, irOf(bumpedDir));
    expect(bumped.sufficient).toBe(true);
    expect(formatDiff(bumped).at(-1)).toBe("specVersion 1.0.0 → 1.1.0: ok");
  });
});

function withEdit(edit: (specDir: string) => void): string {
  const specDir = copySpec();
  edit(specDir);
  return specDir;
}
