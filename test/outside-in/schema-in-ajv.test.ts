/**
 * `@flowspec/schema`, installed by npm, compiled the way most users compile a JSON Schema: stock
 * Ajv 2020 in its default strict mode, ajv-formats for the RFC 3339 formats, and the package's own
 * formats registered from its `index.json`: each recipe of the schema package's README (the schema
 * files; `openapi.json`'s components with Ajv's `discriminator` option), its very text, run in a
 * project where npm installed the packages and Ajv. Every schema compiles without an error or a
 * warning, and the result agrees with the installed `@flowspec/validator` on every example of the
 * spec and on a seeded fuzz corpus (JSON values: what a JSON Schema validator sees).
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Ajv2020 } from "ajv/dist/2020.js";
import type { ValidateFunction } from "ajv";
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { PUBLIC_VALIDATORS } from "../../generator/src/spec-language/public-validators.js";
import { exampleCases } from "../support/example-cases.js";
import { consumerProject, type SharedNpmProject } from "../support/npm-install.js";
import { realIr } from "../support/spec-ir.js";
import { actionArb, hostileArb, mutationArb, valueArb } from "../validator/support/arbitraries.js";
import { FUZZ_SEED } from "../validator/support/fuzz-seed.js";
import type { Json } from "../validator/support/values.js";

type Validate = (input: unknown) => { ok: boolean };

interface Recipe {
  /** The README's heading over the recipe's code block. */
  readonly heading: string;
  /** The `$id` Ajv knows a record's schema by (a variant's params too). */
  schemaId(record: string, def?: string): string;
}

const RECIPES: readonly Recipe[] = [
  {
    heading: "## With Ajv",
    schemaId: (record, def) => `https://flowspec.dev/schema/${record}.schema.json${def === undefined ? "" : `#/$defs/${def}`}`,
  },
  {
    heading: "### Faster unions: OpenAPI's discriminator",
    schemaId: (record, def) => `urn:flowspec:openapi#/components/schemas/${def ?? record}`,
  },
];

let project: SharedNpmProject;
let validator: Record<string, Validate>;

beforeAll(async () => {
  project = consumerProject();
  validator = (await import(pathToFileURL(project.path("node_modules/@flowspec/validator/dist/index.js")).href)) as Record<string, Validate>;
}, 120_000);

/** A recipe of the README (the code block under its heading), as a module of the project that exports its `ajv`. */
function readmeRecipe(heading: string): string {
  const readme = readFileSync(project.path("node_modules/@flowspec/schema/README.md"), "utf8");
  const at = readme.indexOf(`\n${heading}\n`);
  const block = at < 0 ? null : /```js\n([\s\S]*?)```/.exec(readme.slice(at));
  if (!block) throw new Error(`the schema package's README has no recipe under "${heading}"`);
  return `${block[1]}export { ajv };\n`;
}

/** Runs a recipe in the project; what Ajv logged meanwhile (strict mode's warnings go to the console). */
async function runRecipe(recipe: Recipe, file: string): Promise<{ ajv: Ajv2020; logged: string[] }> {
  const recipePath = join(project.workspace("schema-in-ajv"), file);
  writeFileSync(recipePath, readmeRecipe(recipe.heading));
  const logged: string[] = [];
  const spies = (["log", "warn", "error"] as const).map((level) => vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.join(" "))));
  try {
    const { ajv } = (await import(pathToFileURL(recipePath).href)) as { ajv: Ajv2020 };
    // Compiling every record here puts strict mode's warnings in `logged`.
    for (const file of readdirSync(project.path("node_modules/@flowspec/schema")).filter((f) => f.endsWith(".schema.json"))) {
      ajvGet(ajv, recipe.schemaId(file.slice(0, -".schema.json".length)));
    }
    return { ajv, logged };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

function ajvGet(ajv: Ajv2020, id: string): ValidateFunction {
  const validate = ajv.getSchema(id);
  if (!validate) throw new Error(`no schema ${id}`);
  return validate;
}

/** The generated validator's function for a record, by the JSON Schema's name: the generator's own list. */
const VALIDATORS: Readonly<Record<string, string>> = Object.fromEntries(PUBLIC_VALIDATORS.map(([stem, record]) => [record, `validate${stem}`]));

describe.each(RECIPES.map((r, i) => [r.heading, r, i] as const))("the JSON Schema in stock Ajv 2020, strict mode: %s", (heading, recipe, i) => {
  let ajv: Ajv2020;
  let logged: string[];
  const ajvFor = (record: string, def?: string): ValidateFunction => ajvGet(ajv, recipe.schemaId(record, def));

  beforeAll(async () => {
    ({ ajv, logged } = await runRecipe(recipe, `recipe-${i}.mjs`));
  }, 60_000);

  it("compiles every schema (in the README's own code), with no warning", () => {
    expect(logged).toEqual([]);
    expect(ajv.opts.strict, "Ajv's default: strict").toBeUndefined();
  });

  it("accepts every example of the spec, as the validator does", () => {
    const ir = realIr();
    const defs = new Set(ir.flowActions.types.flatMap((t) => t.variants.map((v) => v.paramsName)));
    let checked = 0;
    for (const example of exampleCases(ir)) {
      const validate = defs.has(example.type) ? ajvFor("FlowAction", example.type) : ajvFor(example.type);
      expect(validate(example.value), `${example.type}: ${JSON.stringify(validate.errors)}`).toBe(true);
      const ours = VALIDATORS[example.type];
      if (ours !== undefined) expect(validator[ours]!(example.value).ok, example.type).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(60);
  });

  it.each(Object.keys(VALIDATORS))("agrees with the validator on a fuzz corpus for %s (seed printed by the fuzz suite)", (record) => {
    const ir = realIr();
    const valid = record === "FlowAction" ? actionArb(ir, 2) : valueArb(ir, ir.records.find((r) => r.name === record)!.schema, 2);
    const corpus = fc.oneof(mutationArb(ir, valid), hostileArb(ir), fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>);
    const ours = validator[VALIDATORS[record]!]!;
    fc.assert(
      fc.property(corpus, (input) => {
        const json = JSON.parse(JSON.stringify(input)) as unknown;
        const verdict = ajvFor(record)(json);
        if (ours(json).ok !== verdict) throw new Error(`Ajv says ${verdict}: ${JSON.stringify(json).slice(0, 400)}`);
      }),
      { seed: FUZZ_SEED, numRuns: 150 },
    );
  });
});
