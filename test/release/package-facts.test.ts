/**
 * Every published package states the same facts, from one home (generator/src/emit/package-facts.ts):
 * license, repository, homepage, issue tracker, keywords and engines in all five package.json files,
 * the same MIT LICENSE at the root and in every package, and a CHANGELOG.md and LICENSE in `files`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LICENSE_TEXT, packageFacts } from "../../generator/src/emit/package-facts.js";
import { REPO_ROOT } from "../support/paths.js";

const FOLDERS = ["generator", "packages/schema", "packages/types", "packages/validator", "packages/reference", "packages/fixtures"];
const manifest = (folder: string) => JSON.parse(readFileSync(join(REPO_ROOT, folder, "package.json"), "utf8")) as Record<string, unknown>;

describe("package facts", () => {
  it.each(FOLDERS)("%s/package.json states them and ships its changelog and license", (folder) => {
    const data = manifest(folder);
    expect(data).toMatchObject(packageFacts(String(data.name)));
    expect(data.files).toEqual(expect.arrayContaining(["CHANGELOG.md", "LICENSE"]));
    expect(readFileSync(join(REPO_ROOT, folder, "LICENSE"), "utf8")).toBe(LICENSE_TEXT);
  });

  it("has one license text, the root's", () => {
    expect(readFileSync(join(REPO_ROOT, "LICENSE"), "utf8")).toBe(LICENSE_TEXT);
  });

  it("gives every published package the spec's version", () => {
    const versions = new Set(FOLDERS.map((folder) => manifest(folder).version));
    const spec = /^specVersion: (\S+)$/m.exec(readFileSync(join(REPO_ROOT, "spec/flowspec.yaml"), "utf8"))?.[1];
    expect([...versions]).toEqual([spec]);
  });
});
