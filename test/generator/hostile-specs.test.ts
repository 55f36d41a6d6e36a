/**
 * Spec folders that would make the generator loop, stall or crash become diagnostics with a
 * position. (The fixtures under test/fixtures/invalid cover the file contents: an alias bomb,
 * bytes that are not UTF-8; these cases need the file system, so they are built here.)
 */
import { symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../generator/src/diagnostics.js";
import { loadIr } from "../../generator/src/load-ir.js";
import { MAX_SPEC_FILE_BYTES } from "../../generator/src/load/spec-text.js";
import { tempProject, type TempProject } from "../support/temp-project.js";

function problems(project: TempProject): string[] {
  return loadIr({ specDir: project.specDir, displayRoot: project.root }).diagnostics.map(formatDiagnostic);
}

describe("hostile spec folders", () => {
  it("reports a symbolic link back to an enclosing folder, and one to itself", () => {
    const project = tempProject();
    symlinkSync(project.specDir, join(project.specDir, "records", "again"), "dir");
    symlinkSync("self.yaml", join(project.specDir, "records", "self.yaml"));
    expect(problems(project)).toEqual([
      "spec/records/again:1:1 error SpecFolderLoop: this symbolic link leads back into a folder that holds it; remove it or point it elsewhere.",
      "spec/records/self.yaml:1:1 error SpecFolderLoop: this symbolic link leads back into a folder that holds it; remove it or point it elsewhere.",
    ]);
  });

  it("follows a link to a folder outside the spec", () => {
    const project = tempProject();
    const shared = join(project.root, "shared");
    symlinkSync(join(project.specDir, "records"), shared, "dir");
    symlinkSync(shared, join(project.specDir, "records-elsewhere"), "dir");
    // The linked records are found (twice: under records/ and under the link), and only the layout objects.
    expect(problems(project)).toEqual([
      "spec/records-elsewhere/access.yaml:1:1 error SpecUnexpectedFile: this file is not part of the spec layout; move it (see README.md, \"How to change the spec\") or delete it.",
      "spec/records-elsewhere/flow.yaml:1:1 error SpecUnexpectedFile: this file is not part of the spec layout; move it (see README.md, \"How to change the spec\") or delete it.",
    ]);
  });

  it("refuses a file above the size limit before reading it", () => {
    const project = tempProject();
    const line = "# padding\n";
    writeFileSync(join(project.specDir, "records", "huge.yaml"), line.repeat(Math.ceil((MAX_SPEC_FILE_BYTES + 1) / line.length)));
    const [problem, ...rest] = problems(project);
    expect(problem).toMatch(/^spec\/records\/huge\.yaml:1:1 error SpecFileTooLarge: the file has \d+ bytes, above the limit of 1048576;/);
    expect(rest).toEqual([]);
  });

  it("accepts a file exactly at the limit", () => {
    const project = tempProject();
    const text = "records: {}\n";
    writeFileSync(join(project.specDir, "records", "full.yaml"), text + "#".repeat(MAX_SPEC_FILE_BYTES - text.length - 1) + "\n");
    expect(problems(project)).toEqual([]);
  });
});
