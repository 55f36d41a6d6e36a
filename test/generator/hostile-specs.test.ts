/**
 * Spec folders that would make the generator loop, stall or crash become diagnostics with a
 * position. (The fixtures under test/fixtures/invalid cover the file contents: an alias bomb,
 * bytes that are not UTF-8; these cases need the file system, so they are built here.)
 */
import { cpSync, lstatSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { formatDiagnostic } from "../../generator/src/base/diagnostics.js";
import { generate } from "../../generator/src/pipeline/generate.js";
import { loadIr } from "../../generator/src/ir/load-ir.js";
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

  it("finds a duplicate among 80,000 keys in linear time (issue 23: it took two minutes)", () => {
    const project = tempProject();
    const keys = Array.from({ length: 80_000 }, (_, i) => `  k${i}: 1\n`).join("");
    writeFileSync(join(project.specDir, "records", "many.yaml"), `records:\n${keys}  k7: 2\n`);
    expect(problems(project)).toEqual(['spec/records/many.yaml:80002:3 error SpecYamlSyntax: the key "k7" is given more than once in this mapping; keep one of them.']);
  });

  it("refuses nesting past the YAML depth limit with a diagnostic, not the engine's stack message", () => {
    const project = tempProject();
    writeFileSync(join(project.specDir, "records", "deep.yaml"), `records: ${"[".repeat(10_000)}${"]".repeat(10_000)}\n`);
    const block = Array.from({ length: 1_000 }, (_, i) => `${" ".repeat(i)}-`).join("\n");
    writeFileSync(join(project.specDir, "records", "deep-block.yaml"), `records:\n${block.replace(/^/gm, "  ")}\n`);
    const found = problems(project);
    expect(found).toHaveLength(2);
    for (const problem of found) expect(problem).toMatch(/error SpecYamlSyntax: nested more than 256 levels deep; flowspec reads at most 256; nest fewer levels\.$/);
  });

  it("refuses a tag YAML's core schema does not define", () => {
    const project = tempProject();
    writeFileSync(join(project.specDir, "records", "tagged.yaml"), "records:\n  x: !!js/function 'function () {}'\n  y: !custom 1\n");
    expect(problems(project)).toEqual([
      "spec/records/tagged.yaml:2:6 error SpecYamlSyntax: unknown tag tag:yaml.org,2002:js/function: only YAML's core tags are read (write the value without a tag); remove the tag.",
      "spec/records/tagged.yaml:3:6 error SpecYamlSyntax: unknown tag !custom: only YAML's core tags are read (write the value without a tag); remove the tag.",
    ]);
  });
});

describe("symbolic links in the output (issue 23)", () => {
  function generated(): TempProject {
    const project = tempProject();
    expect(generate({ specDir: project.specDir, outDir: project.outDir, displayRoot: project.root }).diagnostics).toEqual([]);
    return project;
  }

  it("never writes or deletes through a link to a folder outside: a diagnostic, and the outside untouched", () => {
    const project = generated();
    const outside = mkdtempSync(join(tmpdir(), "flowspec-outside-"));
    onTestFinished(() => rmSync(outside, { recursive: true, force: true }));
    const dist = join(project.outDir, "validator", "dist");
    cpSync(dist, outside, { recursive: true });
    writeFileSync(join(outside, "old.js"), "// Generated by flowspec from an old spec\n");
    writeFileSync(join(outside, "index.js"), "// Generated by flowspec from an older spec: stale\n");
    rmSync(dist, { recursive: true });
    symlinkSync(outside, dist, "dir");
    const result = generate({ specDir: project.specDir, outDir: project.outDir, displayRoot: project.root });
    expect(result.diagnostics.map(formatDiagnostic)).toEqual([expect.stringMatching(/^packages\/validator\/dist\/[^:]+:1:1 error OutputUnsafeLink: validator\/dist is a symbolic link to .*, outside .*; generate does not write through it: remove it\.$/)]);
    expect(readFileSync(join(outside, "old.js"), "utf8")).toBe("// Generated by flowspec from an old spec\n");
    expect(readFileSync(join(outside, "index.js"), "utf8")).toContain("stale");
  });

  it("reports a link that loops or dangles on the way as a diagnostic, not a stack trace", () => {
    const project = generated();
    rmSync(join(project.outDir, "types"), { recursive: true });
    symlinkSync(join(project.outDir, "types"), join(project.outDir, "types"), "dir");
    rmSync(join(project.outDir, "schema"), { recursive: true });
    symlinkSync(join(project.root, "nowhere"), join(project.outDir, "schema"), "dir");
    const found = generate({ specDir: project.specDir, outDir: project.outDir, displayRoot: project.root }).diagnostics.map(formatDiagnostic);
    expect(found).toEqual([
      expect.stringMatching(/ error OutputUnsafeLink: schema is a symbolic link that loops or leads nowhere; remove it\.$/),
      expect.stringMatching(/ error OutputUnsafeLink: types is a symbolic link that loops or leads nowhere; remove it\.$/),
    ]);
  });

  it("replaces a generated file that is a link, never writing to what it leads to, and keeps a link inside the output", () => {
    const project = generated();
    const outside = mkdtempSync(join(tmpdir(), "flowspec-outside-"));
    onTestFinished(() => rmSync(outside, { recursive: true, force: true }));
    const target = join(project.outDir, "types", "package.json");
    writeFileSync(join(outside, "victim.json"), "theirs\n");
    rmSync(target);
    symlinkSync(join(outside, "victim.json"), target);
    symlinkSync(join(project.outDir, "types"), join(project.outDir, "types", "again"), "dir");
    expect(generate({ specDir: project.specDir, outDir: project.outDir, displayRoot: project.root }).diagnostics).toEqual([]);
    expect(readFileSync(join(outside, "victim.json"), "utf8")).toBe("theirs\n");
    expect(lstatSync(target).isFile()).toBe(true);
  });
});
