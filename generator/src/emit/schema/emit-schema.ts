/**
 * Emitter: `packages/schema`, one JSON Schema (draft 2020-12) file per record, plus an index.
 */
import type { SpecIR } from "../../ir/model.js";
import { jsonSchemaDocuments, type JsonSchemaDocument } from "../../json-schema/documents.js";
import { openApiDocument } from "../../openapi/openapi-document.js";
import { allSources, headerText, jsonText, packageJson, type GeneratedFile } from "../generated-file.js";

function formatsIndex(ir: SpecIR): Record<string, unknown> {
  return Object.fromEntries(
    ir.formats.map((f) => [f.name, f.pattern !== undefined ? { pattern: f.pattern, provenance: f.provenance } : { builtin: f.builtin, provenance: f.provenance }]),
  );
}

/** The README's recipes; test/outside-in runs this very text against the installed package. */
const AJV_RECIPE = `\`\`\`js
import { createRequire } from "node:module";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const require = createRequire(import.meta.url);
const index = require("@flowspec/schema/index.json");
const ajv = new Ajv2020();
addFormats(ajv, ["date", "date-time"]);
for (const [name, format] of Object.entries(index.formats)) {
  if (format.pattern !== undefined) ajv.addFormat(name, new RegExp(format.pattern, "u"));
}
for (const { file } of Object.values(index.schemas)) ajv.addSchema(require(\`@flowspec/schema/\${file}\`));

const validateFlow = ajv.getSchema(index.schemas.CreateFlowRequestContent.$id);
validateFlow({ name: "Welcome", actions: [] }); // true
\`\`\``;

/**
 * The same schemas from \`openapi.json\`, whose unions keep OpenAPI's \`discriminator\`: Ajv's
 * \`discriminator\` option then picks the member by its \`const\` instead of trying each one.
 * Ajv rejects \`mapping\` (its values are the spec's, not schema names), so the recipe drops it.
 */
const AJV_DISCRIMINATOR_RECIPE = `\`\`\`js
import { createRequire } from "node:module";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const require = createRequire(import.meta.url);
const index = require("@flowspec/schema/index.json");
const { components } = structuredClone(require("@flowspec/schema/openapi.json"));
const ajv = new Ajv2020({ discriminator: true });
addFormats(ajv, ["date", "date-time"]);
for (const [name, format] of Object.entries(index.formats)) {
  if (format.pattern !== undefined) ajv.addFormat(name, new RegExp(format.pattern, "u"));
}
for (const schema of Object.values(components.schemas)) delete schema.discriminator?.mapping;
ajv.addKeyword("components");
ajv.addSchema({ $id: "urn:flowspec:openapi", components });

const validateFlow = ajv.getSchema("urn:flowspec:openapi#/components/schemas/CreateFlowRequestContent");
validateFlow({ name: "Welcome", actions: [] }); // true
\`\`\``;

function readme(ir: SpecIR, docs: readonly JsonSchemaDocument[]): string {
  const rows = docs.map((d) => `| [\`${d.fileName}\`](./${d.fileName}) | \`${d.id}\` |`).join("\n");
  return `<!-- ${headerText(ir, allSources(ir))} -->

# @flowspec/schema

JSON Schema (draft 2020-12) for every record of the flows management and account self-service
spec, at the spec version this package's version states. Each file has an \`$id\`; references between files are relative file
names, so they resolve both by \`$id\` and by path.

Formats named here (\`flow-id\`, \`forms-expression\`, …) are not built into JSON Schema validators:
\`index.json\` lists a \`pattern\` for each, or names the RFC 3339 grammar it follows.

| file | \`$id\` |
| --- | --- |
${rows}

\`openapi.json\` is an OpenAPI 3.1 document of the operations (paths, parameters, bodies, error
responses, security schemes), with these schemas under \`components.schemas\`, for Swagger UI, Redoc,
Prism or oasdiff.

## With Ajv

The files use JSON Schema 2020-12 keywords only, so Ajv compiles them in its default strict mode.
Register the RFC 3339 formats from ajv-formats and the others from \`index.json\`; the result
agrees with \`@flowspec/validator\` on every example (tested on the installed packages):

${AJV_RECIPE}

### Faster unions: OpenAPI's discriminator

Without a hint Ajv tries every member of a \`oneOf\`: a flow action is checked against each of the
61 variants. \`openapi.json\` marks its unions with OpenAPI's \`discriminator\` (the action union by
\`type\`, each provider's by \`action\`, the token request by \`grant_type\`), and Ajv's
\`discriminator\` option uses it to go straight to the one member. Compile the schemas from there;
Ajv does not read \`mapping\`, so drop it (every member names its value with \`const\`). Same
verdicts (tested the same way), about 20 times faster on a flow of 10 actions:

${AJV_DISCRIMINATOR_RECIPE}
`;
}

export function emitSchema(ir: SpecIR): GeneratedFile[] {
  const docs = jsonSchemaDocuments(ir);
  const index = {
    $comment: headerText(ir, allSources(ir)),
    schemas: Object.fromEntries(docs.map((d) => [d.name, { file: d.fileName, $id: d.id }])),
    formats: formatsIndex(ir),
  };
  const exports: Record<string, string> = { "./index.json": "./index.json", "./openapi.json": "./openapi.json", "./package.json": "./package.json" };
  for (const d of docs) exports[`./${d.fileName}`] = `./${d.fileName}`;
  return [
    ...docs.map((d) => ({ path: `schema/${d.fileName}`, contents: jsonText({ $comment: headerText(ir, d.sources), ...d.schema }) })),
    { path: "schema/index.json", contents: jsonText(index) },
    { path: "schema/openapi.json", contents: jsonText({ "x-generated": headerText(ir, allSources(ir)), ...openApiDocument(ir) }) },
    { path: "schema/README.md", contents: readme(ir, docs) },
    {
      path: "schema/package.json",
      contents: packageJson(ir, {
        name: "@flowspec/schema",
        description: "JSON Schema for the flows management and account self-service API.",
        type: "module",
        exports,
        files: ["*.json", "README.md"],
        sideEffects: false,
      }),
    },
  ];
}
