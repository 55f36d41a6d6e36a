/**
 * What the shape modules (action, array, object, record-union and union code) ask of the module
 * they write into. They see this interface, not the class (code-module.ts), which calls them back
 * for each shape: so the calls run one way and the files can be read apart.
 */
import type { NamedRecord, SchemaNode } from "../../../ir/model.js";
import type { Site } from "./sites.js";

export interface CodeContext {
  /** Declares something once per key; `make` gets the (reserved, unique) name. */
  declare(key: string, name: string, make: (name: string) => string): string;
  /** The record of this name. */
  record(name: string): NamedRecord;
  /** The node a reference stands for (records only; FlowAction is the caller's business). */
  resolve(node: SchemaNode): SchemaNode;
  /** Whether a value of this schema can hold flow actions. */
  holdsActions(node: SchemaNode): boolean;
  /** Statements that check the site's value against `node`. */
  check(node: SchemaNode, site: Site): string;
  /** What the runtime runs for `node` on an error path: 0, the node's constant, or its function. */
  errorEntry(node: SchemaNode, name: string): string;
  /** A boolean expression with the verdict of `node` on `x`, when one is cheap; else null. */
  quickTest(node: SchemaNode, x: string): string | null;
  /** Whether the node's check is a function of its own. */
  needsFunction(node: SchemaNode): boolean;
  /** A record's check, named after it. */
  recordFunction(name: string): string;
  /** The function that checks `node`, declared once per structure. */
  functionFor(node: SchemaNode, name: string, key?: string): string;
}
