/**
 * The one loader of the generated validator (`payload/validator-module.ts`), both ways: from an
 * output folder as `validate`, `serve` and `conformance` load it (its two entries as one object,
 * refused with a sentence when missing, stale, broken or foreign), and emitted in memory as the
 * release's evidence and corpus gate load the last release's (the same exports and verdicts as
 * the written package, the service entry bound to its own main entry).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import * as writtenMain from "../../packages/validator/dist/index.js";
import * as writtenService from "../../packages/validator/dist/service.js";
import { emitValidator } from "../../generator/src/emit/validator/emit-validator.js";
import { loadEmittedValidatorPackage, loadValidatorPackage, publicValidator, type ValidatorPackage } from "../../generator/src/payload/validator-module.js";
import { PUBLIC_VALIDATORS } from "../../generator/src/spec-language/public-validators.js";
import { PACKAGES } from "../support/paths.js";
import { realIr } from "../support/spec-ir.js";

const ir = realIr();
const FLOW = { name: "Onboarding", actions: [{ id: "noop", type: "FLOW", action: "DO_NOTHING" }] };
const BAD_FLOW = { name: "Onboarding", actions: [{ id: "x", type: "FLOW", action: "NO_SUCH_ACTION" }] };

async function loaded(outDir: string, version = ir.version): Promise<ValidatorPackage> {
  const result = await loadValidatorPackage(outDir, version);
  if (typeof result === "string") throw new Error(result);
  return result;
}

/** An output folder whose validator entries have the given texts (an entry left out is missing). */
function outputFolder(entries: { readonly main?: string; readonly service?: string }): string {
  const root = mkdtempSync(join(process.env["FLOWSPEC_TEST_TMP"] ?? tmpdir(), "flowspec-validator-package-"));
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  const dist = join(root, "validator", "dist");
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(root, "validator", "package.json"), '{ "type": "module" }\n');
  if (entries.main !== undefined) writeFileSync(join(dist, "index.js"), entries.main);
  if (entries.service !== undefined) writeFileSync(join(dist, "service.js"), entries.service);
  return root;
}

describe("the validator package from an output folder", () => {
  it("is the two entries the package exports, as one object", async () => {
    const validator = await loaded(PACKAGES);
    expect(Object.keys(validator).sort()).toEqual([...Object.keys(writtenMain), ...Object.keys(writtenService)].sort());
    // The very modules a user imports: the same instances, not copies.
    expect(validator.validateFlowAction).toBe(writtenMain.validateFlowAction);
    expect(validator.createRequestCheck).toBe(writtenService.createRequestCheck);
    expect(validator.SPEC_VERSION).toBe(ir.version);
  });

  it("finds each public validator by its stem, and nothing for another name", async () => {
    const validator = await loaded(PACKAGES);
    for (const [stem] of PUBLIC_VALIDATORS) expect(publicValidator(validator, stem), stem).toBe(Reflect.get(writtenMain, `validate${stem}`));
    expect(publicValidator(validator, "NoSuchRecord")).toBeUndefined();
    expect(publicValidator(validator, "")).toBeUndefined();
    expect(publicValidator(validator, "FlowAction")?.(BAD_FLOW.actions[0]).ok).toBe(false);
  });

  it("refuses a validator generated from another spec version", async () => {
    expect(await loadValidatorPackage(PACKAGES, "0.0.1")).toBe(`the validator in ${PACKAGES} was generated from spec ${ir.version}, the spec is 0.0.1; run \`flowspec generate\``);
  });

  it("says which entry is missing", async () => {
    const empty = outputFolder({});
    expect(await loadValidatorPackage(empty, ir.version)).toBe(`no generated validator at ${join(empty, "validator", "dist", "index.js")}; run \`flowspec generate\` first (or pass --out DIR)`);
    const mainOnly = outputFolder({ main: 'export const SPEC_VERSION = "4.0.0";\nexport function decodeFormBody() {}\n' });
    expect(await loadValidatorPackage(mainOnly, ir.version)).toBe(`no service helpers at ${join(mainOnly, "validator", "dist", "service.js")}; run \`flowspec generate\` first (or pass --out DIR)`);
  });

  it("says why an entry that fails as it loads cannot be used, instead of calling it missing", async () => {
    const broken = outputFolder({ main: 'throw new Error("half written");\n', service: "export {};\n" });
    expect(await loadValidatorPackage(broken, ir.version)).toBe(`${join(broken, "validator", "dist", "index.js")} cannot be loaded (half written); run \`flowspec generate\``);
  });

  it("refuses modules that are not a generated validator", async () => {
    const foreign = outputFolder({ main: "export const name = 1;\n", service: "export {};\n" });
    expect(await loadValidatorPackage(foreign, ir.version)).toBe(`${join(foreign, "validator", "dist", "index.js")} is not a validator generated by this flowspec; run \`flowspec generate\``);
    const noHelpers = outputFolder({ main: `export const SPEC_VERSION = ${JSON.stringify(ir.version)};\nexport function decodeFormBody() {}\n`, service: "export {};\n" });
    expect(await loadValidatorPackage(noHelpers, ir.version)).toBe(`${join(noHelpers, "validator", "dist", "service.js")} is not a validator generated by this flowspec; run \`flowspec generate\``);
  });
});

