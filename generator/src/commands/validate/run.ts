/**
 * `flowspec validate <file…|-> --as <name>`: checks payload files with the generated validator and
 * prints every issue at the place it is written (`body.json:3:7 unknown_property …`), the way the
 * spec's own diagnostics are printed. Exit 0: every file is valid; 1: a file is invalid or cannot
 * be read; 2: a usage error.
 */
import { parseArgs } from "node:util";
import { InputTooLarge, PROCESS_IO, type CliIo } from "../command.js";
import { formatDiagnostic, type Loc } from "../../base/diagnostics.js";
import { checkPayload, type PayloadReport } from "../../payload/verdict.js";
import { loadValidatorPackage, type ValidatorPackage } from "../../payload/validator-module.js";
import { VALIDATE_USAGE } from "./usage.js";
import { KNOWN_CONTENT_TYPES, KNOWN_EXTENSIONS, kindOfContentType, kindOfFile, type PayloadKind } from "../../payload/payload-kinds.js";
import { DEFAULT_MAX_PAYLOAD_BYTES, readBoundedFile } from "../../payload/read-input.js";
import { resolveTarget, type TargetTable } from "../../payload/targets.js";
import { expandInputs, kindOfText } from "./inputs.js";
import { freshStamp } from "../../payload/validate-stamp.js";
import { readProjectConfig } from "../project-config.js";


// Fatal: a payload that is not UTF-8 is reported, never silently repaired.
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

interface Options {
  readonly files: readonly string[];
  readonly as: string;
  readonly contentType?: PayloadKind;
  readonly allErrors: boolean;
  readonly format: "text" | "json";
  readonly specDir: string;
  readonly outDir: string;
  readonly maxBytes: number;
}

function parseOptions(argv: readonly string[]): Options | string {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        as: { type: "string" },
        "content-type": { type: "string" },
        "all-errors": { type: "boolean" },
        "first-error": { type: "boolean" },
        format: { type: "string" },
        spec: { type: "string" },
        out: { type: "string" },
        "max-bytes": { type: "string" },
      },
    });
  } catch (error) {
    return (error as Error).message;
  }
  const { values, positionals } = parsed;
  if (positionals.length === 0) return "name at least one file, folder or glob, or - for standard input";
  if (values["all-errors"] && values["first-error"]) return "--all-errors and --first-error say opposite things; give one";
  const files = expandInputs(positionals);
  if (typeof files === "string") return files;
  if (values.as === undefined) return "--as is required: say what the files are (a record, an operation id or a TYPE:ACTION key)";
  const format = values.format ?? "text";
  if (format !== "text" && format !== "json") return `--format ${format}: use text or json`;
  let contentType: PayloadKind | undefined;
  if (values["content-type"] !== undefined) {
    contentType = kindOfContentType(values["content-type"]);
    if (!contentType) return `--content-type ${values["content-type"]}: use one of ${KNOWN_CONTENT_TYPES.join(", ")}`;
  }
  const maxBytes = values["max-bytes"] === undefined ? DEFAULT_MAX_PAYLOAD_BYTES : Number(values["max-bytes"]);
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 1) return `--max-bytes ${values["max-bytes"]}: use a whole number of bytes, at least 1`;
  // The folders generate wrote to, as flowspec.config.* names them; a flag wins.
  const config = readProjectConfig();
  if (typeof config === "string") return config;
  return {
    maxBytes,
    files,
    as: values.as,
    ...(contentType && { contentType }),
    // Every issue unless asked for the first: a person fixing a payload wants them all at once.
    allErrors: !(values["first-error"] ?? false),
    format,
    specDir: values.spec ?? config.spec ?? "spec",
    outDir: values.out ?? config.out ?? "packages",
  };
}

/**
 * The names `--as` takes and the generated validator. While the spec is what the packages were
 * generated from, both come from the packages (validate-stamp.ts) and the spec is never parsed;
 * otherwise the spec is loaded and checked (most of a second), and its problems are printed.
 */
async function loadChecker(options: Options, io: CliIo): Promise<{ table: TargetTable; validator: ValidatorPackage | string } | undefined> {
  const stamp = freshStamp(options.outDir, options.specDir);
  if (stamp) return { table: stamp, validator: await loadValidatorPackage(options.outDir, stamp.specVersion) };
  const [{ loadIr }, { targetTable }] = await Promise.all([import("../../ir/load-ir.js"), import("../../payload/target-table.js")]);
  const built = loadIr({ specDir: options.specDir });
  if (built.ir) return { table: targetTable(built.ir), validator: await loadValidatorPackage(options.outDir, built.ir.version) };
  for (const d of built.diagnostics) io.stderr(`${formatDiagnostic(d)}\n`);
  io.stderr(`${built.diagnostics.length} problem(s) in the spec ${options.specDir}; nothing was validated.\n`);
  return undefined;
}

