/**
 * Edits to copies of a spec, made in code: one value set or removed, or the order of every mapping
 * whose order carries no meaning reversed.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isMap, isPair, isScalar, isSeq, parseDocument, type Document } from "yaml";
import { REAL_SPEC } from "./paths.js";
import { tempProject } from "./temp-project.js";

/** A fresh copy of the real spec (removed when the test ends); returns its folder. */
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

/** Reverses every mapping but `properties` (its order is the order people read fields in); lists keep theirs. */
function reverseMeaninglessKeys(node: unknown, parentKey: string | null): number {
  let count = 0;
  if (isMap(node)) {
    if (parentKey !== "properties" && node.items.length > 1) {
      node.items.reverse();
      count++;
    }
    for (const pair of node.items) if (isPair(pair)) count += reverseMeaninglessKeys(pair.value, isScalar(pair.key) ? String(pair.key.value) : null);
  } else if (isSeq(node)) {
    for (const item of node.items) count += reverseMeaninglessKeys(item, null);
  }
  return count;
}

/** A copy of the real spec with every meaningless key order reversed, and how many mappings were. */
export function reorderedSpec(): { specDir: string; reversed: number } {
  const specDir = copySpec();
  let reversed = 0;
  for (const entry of readdirSync(specDir, { recursive: true, encoding: "utf8" })) {
    const file = join(specDir, entry);
    if (!statSync(file).isFile()) continue;
    const doc = parseDocument(readFileSync(file, "utf8"));
    reversed += reverseMeaninglessKeys(doc.contents, null);
    writeFileSync(file, doc.toString());
  }
  return { specDir, reversed };
}
