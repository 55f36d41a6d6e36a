/**
 * Source positions for a parsed YAML document, by JSON Pointer, and (in the same walk) its data.
 *
 * The checker reports problems in terms of the data (`/actions/2/params`); this index turns such a
 * pointer back into the line and column a person sees in the editor. A spec has tens of thousands
 * of nodes, so one walk does everything a loaded file needs from its document (positions, data,
 * `__proto__` keys) and builds it frozen, instead of a walk and a copy for each, and a position
 * is kept as offsets until someone asks for it.
 */
import { isAlias, isMap, isPair, isScalar, isSeq, type LineCounter, type Node } from "yaml";
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
  // Most tokens have neither character, and a test allocates nothing.
  return /[~/]/.test(token) ? token.replace(/~/g, "~0").replace(/\//g, "~1") : token;
}

/** Where each node of one text is, as offsets: what `LazyPositions` turns into `Loc`s at a path. */
interface Places {
  /** Pointer → slot of the arrays below. */
  readonly slots: Map<string, number>;
  /** Where each node's value starts. */
  readonly values: number[];
  /** Where its key is, for a value under a key; -1 otherwise. */
  readonly keys: number[];
  readonly sources: (string | undefined)[];
  readonly lines: LineCounter;
}

/**
 * A text's position index at one path. Offsets are kept and a position becomes `Loc`s the first
 * time it is asked for: a spec has tens of thousands of nodes, and its diagnostics and IR ask for
 * a few thousand. Each position is made once, frozen, so every reader gets the same object.
 */
export class LazyPositions implements ReadonlyMap<string, NodePosition> {
  readonly #places: Places;
  readonly #file: string;
  readonly #made: (NodePosition | undefined)[] = [];
  /** Each slot's value and key `Loc`, made once: `loc()` (the IR's one question) needs only one of them. */
  readonly #values: (Loc | undefined)[] = [];
  readonly #keys: (Loc | undefined)[] = [];

  constructor(places: Places, file: string) {
    this.#places = places;
    this.#file = file;
  }

