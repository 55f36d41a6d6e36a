/**
 * `flowspec validate <file…|-> --as <name>`: checks payload files with the generated validator and
 * prints every issue at the place it is written (`body.json:3:7 unknown_property …`), the way the
 * spec's own diagnostics are printed. Exit 0: every file is valid; 1: a file is invalid or cannot
 * be read; 2: a usage error.
 */
import { parseArgs } from "node:util";
import { InputTooLarge, PROCESS_IO, type CliIo } from "../cli-io.js";
import { formatDiagnostic, type Loc } from "../diagnostics.js";
import { loadIr } from "../load-ir.js";
import type { SpecIR } from "../ir/model.js";
import { checkPayload, type PayloadReport } from "./check-payload.js";
import { loadGeneratedValidator } from "./generated-validator.js";
import { VALIDATE_USAGE } from "./command.js";
import { KNOWN_CONTENT_TYPES, KNOWN_EXTENSIONS, kindOfContentType, kindOfFile, type PayloadKind } from "./payload-kinds.js";
import { DEFAULT_MAX_PAYLOAD_BYTES, readBoundedFile } from "./read-input.js";
import { resolveTarget } from "./targets.js";


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
  if (positionals.length === 0) return "name at least one file, or - for standard input";
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
  return {
    maxBytes,
    files: positionals,
    as: values.as,
    ...(contentType && { contentType }),
    allErrors: values["all-errors"] ?? false,
    format,
    specDir: values.spec ?? "spec",
    outDir: values.out ?? "packages",
  };
}

function loadSpecIr(specDir: string, io: CliIo): SpecIR | undefined {
  const built = loadIr({ specDir });
  if (built.ir && built.diagnostics.length === 0) return built.ir;
  for (const d of built.diagnostics) io.stderr(`${formatDiagnostic(d)}\n`);
  io.stderr(`${built.diagnostics.length} problem(s) in the spec ${specDir}; nothing was validated.\n`);
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

function printText(reports: readonly PayloadReport[], io: CliIo): void {
  for (const report of reports) {
    if (report.valid) io.stdout(`${report.file}: valid\n`);
    for (const issue of report.issues) io.stdout(`${issue.loc.file}:${issue.loc.line}:${issue.loc.col} ${issue.code} ${issue.message}\n`);
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
  const ir = loadSpecIr(options.specDir, io);
  if (!ir) return 2;
  const target = resolveTarget(ir, options.as);
  if (!target.ok) {
    io.stderr(`flowspec validate: ${target.message}\n`);
    return 2;
  }
  if (!target.target.acceptsForm && kinds.includes("form")) {
    io.stderr(`flowspec validate: ${options.as} is never sent form-encoded; only JSON and YAML payloads apply\n`);
    return 2;
  }
  const validator = await loadGeneratedValidator(options.outDir, ir);
  if (typeof validator === "string") {
    io.stderr(`flowspec validate: ${validator}\n`);
    return 2;
  }
  const reports: PayloadReport[] = [];
  for (const [i, file] of options.files.entries()) {
    const shown = file === "-" ? "<stdin>" : file;
    const text = await readPayload(file, shown, io, options.maxBytes);
    reports.push(typeof text === "string" ? checkPayload({ file: shown, text, kind: kinds[i]!, target: target.target, validator, allErrors: options.allErrors }) : { file: shown, valid: false, issues: [{ ...text, code: "unreadable", path: "" }] });
  }
  (options.format === "json" ? printJson : printText)(reports, io);
  return reports.every((r) => r.valid) ? 0 : 1;
}
