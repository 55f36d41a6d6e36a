/**
 * json-schema-to-typescript as an independent oracle: it renders the published JSON Schema
 * (@flowspec/schema) to TypeScript, and every type both renderings name must be mutually
 * assignable with ours. The differences that remain are json-schema-to-typescript's own known
 * faults, each listed with its reason; any other difference (a field dropped, an optional field
 * made required, a wrong type) fails the test.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { compile } from "json-schema-to-typescript";
import { describe, expect, it } from "vitest";
import { FLOW_ACTION } from "../../generator/src/spec-language/schema-node.js";
import { PACKAGES, TYPES_PACKAGE } from "../support/paths.js";
import { realIr } from "../support/spec-ir.js";
import { scratchProject, STRICT_CONSUMER, typeCheck } from "../support/tsc.js";

const ir = realIr();
const SCHEMA_DIR = join(PACKAGES, "schema");

/** Where json-schema-to-typescript is wrong, not us; each entry says how. */
function knownDifferences(): Map<string, string> {
  const known = new Map<string, string>();
  const add = (reason: string, ...names: string[]) => names.forEach((n) => known.set(n, reason));
  add("renders an empty closed object as `{}`, which accepts almost anything", "FlowActionFlowDoNothingParams", "FlowActionFlowDoNothing");
  add(
    "renders a schema without `type` (any JSON value) as an open object",
    "FlowActionHubspotUpsertContactParamsProperty",
    "FlowActionHubspotUpsertContactParams",
    "FlowActionHubspotUpsertContact",
  );
  add(
    "intersects each group's `oneOf` with the group's own open object, so every type holding FlowAction differs",
    FLOW_ACTION,
    ...ir.flowActions.types.map((t) => t.name),
    "FlowActionFlowBooleanCondition",
    "FlowActionFlowBooleanConditionParams",
    "CreateFlowRequestContent",
    "CreateFlowResponseContent",
  );
  return known;
}

const declared = (text: string) => [...text.matchAll(/^export (?:interface|type) (\w+)/gm)].map((m) => m[1]!);

/** One module per schema file, rendered by json-schema-to-typescript; the names both sides declare. */
async function renderOracle(dir: string): Promise<{ imports: string[]; pairs: [string, string][] }> {
  const ours = new Set(declared(readFileSync(join(TYPES_PACKAGE, "index.d.cts"), "utf8")));
  const imports: string[] = [];
  const pairs: [string, string][] = [];
  for (const file of readdirSync(SCHEMA_DIR).filter((f) => f.endsWith(".schema.json")).sort()) {
    const name = file.replace(/\.schema\.json$/, "");
    const schema = JSON.parse(readFileSync(join(SCHEMA_DIR, file), "utf8")) as Parameters<typeof compile>[0];
    const text = await compile(schema, name, { cwd: SCHEMA_DIR, bannerComment: "", unreachableDefinitions: true, format: false, ignoreMinAndMaxItems: true });
    writeFileSync(join(dir, `${name}.ts`), text);
    imports.push(`import type * as J_${name} from "./${name}";`);
    // A record file also declares what it references; compare those where they are defined.
    for (const n of declared(text)) if (ours.has(n) && (n === name || name === FLOW_ACTION)) pairs.push([name, n]);
  }
  return { imports, pairs };
}

describe("types against json-schema-to-typescript's rendering of the JSON Schema", () => {
  it("agree on every shared name but json-schema-to-typescript's known faults", async () => {
    const dir = scratchProject(["check.ts"], { ...STRICT_CONSUMER, module: "preserve", moduleResolution: "bundler", skipLibCheck: true });
    const { imports, pairs } = await renderOracle(dir);
    const header = ['import type * as Ours from "@flowspec/types";', ...imports, "type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;"];
    const checks = pairs.map(([module, name]) => `export const check_${module}_${name}: Mutual<Ours.${name}, J_${module}.${name}> = true;`);
    writeFileSync(join(dir, "check.ts"), [...header, ...checks].join("\n") + "\n");
    const run = typeCheck(dir);
    const failedLines = run.errorLines("check.ts");
    const differing = pairs.filter((_, i) => failedLines.has(header.length + i + 1)).map(([, name]) => name);
    expect(pairs.length).toBeGreaterThan(150);
    // Only the comparisons may fail: an error anywhere else means the oracle itself did not compile.
    expect(run.output.split("\n").filter((l) => l.includes("error") && !/check\.ts\(\d+,\d+\): error TS2322/.test(l))).toEqual([]);
    expect(differing.sort()).toEqual([...knownDifferences().keys()].sort());
  });
});
