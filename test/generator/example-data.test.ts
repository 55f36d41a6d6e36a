/**
 * Examples are data, whatever keys they hold: one that carries a JSON Schema (`$ref`, `oneOf`, a
 * `discriminator`) reaches the OpenAPI document and the JSON Schema files as written, while a
 * property named like a data keyword (`const`) is still a schema whose reference is made local.
 * (The OpenAPI document's references were once rewritten by a walk that went into examples and
 * stopped generation with an internal error; they are written for the components now.)
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { generate } from "../../generator/src/pipeline/generate.js";
import { REPO_ROOT } from "../support/paths.js";
import { tempProject } from "../support/temp-project.js";

const SCHEMA_AS_DATA = { $ref: "#/definitions/customer", oneOf: [{ $ref: "#/definitions/a" }], discriminator: { propertyName: "kind" } };

it("keeps an example's $ref as data and still makes a property's reference local", () => {
  const project = tempProject();
  const flow = join(project.specDir, "flow-actions", "flow.yaml");
  writeFileSync(flow, readFileSync(flow, "utf8").replace("        then: {type: array, items: {$ref: FlowAction}}\n", `$&    example:\n      if: ${JSON.stringify(SCHEMA_AS_DATA)}\n`));
  const stripe = join(project.specDir, "flow-actions", "stripe.yaml");
  writeFileSync(stripe, readFileSync(stripe, "utf8").replace("        id: {type: string, maxLength: 250}\n", "$&        const: {$ref: VaultConnectionId}\n"));

  const { diagnostics, files } = generate({ specDir: project.specDir, displayRoot: project.root, dryRun: true });
  expect(diagnostics).toEqual([]);
  const text = (path: string) => files.find((f) => f.path === path)!.contents;
  type Schema = { readonly examples?: readonly unknown[]; readonly properties?: Readonly<Record<string, unknown>> };
  const components = (JSON.parse(text("schema/openapi.json")) as { components: { schemas: Readonly<Record<string, Schema>> } }).components.schemas;
  expect(components.FlowActionFlowBooleanConditionParams?.examples).toEqual([{ if: SCHEMA_AS_DATA }]);
  expect(components.FlowActionStripeGetCustomerParams?.properties?.const).toEqual({ $ref: "#/components/schemas/VaultConnectionId" });

  const flowAction = JSON.parse(text("schema/FlowAction.schema.json")) as { $defs: Readonly<Record<string, Schema>> };
  expect(flowAction.$defs.FlowActionFlowBooleanConditionParams?.examples).toEqual([{ if: SCHEMA_AS_DATA }]);
});

it("leaves no reference of the spec's OpenAPI document outside its components (every schema the document holds is made with the components' references)", () => {
  const document = JSON.parse(readFileSync(join(REPO_ROOT, "packages", "schema", "openapi.json"), "utf8")) as unknown;
  const refs: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) {
        if (key === "$ref" && typeof child === "string") refs.push(child);
        else if (key !== "examples" && key !== "example") walk(child);
      }
    }
  };
  walk(document);
  expect(refs.length).toBeGreaterThan(100);
  expect(refs.filter((ref) => !ref.startsWith("#/components/"))).toEqual([]);
});
