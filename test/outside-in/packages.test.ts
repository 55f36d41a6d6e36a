/**
 * `@flowspec/types` and `@flowspec/validator` installed by npm into a project, used the ways their
 * consumers use them: the type consumers of test/types/consumers (node16 and nodenext ESM and CJS, bundler)
 * compiled against the installed declarations, and an esbuild bundle of the validator, run in
 * Node under `--disallow-code-generation-from-strings`. (ESM, CJS and TypeScript imports of the
 * validator's two entries: test/validator/package.test.ts, on an npm install too.)
 */
import { execFileSync } from "node:child_process";
import { cpSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { consumerProject } from "../support/npm-install.js";
import { REPO_ROOT } from "../support/paths.js";
import { typeCheck } from "../support/tsc.js";

/** This suite's folder in the shared consumer project (where npm installed the packages). */
let work: string;

beforeAll(() => {
  work = consumerProject().workspace("packages");
}, 120_000);

describe("the types, installed by npm", () => {
  it.each(["node16", "nodenext", "bundler"])("compile the %s consumer", (name) => {
    const consumer = join(work, "consumers", name);
    cpSync(join(REPO_ROOT, "test/types/consumers", name), consumer, { recursive: true });
    const result = typeCheck(consumer);
    expect(result.output).toBe("");
    expect(result.status).toBe(0);
  });
});

describe("the validator, installed by npm and bundled by esbuild", () => {
  it("bundles from the project's node_modules and gives the same verdicts", async () => {
    const entry = [
      'import { validateCreateFlowRequest } from "@flowspec/validator";',
      'import { createRequestCheck } from "@flowspec/validator/service";',
      'const ok = validateCreateFlowRequest({ name: "Welcome", actions: [] }).ok;',
      'const issue = validateCreateFlowRequest({ name: "" }).issues?.[0]?.code;',
      'const status = createRequestCheck("post_flows", { globalClients: ["g"] })({ method: "POST", headers: { "content-type": "text/plain" }, rawBody: "x", claims: { azp: "g", scope: "create:flows" } }).response?.status;',
      "console.log(JSON.stringify({ ok, issue, status }));",
    ];
    writeFileSync(join(work, "entry.js"), entry.join("\n") + "\n");
    const result = await build({ absWorkingDir: work, entryPoints: ["entry.js"], bundle: true, platform: "neutral", format: "esm", outfile: "bundle.mjs", logLevel: "silent" });
    expect(result.errors).toEqual([]);
    const output = execFileSync(process.execPath, ["--disallow-code-generation-from-strings", join(work, "bundle.mjs")], { encoding: "utf8" });
    expect(JSON.parse(output)).toEqual({ ok: true, issue: "too_short", status: 415 });
  });
});
