/**
 * The shape check of each kind of spec file. Compiling the spec language with Ajv costs a process
 * about 0.2 s of CPU (plus loading Ajv's compiler), so `npm run build` (`generator/build.js`) writes
 * Ajv's own standalone code for these validators into `dist/` with the digest of what it compiled:
 * the schemas, the options and Ajv's version. A process runs that code only while its digest
 * matches the digest of the schemas it holds itself; otherwise (no build yet, or a checkout whose
 * spec language changed since the build) it compiles them with Ajv, as the build did.
 */
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import type { Ajv, ValidateFunction } from "ajv";
import { GENERATOR_ROOT } from "../base/generator-root.js";
import { FILE_SCHEMAS, type FileKind } from "../spec-language/layout.js";
import { SCHEMA_NODE } from "../spec-language/schema-node.js";
import { SHAPE_AJV_OPTIONS, shapeAjv } from "./shape-check.js";

/** Where the build writes the standalone validators, inside the generator's folder. */
export const PRECOMPILED_FILE_SHAPES = "dist/precompiled/file-shapes.cjs";

const require = createRequire(import.meta.url);

type FileShapes = ReadonlyMap<FileKind, ValidateFunction>;

/** The digest of everything the compiled code depends on. */
export function fileShapesDigest(): string {
  const { version } = require("ajv/package.json") as { version: string };
  return createHash("sha256").update(JSON.stringify([version, SHAPE_AJV_OPTIONS, SCHEMA_NODE, FILE_SCHEMAS])).digest("hex");
}

/** The schema node and one schema per kind of file, each under its kind as key (what the build exports). */
export function addFileSchemas(ajv: Ajv): void {
  ajv.addSchema(SCHEMA_NODE);
  for (const [kind, schema] of Object.entries(FILE_SCHEMAS)) ajv.addSchema(schema, kind);
}

function precompiled(): FileShapes | undefined {
  let module: { digest?: unknown } & Record<string, unknown>;
  try {
    module = require(`${GENERATOR_ROOT}${PRECOMPILED_FILE_SHAPES}`) as typeof module;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "MODULE_NOT_FOUND") return undefined;
    throw error;
  }
  if (module.digest !== fileShapesDigest()) return undefined;
  return new Map((Object.keys(FILE_SCHEMAS) as FileKind[]).map((kind) => [kind, module[kind] as ValidateFunction]));
}

function compiled(): FileShapes {
  const ajv = shapeAjv();
  addFileSchemas(ajv);
  return new Map((Object.keys(FILE_SCHEMAS) as FileKind[]).map((kind) => [kind, ajv.getSchema(kind)!]));
}

let shapes: FileShapes | undefined;

/** The validator of one kind of file: the build's, or compiled on first use. */
export function fileShapeValidator(kind: FileKind): ValidateFunction {
  shapes ??= precompiled() ?? compiled();
  return shapes.get(kind)!;
}
