/**
 * Source positions for a parsed YAML document, by JSON Pointer.
 *
 * The checker reports problems in terms of the data (`/actions/2/params`); this index turns such a
 * pointer back into the line and column a person sees in the editor.
 */
import { isMap, isPair, isScalar, isSeq, type LineCounter, type Node } from "yaml";
import type { Loc } from "../base/diagnostics.js";

export interface NodePosition {
  /** Where the mapping key is, for values that sit under a key. */
  readonly key?: Loc;
  /** Where the value starts. */
  readonly value: Loc;
  /** A scalar's text as written (`1.0`, `yes`), for hints about how YAML read it. */
  readonly source?: string;
}

export type PositionIndex = ReadonlyMap<string, NodePosition>;

export function escapePointerToken(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

export function indexPositions(root: Node | null, file: string, lines: LineCounter): PositionIndex {
  const index = new Map<string, NodePosition>();
  const locAt = (offset: number): Loc => {
    const { line, col } = lines.linePos(offset);
    return { file, line, col };
  };
  const visit = (node: unknown, pointer: string, key?: Loc): void => {
    if (!node || typeof node !== "object" || !("range" in node) || !(node as Node).range) return;
    const value = locAt((node as Node).range![0]);
    const source = isScalar(node) && typeof node.source === "string" ? { source: node.source } : {};
    index.set(pointer, key ? { key, value, ...source } : { value, ...source });
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair) || !isScalar(pair.key)) continue;
        const name = String(pair.key.value);
        const keyLoc = pair.key.range ? locAt(pair.key.range[0]) : value;
        const child = `${pointer}/${escapePointerToken(name)}`;
        if (pair.value) visit(pair.value, child, keyLoc);
        else index.set(child, { key: keyLoc, value: keyLoc });
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => visit(item, `${pointer}/${i}`));
    }
  };
  visit(root, "");
  return index;
}

/**
 * The position to report for a pointer: the node itself, else its nearest ancestor that has one
 * (a missing key is reported at the object that should hold it).
 */
export function locate(index: PositionIndex, pointer: string, prefer: "key" | "value" = "value"): Loc | undefined {
  let p = pointer;
  for (;;) {
    const hit = index.get(p);
    if (hit) return (prefer === "key" && hit.key) || hit.value;
    if (p === "") return undefined;
    p = p.slice(0, p.lastIndexOf("/"));
  }
}
