/**
 * Stage 4, emit: the registry of emitters. Each is a pure function IR → files, and owns one folder
 * of the output (a package); the writer treats any other file in that folder as an orphan.
 */
import type { SpecIR } from "../ir/model.js";
import type { GeneratedFile } from "./generated-file.js";
import { emitFixtures } from "./fixtures/emit-fixtures.js";
import { emitReference } from "./reference/emit-reference.js";
import { emitSchema } from "./schema/emit-schema.js";
import { emitTypes } from "./types/emit-types.js";
import { emitValidator } from "./validator/emit-validator.js";

export interface Emitter {
  /** The package folder it owns, relative to the output folder. */
  readonly dir: string;
  readonly emit: (ir: SpecIR) => GeneratedFile[];
}

export const EMITTERS: readonly Emitter[] = [
  { dir: "schema", emit: emitSchema },
  { dir: "types", emit: emitTypes },
  { dir: "validator", emit: emitValidator },
  { dir: "reference", emit: emitReference },
  { dir: "fixtures", emit: emitFixtures },
];