async function readPayload(file: string, shown: string, io: CliIo, maxBytes: number): Promise<string | { loc: Loc; message: string }> {
  const refused = (reason: string) => ({ loc: { file: shown, line: 1, col: 1 }, message: `cannot read the file: ${reason}` });
  if (file === "-" && !io.stdin) return { loc: { file: shown, line: 1, col: 1 }, message: "standard input is not available here" };
  try {
    if (file === "-") {
      const text = await io.stdin!(maxBytes);
      return Buffer.byteLength(text) > maxBytes ? refused(`larger than ${maxBytes} bytes (--max-bytes)`) : text;
    }
    const read = readBoundedFile(file, maxBytes);
    return "refused" in read ? refused(read.refused) : strictUtf8.decode(read.bytes);
  } catch (error) {
    if (error instanceof InputTooLarge) return refused(error.message);
    return refused(error instanceof TypeError ? "not valid UTF-8" : ((error as NodeJS.ErrnoException).code ?? (error as Error).message));
  }
}

/** An issue's JSON Pointer as the text output shows it; the root's is empty, so it is named. */
function shownPointer(path: string): string {
  return path === "" ? "(root)" : path;
}

function printText(reports: readonly PayloadReport[], io: CliIo): void {
  for (const report of reports) {
    if (report.valid) io.stdout(`${report.file}: valid\n`);
    for (const issue of report.issues) io.stdout(`${issue.loc.file}:${issue.loc.line}:${issue.loc.col} ${issue.code} ${shownPointer(issue.path)} ${issue.message}\n`);
  }
  const invalid = reports.filter((r) => !r.valid).length;
  io.stdout(`${reports.length} file(s): ${reports.length - invalid} valid, ${invalid} invalid\n`);
}

function printJson(reports: readonly PayloadReport[], io: CliIo): void {
  const files = reports.map((r) => ({
    file: r.file,
    valid: r.valid,
    issues: r.issues.map(({ loc, code, path, message }) => ({ line: loc.line, col: loc.col, code, path, message })),
  }));
  const invalid = reports.filter((r) => !r.valid).length;
  io.stdout(`${JSON.stringify({ valid: reports.length - invalid, invalid, files }, null, 2)}\n`);
}

export async function validateMain(argv: readonly string[], io: CliIo = PROCESS_IO): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.stdout(`${VALIDATE_USAGE}\n`);
    return 0;
  }
  const options = parseOptions(argv);
  if (typeof options === "string") {
    io.stderr(`flowspec validate: ${options}\n${VALIDATE_USAGE}\n`);
    return 2;
  }
  const kinds = options.files.map((file) => options.contentType ?? kindOfFile(file));
  const unknown = options.files.filter((_, i) => kinds[i] === undefined);
  if (unknown.length > 0) {
    io.stderr(`flowspec validate: cannot tell how to read ${unknown.join(", ")} (known extensions: ${KNOWN_EXTENSIONS.join(", ")}); pass --content-type\n`);
    return 2;
  }
  const checker = await loadChecker(options, io);
  if (!checker) return 2;
  const target = resolveTarget(checker.table, options.as);
  if (!target.ok) {
    io.stderr(`flowspec validate: ${target.message}\n`);
    return 2;
  }
  if (!target.target.acceptsForm && kinds.includes("form")) {
    io.stderr(`flowspec validate: ${options.as} is never sent form-encoded; only JSON and YAML payloads apply\n`);
    return 2;
  }
  const { validator } = checker;
  if (typeof validator === "string") {
    io.stderr(`flowspec validate: ${validator}\n`);
    return 2;
  }
  const reports: PayloadReport[] = [];
  for (const [i, file] of options.files.entries()) {
    const shown = file === "-" ? "<stdin>" : file;
    const text = await readPayload(file, shown, io, options.maxBytes);
    // Standard input's kind, unless --content-type names it, is told by its text.
    const kind = file === "-" && options.contentType === undefined && typeof text === "string" ? kindOfText(text) : kinds[i]!;
    reports.push(typeof text === "string" ? checkPayload({ file: shown, text, kind, target: target.target, validator, allErrors: options.allErrors }) : { file: shown, valid: false, issues: [{ ...text, code: "unreadable", path: "" }] });
  }
  (options.format === "json" ? printJson : printText)(reports, io);
  return reports.every((r) => r.valid) ? 0 : 1;
}
