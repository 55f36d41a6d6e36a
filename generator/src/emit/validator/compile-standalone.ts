/**
 * Ajv standalone code for every unit (params of a variant, action envelope, record), compiled once at
 * generate time in both modes (first error, all errors), and turned into one factory function:
 *
 *   function (exceedsCodePoints, …, FORMATS) { …compiled code…; return { first_X: validate10, … }; }
 *
 * The runtime helpers the code calls are the factory's parameters, so the bundler never has to parse
 * the compiled code (half a megabyte) and cannot rename what it refers to. Anything else Ajv would
 * `require` at run time, or any code evaluation, is a generation error.
 */
import standaloneModule from "ajv/dist/standalone/index.js";
import formatModule from "ajv/dist/vocabularies/format/format.js";
import { _, Ajv, Name, type Format as AjvFormat } from "ajv";
import type { SpecIR } from "../../ir/model.js";
import { additionalPropertiesKeyword, itemsKeyword } from "./ajv-capped-loops.js";
import { anyOfKeyword, enumKeyword, flowActionKeyword, lengthKeyword, oneOfKeyword, patternKeyword, RUNTIME_NAMES } from "./ajv-keywords.js";
import type { Json } from "./ajv-schemas.js";
import { formatChecks } from "./format-plan.js";

export type Mode = "first" | "all";

/** A CommonJS function module: some loaders give `module.exports`, which also carries `.default`. */
const standaloneCode = standaloneModule.default;
/** Ajv's `format` keyword; a CommonJS module with `exports.default` (see ajv-keywords.ts on `names`). */
const formatKeyword = ("default" in formatModule ? (formatModule as { default: unknown }).default : formatModule) as typeof formatModule.default;

export interface CompileUnits {
  /** Validators that stop at the first error (the default mode), by unit name. */
  readonly firstError: ReadonlyMap<string, Json>;
  /** Validators that collect every error (`allErrors`), by unit name. Distinct schema objects. */
  readonly allErrors: ReadonlyMap<string, Json>;
}

/** The factory's parameters, in order: the runtime names the compiled code uses. */
export const FACTORY_PARAMETERS = [RUNTIME_NAMES.tooLong, RUNTIME_NAMES.tooShort, RUNTIME_NAMES.nestedAction, RUNTIME_NAMES.prefixErrors, RUNTIME_NAMES.formats];

/** The key of a unit in the factory's result: `first_<unit>` or `all_<unit>`. */
export function compiledKey(mode: Mode, unit: string): string {
  return `${mode}_${unit}`;
}

/** Stand-in for a format function of the runtime: Ajv only needs to know it is a string function. */
function runtimeFormatPlaceholder(): boolean {
  throw new Error("flowspec: format function called at generate time");
}

/** Every format is a function the compiled code reads from the entry's FORMATS (none is a RegExp). */
function ajvFormats(ir: SpecIR): Record<string, AjvFormat> {
  const formats: Record<string, AjvFormat> = {};
  for (const f of formatChecks(ir)) formats[f.name] = runtimeFormatPlaceholder;
  return formats;
}

function createAjv(ir: SpecIR): Ajv {
  const ajv = new Ajv({
    strict: true,
    allErrors: false,
    ownProperties: true,
    messages: false,
    passContext: true,
    inlineRefs: true,
    unicodeRegExp: true,
    formats: ajvFormats(ir),
    code: { source: true, esm: true, lines: true, optimize: true, formats: _`${new Name(RUNTIME_NAMES.formats)}` },
  });
  // Replaced keywords, plus `format` re-added after them so that a string is checked for its length
  // before its format, as Ajv's own order does (a too-long id is `too_long`, not `invalid_format`).
  // `items` and `additionalProperties` keep their place (`before`), so issues come in Ajv's order.
  const replaced = ["oneOf", "anyOf", "maxLength", "minLength", "pattern", "enum", "format", "items", "additionalProperties"];
  for (const keyword of replaced) ajv.removeKeyword(keyword);
  const definitions = [oneOfKeyword, anyOfKeyword, lengthKeyword, patternKeyword, enumKeyword, formatKeyword, flowActionKeyword, itemsKeyword, additionalPropertiesKeyword];
  for (const def of definitions) ajv.addKeyword(def);
  return ajv;
}

/** Compiles now, with the instance's current options (Ajv would compile lazily, later). */
function compileAll(ajv: Ajv, units: ReadonlyMap<string, Json>, mode: Mode, refs: Record<string, string>): void {
  for (const [unit, schema] of units) {
    const key = compiledKey(mode, unit);
    ajv.addSchema(schema, key);
    ajv.getSchema(key);
    refs[key] = key;
  }
}

/**
 * Ajv writes `schemaPath:"#/…",` into every error object; the runtime never reads it (issues point at
 * the data), and it is a tenth of the code. Ajv always writes it as a JSON string literal followed
 * by a comma, and a `"` inside a string literal is always escaped, so this cannot cut anything else.
 */
function withoutSchemaPaths(code: string): string {
  return code.replace(/schemaPath:"(?:[^"\\]|\\.)*",/g, "");
}

/** Ajv declares a copy of every compiled schema (one line each) even when no code reads it. */
function withoutUnusedSchemas(lines: readonly string[]): string[] {
  const uses = new Map<string, number>();
  for (const match of lines.join("\n").matchAll(/\bschema\d+\b/g)) uses.set(match[0], (uses.get(match[0]) ?? 0) + 1);
  return lines.filter((line) => {
    const declared = /^const (schema\d+) = /.exec(line)?.[1];
    return declared === undefined || (uses.get(declared) ?? 0) > 1;
  });
}

/** Fails generation if Ajv left a run-time dependency or a code evaluation in the output. */
function assertSelfContained(code: string): void {
  for (const banned of ["require(", "import(", "new Function", "eval("]) {
    if (code.includes(banned)) throw new Error(`flowspec: the compiled validators still contain \`${banned}\``);
  }
}

/** The standalone module's `export const key = validateN;` lines become the factory's result. */
function factoryText(module: string): string {
  const results: string[] = [];
  const body: string[] = [];
  for (const line of module.split("\n")) {
    const exported = /^export const (\w+) = (validate\d+);$/.exec(line);
    if (exported) results.push(`${exported[1]}: ${exported[2]}`);
    else if (line !== '"use strict";') body.push(line);
  }
  const code = withoutUnusedSchemas(body).join("\n");
  assertSelfContained(code);
  return `(function (${FACTORY_PARAMETERS.join(", ")}) {\n${code}\nreturn {\n${results.join(",\n")}\n};\n})`;
}

/**
 * The factory function's text (a parenthesised function expression). Unit names must be
 * identifiers. Both modes come from one Ajv instance so that generated names never collide and the
 * helpers (regular expressions, runtime references) are shared; `allErrors` is read from the options
 * when a schema is compiled, so it is switched between the two batches.
 */
export function compileFactory(ir: SpecIR, units: CompileUnits): string {
  const ajv = createAjv(ir);
  const refs: Record<string, string> = {};
  compileAll(ajv, units.firstError, "first", refs);
  (ajv.opts as { allErrors?: boolean }).allErrors = true;
  compileAll(ajv, units.allErrors, "all", refs);
  return factoryText(withoutSchemaPaths(standaloneCode(ajv, refs)));
}
