/**
 * A patch release for a one-line description edit is reviewable: it changes the files that show
 * that description, and the version only where the version lives (each package.json, the
 * changelogs, the `SPEC_VERSION` constant and the OpenAPI document's `info.version`), not in
 * every generated file's header or `$comment`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PACKAGE_DIRS } from "../../generator/src/emit/package-dirs.js";
import { generate } from "../../generator/src/pipeline/generate.js";
import { LAST, releaseProject } from "./release-project.js";

const [MAJOR, MINOR, PATCH] = LAST.version.split(".").map(Number) as [number, number, number];
const NEXT_PATCH = `${MAJOR}.${MINOR}.${PATCH + 1}`;

describe("a patch release for a description edit", () => {
  it("touches the files that describe it and the files that state the version, nothing else", () => {
    const project = releaseProject();
    const edit = (file: string, from: string | RegExp, to: string) => {
      const path = join(project.specDir, file);
      const text = readFileSync(path, "utf8");
      const next = text.replace(from, to);
      expect(next, `${file} holds ${String(from)}`).not.toBe(text);
      writeFileSync(path, next);
    };
    edit("flow-actions/stripe.yaml", "A postal address stored on a Stripe customer.", "The postal address of a Stripe customer.");
    edit("flowspec.yaml", /^specVersion: .*$/m, `specVersion: ${NEXT_PATCH}`);
    const result = generate({ specDir: project.specDir, outDir: project.outDir, displayRoot: project.root, check: true });
    expect(result.diagnostics).toEqual([]);
    const changed = result.plan!.files.filter((f) => f.state !== "unchanged").map((f) => f.file.path);
    const versionFiles = [
      "../CHANGELOG.md",
      "../tool/CHANGELOG.md",
      "../tool/package.json",
      ...PACKAGE_DIRS.flatMap((p) => [`${p}/CHANGELOG.md`, `${p}/package.json`]),
      "schema/openapi.json",
      "types/index.cjs",
      "types/index.d.cts",
      "types/index.js",
      "validator/dist/index.cjs",
      "validator/dist/index.d.cts",
      "validator/dist/index.d.ts",
      "validator/dist/index.js",
      // validate's fast path: the spec's digest changes with any edit (not published).
      "validator/validate-targets.json",
    ];
    const describing = ["schema/FlowActionStripeAddress.schema.json", "reference/flow-actions/stripe.md", "reference/records.md", "validator/dist/types.d.cts"];
    expect(changed.filter((path) => !versionFiles.includes(path)).sort()).toEqual(describing.sort());
  });
});
