/**
 * Stage 4, emit: the registry of emitters. Each is a pure function IR → files, and owns one folder
 * of the output (a package); the writer treats any other file in that folder as an orphan.
 */
import type { SpecIR } from "../ir/model.js";
import type { GeneratedFile } from "./generated-file.js";
import { PACKAGE_DIRS, type PackageDir } from "./package-dirs.js";
import { emitFixtures } from "./fixtures/emit-fixtures.js";
import { emitReference } from "./reference/emit-reference.js";
import { emitSchema } from "./schema/emit-schema.js";
import { emitTypes } from "./types/emit-types.js";
import { emitValidator } from "./validator/emit-validator.js";

export interface Emitter {
  /** The package folder it owns, relative to the output folder. */
  readonly dir: PackageDir;
  readonly emit: (ir: SpecIR) => GeneratedFile[];
}

/** A record, so the compiler holds every package of `PACKAGE_DIRS` to an emitter. */
const EMIT: Readonly<Record<PackageDir, Emitter["emit"]>> = {
  schema: emitSchema,
  types: emitTypes,
  validator: emitValidator,
  reference: emitReference,
  fixtures: emitFixtures,
};

export const EMITTERS: readonly Emitter[] = PACKAGE_DIRS.map((dir) => ({ dir, emit: EMIT[dir] }));
