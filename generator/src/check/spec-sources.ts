/**
 * What the check stage hands on: the spec's files sorted by kind, each with its data typed by the
 * schema it has passed (`spec-language/`).
 */
import type { Static } from "@sinclair/typebox";
import type { SpecFile } from "../load/load-spec.js";
import type { FILE_SCHEMAS, FileKind } from "../spec-language/layout.js";

/** A file together with its typed data. */
export interface Typed<K extends FileKind> {
  readonly file: SpecFile;
  readonly data: Static<(typeof FILE_SCHEMAS)[K]>;
}

export interface SpecSources {
  readonly root: Typed<"root">;
  readonly formats: Typed<"formats">;
  readonly records: readonly Typed<"records">[];
  readonly common: Typed<"common">;
  readonly providers: readonly Typed<"provider">[];
  readonly operations: Typed<"operations">;
  readonly authentication: Typed<"authentication">;
  readonly errors: Typed<"errors">;
  readonly rateLimits: Typed<"rateLimits">;
  readonly limits: Typed<"limits">;
  /** Absent when the spec has no `disagreements.yaml`. */
  readonly disagreements?: Typed<"disagreements">;
}
