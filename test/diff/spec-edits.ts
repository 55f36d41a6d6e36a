/**
 * Helpers for the diff tests: copies of the real spec with small edits made in code, and their IR.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isMap, isSeq, parseDocument, type Document } from "yaml";
import { buildOutput } from "../../generator/src/generate.ts";
import type { SpecIR } from "../../generator/src/ir/model.ts";
import { tempProject } from "../generator/spec-fixture.ts";

export const REAL_SPEC = join(import.meta.dirname, "..", "..", "spec");

/** A fresh copy of the real spec; returns its folder. */
export function copySpec(): string {
  return tempProject(REAL_SPEC).specDir;
}

/** Parses `file` (relative to the spec folder), lets `edit` change it, writes it back. */
export function editYaml(specDir: string, file: string, edit: (doc: Document) => void): void {
  const path = join(specDir, file);
  const doc = parseDocument(readFileSync(path, "utf8"));
  edit(doc);
  writeFileSync(path, doc.toString());
}

/** The YAML path of one action in a provider file: `["actions", index]`. */
export function actionPath(doc: Document, action: string): ["actions", number] {
  const actions = doc.get("actions");
  if (!isSeq(actions)) throw new Error("no actions list");
  const index = actions.items.findIndex((item) => isMap(item) && item.get("action") === action);
  if (index < 0) throw new Error(`no action ${action}`);
  return ["actions", index];
}

export function setVersion(specDir: string, version: string): void {
  editYaml(specDir, "flowspec.yaml", (doc) => doc.set("specVersion", version));
}

/** The IR of a spec folder; fails the test with the diagnostics when the spec has problems. */
export function irOf(specDir: string): SpecIR {
  const built = buildOutput({ specDir, displayRoot: specDir, emitters: [] });
  if (!built.ir) throw new Error(`spec has problems:\n${built.diagnostics.map((d) => d.message).join("\n")}`);
  return built.ir;
}