  /** The same positions at another path (the text read again elsewhere). */
  at(file: string): LazyPositions {
    return frozen(new LazyPositions(this.#places, file));
  }

  get(pointer: string): NodePosition | undefined {
    const slot = this.#places.slots.get(pointer);
    return slot === undefined ? undefined : this.#position(slot);
  }

  /** The `Loc` `locate` reports for this very pointer (not an ancestor), without making the rest of its position. */
  loc(pointer: string, prefer: "key" | "value"): Loc | undefined {
    const slot = this.#places.slots.get(pointer);
    if (slot === undefined) return undefined;
    return (prefer === "key" && this.#keyLoc(slot)) || this.#valueLoc(slot);
  }

  has(pointer: string): boolean {
    return this.#places.slots.has(pointer);
  }

  get size(): number {
    return this.#places.slots.size;
  }

  keys(): MapIterator<string> {
    return this.#places.slots.keys();
  }

  entries(): MapIterator<[string, NodePosition]> {
    return this.#all().entries();
  }

  values(): MapIterator<NodePosition> {
    return this.#all().values();
  }

  [Symbol.iterator](): MapIterator<[string, NodePosition]> {
    return this.entries();
  }

  forEach(callback: (value: NodePosition, key: string, map: ReadonlyMap<string, NodePosition>) => void, thisArg?: unknown): void {
    for (const [pointer, position] of this) callback.call(thisArg, position, pointer, this);
  }

  /** Every position, in document order (for a reader that walks them all, which no hot path does). */
  #all(): Map<string, NodePosition> {
    return new Map([...this.#places.slots].map(([pointer, slot]) => [pointer, this.#position(slot)]));
  }

  #position(slot: number): NodePosition {
    let made = this.#made[slot];
    if (made === undefined) made = this.#made[slot] = Object.freeze(positionOf(this.#keyLoc(slot), this.#valueLoc(slot), this.#places.sources[slot]));
    return made;
  }

  #valueLoc(slot: number): Loc {
    return (this.#values[slot] ??= this.#loc(this.#places.values[slot]!));
  }

  #keyLoc(slot: number): Loc | undefined {
    const key = this.#places.keys[slot]!;
    return key < 0 ? undefined : (this.#keys[slot] ??= this.#loc(key));
  }

  #loc(offset: number): Loc {
    const { line, col } = this.#places.lines.linePos(offset);
    return Object.freeze({ file: this.#file, line, col });
  }
}

/** `positions`, frozen (its private fields, the positions made so far, stay its own to fill). */
function frozen(positions: LazyPositions): LazyPositions {
  Object.freeze(positions);
  return positions;
}

/** What one walk of a document's nodes gives; everything in it is frozen. */
export interface DocumentTree {
  readonly positions: LazyPositions;
  /**
   * The data as the document's `toJS()` gives it, when the walk could build it alone: not for a
   * document with an alias (expanding aliases is `toJS`'s, with its limit), a key that is not a
   * plain scalar, a `<<` key or a tagged collection such as `!!set` or `!!pairs` (the package's own
   * rules), or no content at all.
   */
  readonly data?: unknown;
  /** The offset of every scalar key `__proto__` outside such keys, in document order. */
  readonly protoKeys: readonly number[];
}

/** A node's position, with only the fields it has (each shape is one object literal, for the engine). */
function positionOf(key: Loc | undefined, value: Loc, source: string | undefined): NodePosition {
  if (key) return source === undefined ? { key, value } : { key, value, source };
  return source === undefined ? { value } : { value, source };
}

/** A mapping key the walk reads as `toJS` would: a scalar that is not an object and not `<<`. */
function plainKey(key: unknown): key is { readonly value: string | number | boolean | null } & Node {
  return isScalar(key) && (key.value === null || typeof key.value !== "object") && key.value !== "<<";
}

/**
 * `root`'s positions, at `file`, and its data as `toJS()` would give it (see `DocumentTree.data`).
 * Called only on a document without syntax errors, so its depth is bounded (yaml-document.ts).
 */
export function readTree(root: Node | null, file: string, lines: LineCounter): DocumentTree {
  const places: Places = { slots: new Map(), values: [], keys: [], sources: [], lines };
  const place = (pointer: string, value: number, key: number, source: string | undefined): void => {
    places.slots.set(pointer, places.values.length);
    places.values.push(value);
    places.keys.push(key);
    places.sources.push(source);
  };
  const protoKeys: number[] = [];
  let plain = root !== null;
  // Returns the node's data while `plain` holds (afterwards what it returns is not used).
  const visit = (node: unknown, pointer: string, key: number): unknown => {
    if (!node || typeof node !== "object" || !("range" in node) || !(node as Node).range) return null;
    const value = (node as Node).range![0];
    place(pointer, value, key, isScalar(node) && typeof node.source === "string" ? node.source : undefined);
    // A tagged collection (`!!set`, `!!omap`, `!!pairs`) is the package's own to read.
    if ((isMap(node) || isSeq(node)) && node.tag !== undefined) plain = false;
    if (isMap(node)) {
      const data: Record<string, unknown> = {};
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        if (!plainKey(pair.key)) plain = false;
        if (!isScalar(pair.key)) continue;
        const name = String(pair.key.value);
        if (name === "__proto__") protoKeys.push(pair.key.range?.[0] ?? 0);
        const keyAt = pair.key.range ? pair.key.range[0] : value;
        const child = `${pointer}/${escapePointerToken(name)}`;
        let childData: unknown = null;
        if (pair.value) childData = visit(pair.value, child, keyAt);
        else place(child, keyAt, keyAt, undefined);
        // As `toJS` adds a pair: `null` is the key "", and a key an object inherits is set as an own property.
        const dataKey = pair.key.value === null ? "" : name;
        if (dataKey in data) Object.defineProperty(data, dataKey, { value: childData, writable: true, enumerable: true, configurable: true });
        else data[dataKey] = childData;
      }
      return Object.freeze(data);
    }
    if (isSeq(node)) {
      // A pair as an item (what `!!pairs` and `!!omap` hold) is `toJS`'s to read too.
      if (node.items.some((item) => isPair(item))) plain = false;
      return Object.freeze(node.items.map((item, i) => visit(item, `${pointer}/${i}`, -1)));
    }
    if (isAlias(node)) plain = false;
    return isScalar(node) ? node.value : null;
  };
  const data = visit(root, "", -1);
  return { positions: frozen(new LazyPositions(places, file)), ...(plain && { data }), protoKeys: Object.freeze(protoKeys) };
}

/**
 * The position to report for a pointer: the node itself, else its nearest ancestor that has one
 * (a missing key is reported at the object that should hold it).
 */
export function locate(index: PositionIndex, pointer: string, prefer: "key" | "value" = "value"): Loc | undefined {
  let p = pointer;
  for (;;) {
    const hit = locAt(index, p, prefer);
    if (hit) return hit;
    if (p === "") return undefined;
    p = p.slice(0, p.lastIndexOf("/"));
  }
}

/** The `Loc` of the node at `pointer` itself (its key's, when preferred and it has one). */
function locAt(index: PositionIndex, pointer: string, prefer: "key" | "value"): Loc | undefined {
  if (index instanceof LazyPositions) return index.loc(pointer, prefer);
  const hit = index.get(pointer);
  return hit && ((prefer === "key" && hit.key) || hit.value);
}
