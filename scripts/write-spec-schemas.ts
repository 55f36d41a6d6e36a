/**
 * Writes the spec language's JSON Schemas to generator/spec-schema/ (run after changing
 * generator/src/spec-language/; test/generator/spec-schemas.test.ts fails while they are stale).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { publishedSpecSchemas } from "../generator/src/spec-language/published-schemas.js";

const dir = join(import.meta.dirname, "..", "generator", "spec-schema");
mkdirSync(dir, { recursive: true });
for (const { fileName, schema } of publishedSpecSchemas()) writeFileSync(join(dir, fileName), `${JSON.stringify(schema, null, 2)}\n`);
console.log(`wrote ${publishedSpecSchemas().length} schemas to generator/spec-schema/`);
