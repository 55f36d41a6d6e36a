/**
 * Standard Schema v1 (https://standardschema.dev): issues carry a message and a path of keys, where
 * list positions are numbers. A JSON Pointer cannot tell a list index from a key that looks like
 * one, so the path is resolved against the input it describes.
 */
import type { StandardSchemaV1, ValidationIssue, ValidationResult } from "./public-types.js";

function unescapeSegment(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** `/actions/2/params` → ["actions", 2, "params"], reading the input to know which are lists. */
export function pointerToPath(input: unknown, pointer: string): PropertyKey[] {
  if (pointer === "") return [];
  const path: PropertyKey[] = [];
  let node: unknown = input;
  for (const raw of pointer.slice(1).split("/")) {
    const key = unescapeSegment(raw);
    const isIndex = Array.isArray(node) && /^(?:0|[1-9][0-9]*)$/.test(key);
    path.push(isIndex ? Number(key) : key);
    node = typeof node === "object" && node !== null && Object.prototype.hasOwnProperty.call(node, key) ? (node as Record<string, unknown>)[key] : undefined;
  }
  return path;
}

function standardIssue(input: unknown, issue: ValidationIssue): StandardSchemaV1.Issue {
  let path: PropertyKey[];
  try {
    path = pointerToPath(input, issue.path);
  } catch {
    // The input changed under us or throws when read: keep the pointer's segments as strings.
    path = issue.path === "" ? [] : issue.path.slice(1).split("/").map(unescapeSegment);
  }
  return { message: issue.message, path };
}

export function standardProps<T>(validate: (input: unknown) => ValidationResult<T>): StandardSchemaV1.Props<unknown, T> {
  return {
    version: 1,
    vendor: "flowspec",
    validate(value: unknown): StandardSchemaV1.Result<T> {
      const result = validate(value);
      return result.ok ? { value: result.value } : { issues: result.issues.map((issue) => standardIssue(value, issue)) };
    },
  };
}
