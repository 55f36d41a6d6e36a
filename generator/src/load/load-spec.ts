/**
 * Stage 1, load: every YAML file of the spec folder → `LoadedSpec`, plain data plus positions.
 *
 * Nothing here judges the content; it only makes sure each file is YAML a program can hold safely
 * (no syntax errors, no `__proto__` keys) and remembers where every value came from.
 */
import { byCodeUnit } from "../order.js";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join, relative, sep } from "node:path";
import { isMap, isPair, isScalar, LineCounter, parseDocument, visit } from "yaml";
import { diagnostic, type Diagnostic, type Loc } from "../diagnostics.js";
import { indexPositions, locate, type PositionIndex } from "./yaml-positions.js";

export interface SpecFile {
  /** Path shown in diagnostics and headers, POSIX separators, e.g. `spec/flow-actions/stripe.yaml`. */
  readonly path: string;
  /** Path inside the spec folder, e.g. `flow-actions/stripe.yaml`. */
  readonly name: string;
  /**
   * The folder's own name and the path inside it, e.g. `spec/flow-actions/stripe.yaml`. Generated
   * headers name sources this way, so output does not depend on where the generator runs from.
   */
  readonly source: string;
  readonly data: unknown;
  readonly positions: PositionIndex;
}

export interface LoadedSpec {
  readonly files: readonly SpecFile[];
  readonly diagnostics: readonly Diagnostic[];
}

export interface LoadOptions {
  /** The spec folder. */
  readonly specDir: string;
  /** Paths in diagnostics are relative to this folder (default: the working directory). */
  readonly displayRoot?: string;
}

export function toPosix(path: string): string {
  return path.split(sep).join("/");
}

/** Every `.yaml`/`.yml` file below `dir`, in code-unit order of their relative paths. */
function listYamlFiles(dir: string, base = dir): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...listYamlFiles(full, base));
    else if (/\.ya?ml$/.test(entry)) out.push(toPosix(relative(base, full)));
  }
  return out.sort(byCodeUnit);
}

function loadFile(specDir: string, name: string, displayRoot: string): { file?: SpecFile; problems: Diagnostic[] } {
  const full = join(specDir, name);
  const path = toPosix(relative(displayRoot, full));
  const text = readFileSync(full, "utf8");
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
  const problems: Diagnostic[] = [];
  const at = (offset: number) => {
    const { line, col } = lines.linePos(offset);
    return { file: path, line, col };
  };
  // The YAML parser often reports one mistake several times at the same offset; one line is enough.
  const seen = new Set<number>();
  for (const error of doc.errors) {
    if (seen.has(error.pos[0])) continue;
    seen.add(error.pos[0]);
    problems.push(diagnostic(at(error.pos[0]), "SpecYamlSyntax", `${error.message.split("\n")[0]}; fix the YAML syntax.`));
  }
  visit(doc, {
    Pair(_, pair) {
      if (isPair(pair) && isScalar(pair.key) && pair.key.value === "__proto__") {
        problems.push(
          diagnostic(at(pair.key.range?.[0] ?? 0), "SpecProtoKey", "`__proto__` is not allowed as a key anywhere in the spec; rename it."),
        );
      }
    },
  });
  if (problems.length > 0) return { problems };
  if (doc.contents !== null && !isMap(doc.contents)) {
    problems.push(diagnostic(at(doc.contents.range?.[0] ?? 0), "SpecWrongType", "a spec file must hold a mapping at its top level."));
    return { problems };
  }
  const data = doc.toJS({ maxAliasCount: 100 }) ?? {};
  const source = `${basename(specDir)}/${name}`;
  return { file: { path, name, source, data, positions: indexPositions(doc.contents, path, lines) }, problems };
}

export function loadSpec(options: LoadOptions): LoadedSpec {
  const displayRoot = options.displayRoot ?? process.cwd();
  const files: SpecFile[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const name of listYamlFiles(options.specDir)) {
    const { file, problems } = loadFile(options.specDir, name, displayRoot);
    diagnostics.push(...problems);
    if (file) files.push(file);
  }
  return { files, diagnostics };
}

/** Where `pointer` is in `file` (or its nearest ancestor), for diagnostics and IR nodes. */
export function locIn(file: SpecFile, pointer: string, prefer: "key" | "value" = "value"): Loc {
  return locate(file.positions, pointer, prefer) ?? { file: file.path, line: 1, col: 1 };
}
