/**
 * The six packages as npm would publish them: packed into tarballs (one `npm pack`, as `flowspec
 * release` packs them), each checked by publint and by arethetypeswrong with no problem at all. How
 * they work once npm installs them is test/outside-in/.
 */
import { execFileSync } from "node:child_process";
import { arrayBuffer } from "node:stream/consumers";
import { createReadStream, readFileSync } from "node:fs";
import { checkPackage, createPackageFromTarballData } from "@arethetypeswrong/core";
import { publint } from "publint";
import { beforeAll, describe, expect, it } from "vitest";
import { packedTarballs, PUBLISHED_FOLDERS as FOLDERS, type PublishedFolder } from "../support/npm-install.js";

/** The generator is ESM only (Node ≥ 20.19 can require() it): attw's CJS and node10 resolutions do not apply. */
const ESM_ONLY_IGNORED = new Set(["node10", "node16-cjs"]);

let tarballs: ReadonlyMap<PublishedFolder, string>;

beforeAll(() => {
  tarballs = packedTarballs();
}, 60_000);

describe("publint", () => {
  it.each(FOLDERS)("%s: no error, warning or suggestion", async (folder) => {
    const tarball = await arrayBuffer(createReadStream(tarballs.get(folder)!));
    const { messages } = await publint({ pack: { tarball }, level: "suggestion", strict: true });
    expect(messages.map((m) => `${m.type} ${m.code} ${m.path.join(".")}`)).toEqual([]);
  });
});

describe("arethetypeswrong", () => {
  it.each(FOLDERS)("%s: no problem", async (folder) => {
    const result = await checkPackage(createPackageFromTarballData(new Uint8Array(readFileSync(tarballs.get(folder)!))));
    const typed = folder === "generator" || folder === "packages/types" || folder === "packages/validator" || folder === "packages/fixtures";
    expect(result.types !== false, "whether the package has types").toBe(typed);
    if (result.types === false) return;
    const problems = result.problems.filter((p) => !(folder === "generator" && "resolutionKind" in p && ESM_ONLY_IGNORED.has(p.resolutionKind)));
    expect(problems).toEqual([]);
  });
});

describe("install scripts", () => {
  // npm 11 lists every dependency with an install-time script for the user to approve; a published
  // package builds before it is packed (prepack), never where it is installed.
  it.each(FOLDERS)("%s: runs nothing when npm installs it", (folder) => {
    const manifest = JSON.parse(execFileSync("tar", ["-xzOf", tarballs.get(folder)!, "package/package.json"], { encoding: "utf8" })) as { scripts?: Record<string, string> };
    expect(Object.keys(manifest.scripts ?? {}).filter((name) => ["preinstall", "install", "postinstall", "prepare"].includes(name))).toEqual([]);
  });
});
