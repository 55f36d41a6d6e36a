/**
 * A payload file for `flowspec validate`: its text, how to read it (JSON, YAML or a form body), and
 * a way back from a JSON Pointer to the line and column where that value is written.
 */
import { LineCounter } from "yaml";
import type { Loc } from "../base/diagnostics.js";
import { parseYaml } from "../load/yaml-document.js";
import { locate, readTree, type PositionIndex } from "../load/yaml-positions.js";
import { formFieldPositions } from "./form-positions.js";
import { jsonErrorOffset } from "./json-syntax.js";
import type { PayloadKind } from "./payload-kinds.js";

/** What an issue says about its place: a JSON Pointer, and for form-grammar issues a field number. */
export interface IssuePlace {
  readonly code: string;
  readonly path: string;
  readonly params?: Readonly<Record<string, unknown>>;
}

/** A parsed payload: the value and where each of its parts is written. */
export interface ParsedPayload {
  readonly kind: PayloadKind;
  /** The JSON value (JSON, YAML) or the raw body text (form: the validator decodes it). */
  readonly value: unknown;
  /** Where an issue points: the key of an unknown property, the value otherwise, the object of a missing one. */
  locate(issue: IssuePlace): Loc;
}

export type ParseOutcome = { readonly ok: true; readonly payload: ParsedPayload } | { readonly ok: false; readonly loc: Loc; readonly message: string };

function lineColAt(text: string, file: string, offset: number): Loc {
  const lines = new LineCounter();
  lines.addNewLine(0);
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) lines.addNewLine(i + 1);
  const { line, col } = lines.linePos(Math.min(offset, text.length));
  return { file, line, col };
}

function positionsOf(text: string, file: string): { index: PositionIndex; errors: readonly { offset: number; message: string }[]; value: unknown } {
  const lines = new LineCounter();
  const { doc, problems } = parseYaml(text, lines);
  // Nothing recursive runs on a document the parser gave up on or that is too deep for the stack;
  // duplicate keys leave it whole (JSON allows them: JSON.parse keeps the last).
  if (problems.some((p) => p.code !== "DUPLICATE_KEY")) return { index: new Map(), errors: problems, value: undefined };
  // One walk gives the positions and, for a document without aliases or tagged collections, the value.
  const tree = readTree(doc.contents, file, lines);
  return { index: tree.positions, errors: problems, value: problems.length === 0 ? (tree.data ?? doc.toJS({ maxAliasCount: 100 })) : undefined };
}

function structured(text: string, file: string, kind: "json" | "yaml"): ParseOutcome {
  let parsed: ReturnType<typeof positionsOf>;
  try {
    parsed = positionsOf(text, file);
  } catch (error) {
    // yaml's own limits (an alias that expands past maxAliasCount) surface as exceptions.
    return { ok: false, loc: { file, line: 1, col: 1 }, message: (error as Error).message };
  }
  let value = parsed.value;
  if (kind === "json") {
    // JSON's own grammar decides what is JSON; YAML (a superset) only supplies the positions.
    try {
      value = JSON.parse(text);
    } catch (error) {
      const at = jsonErrorOffset(text);
      return { ok: false, loc: lineColAt(text, file, Math.max(at, 0)), message: `not valid JSON: ${(error as Error).message}` };
    }
  } else if (parsed.errors.length > 0) {
    const first = parsed.errors[0]!;
    return { ok: false, loc: lineColAt(text, file, first.offset), message: `not valid YAML: ${first.message}` };
  }
  const index = parsed.index;
  const locateIssue = (issue: IssuePlace): Loc => locate(index, issue.path, issue.code === "unknown_property" ? "key" : "value") ?? { file, line: 1, col: 1 };
  return { ok: true, payload: { kind, value, locate: locateIssue } };
}

function form(text: string, file: string): ParseOutcome {
  const body = text.replace(/\r?\n$/, ""); // an editor's final newline is not part of the body
  const fields = formFieldPositions(body);
  const locateIssue = (issue: IssuePlace): Loc => {
    const field = issue.params?.field;
    return lineColAt(body, file, typeof field === "number" ? fields.offsetOfField(field) : fields.offsetOf(issue.path));
  };
  return { ok: true, payload: { kind: "form", value: body, locate: locateIssue } };
}

export function parsePayload(text: string, file: string, kind: PayloadKind): ParseOutcome {
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return kind === "form" ? form(withoutBom, file) : structured(withoutBom, file, kind);
}