describe("the validator package emitted in memory", () => {
  const files = emitValidator(ir);

  it("has the written package's exports and verdicts, its service entry using its own main entry", async () => {
    const [emitted, written] = await Promise.all([loadEmittedValidatorPackage(files), loaded(PACKAGES)]);
    expect(Object.keys(emitted).sort()).toEqual(Object.keys(written).sort());
    expect(emitted.validateFlowAction).not.toBe(written.validateFlowAction);
    expect(emitted.validateCreateFlowRequest(FLOW)).toEqual(written.validateCreateFlowRequest(FLOW));
    expect(emitted.validateCreateFlowRequest(BAD_FLOW, { allErrors: true })).toEqual(written.validateCreateFlowRequest(BAD_FLOW, { allErrors: true }));
    const request = { method: "POST", headers: { "content-type": "application/json" }, rawBody: JSON.stringify(BAD_FLOW), claims: { scope: "create:flows", azp: "c" } };
    const options = { globalClients: () => true };
    const fromEmitted = emitted.createRequestCheck("post_flows", options)(request);
    expect(fromEmitted.ok).toBe(false);
    expect(fromEmitted).toEqual(written.createRequestCheck("post_flows", options)(request));
  });

  it("loads the same modules again for the same files (the module cache, not a copy per run)", async () => {
    const [first, second] = await Promise.all([loadEmittedValidatorPackage(files), loadEmittedValidatorPackage(emitValidator(ir))]);
    expect(second.validateFlowAction).toBe(first.validateFlowAction);
  });

  it("names the emitted file in a stack trace, not the data: URL", async () => {
    const emitted: ValidatorPackage = await loadEmittedValidatorPackage(files);
    // Node's own stack format, as a user sees it (vitest's source-map formatter ignores sourceURL).
    const formatter = Error.prepareStackTrace;
    Reflect.deleteProperty(Error, "prepareStackTrace");
    let stack = "";
    try {
      emitted.assertCreateFlowRequest(BAD_FLOW);
    } catch (error) {
      stack = error instanceof Error ? (error.stack ?? "") : "";
    } finally {
      Error.prepareStackTrace = formatter;
    }
    expect(stack).toMatch(/^ValidationError: invalid CreateFlowRequestContent/);
    expect(stack).toContain("(flowspec-emitted/validator/dist/index.js:");
    expect(stack).not.toContain("data:");
  });

  it("is a generator bug when the emitter's files lack an entry", async () => {
    await expect(loadEmittedValidatorPackage(files.filter((f) => f.path !== "validator/dist/service.js"))).rejects.toThrow(
      "flowspec: the validator emitter wrote no validator/dist/index.js or validator/dist/service.js",
    );
  });
});
