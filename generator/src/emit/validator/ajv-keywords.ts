/**
 * Ajv keyword definitions used only at generate time. Each generates code that calls the bundled
 * runtime (generator/runtime/validator) instead of Ajv's own runtime helpers, so the standalone
 * output has no `require("ajv/…")` left and keeps the behaviour the validator documents:
 *
 * - `maxLength`/`minLength`: code-point semantics (as Ajv's ucs2length), decided by `.length` alone
 *   whenever it can be: a string of at most K code units has at most K code points, and one of more
 *   than 2K code units has more than K.
 * - `oneOf`/`anyOf`: the same verdicts as Ajv's, but the errors of the branches are folded into the
 *   one union error (`params.branches`), so the runtime can name the branch the value was meant for.
 * - `enum`: the same check for the JSON scalars the spec uses, with the allowed values written into
 *   the error, so the output does not keep a copy of the whole schema just to quote them.
 * - `flowAction`: hands a nested action to the runtime dispatcher (type, then action), which tracks the
 *   nesting depth; this is how the recursive FLOW/BOOLEAN_CONDITION lists are checked.
 * - `pattern`: the pattern compiled at generate time into code that reads each character once
 *   (format-plan.ts), written into the compiled code, instead of a RegExp that could backtrack.
 */
import { _, Name, stringify, type Code, type CodeKeywordDefinition, type KeywordCxt } from "ajv";
import { or } from "ajv/dist/compile/codegen/index.js";
import namesModule from "ajv/dist/compile/names.js";
import { _Code } from "ajv/dist/compile/codegen/code.js";
import { alwaysValidSchema } from "ajv/dist/compile/util.js";
import { patternMatcher } from "./format-plan.js";

/**
 * Ajv's names module is CommonJS with `exports.default`: Node's ES module loader hands the whole
 * `exports` object to a default import, other loaders hand `exports.default`.
 */
const N = ("default" in namesModule ? (namesModule as { default: unknown }).default : namesModule) as typeof namesModule.default;

/** Names the generated code expects the entry module to import from the runtime. */
export const RUNTIME_NAMES = {
  tooLong: "exceedsCodePoints",
  tooShort: "fallsShortOfCodePoints",
  nestedAction: "checkNestedAction",
  prefixErrors: "prefixErrors",
  formats: "FORMATS",
} as const;

/** A stand-in for the runtime function at generate time; Ajv never calls it, only names it. */
function unusedAtGenerateTime(): never {
  throw new Error("flowspec: runtime function called at generate time");
}

function runtimeRef(cxt: KeywordCxt, name: string): Name {
  return cxt.gen.scopeValue("func", { key: name, ref: unusedAtGenerateTime, code: new Name(name) });
}

export const lengthKeyword: CodeKeywordDefinition = {
  keyword: ["maxLength", "minLength"],
  type: "string",
  schemaType: "number",
  error: { message: "length", params: ({ schemaCode }) => _`{limit: ${schemaCode}}` },
  code(cxt) {
    const limit = cxt.schema as number;
    if (cxt.keyword === "maxLength") {
      const check = runtimeRef(cxt, RUNTIME_NAMES.tooLong);
      cxt.fail(_`${cxt.data}.length > ${limit} && ${check}(${cxt.data}, ${limit})`);
    } else {
      const check = runtimeRef(cxt, RUNTIME_NAMES.tooShort);
      cxt.fail(_`${cxt.data}.length < ${2 * limit} && ${check}(${cxt.data}, ${limit})`);
    }
  },
};

/** Declares one `let` per branch that remembers how many errors there were before it ran. */
function branchMarks(cxt: KeywordCxt, count: number): Name[] {
  const marks: Name[] = [];
  for (let i = 0; i < count; i++) marks.push(cxt.gen.let("_branch", N.errors));
  return marks;
}

/** `[vErrors.slice(m0, m1), vErrors.slice(m1, errors)]`: the errors of each branch. */
function branchErrorsCode(marks: readonly Name[]): Code {
  const parts = marks.map((mark, i) => {
    const end = marks[i + 1] ?? N.errors;
    return _`${N.vErrors} === null ? [] : ${N.vErrors}.slice(${mark}, ${end})`;
  });
  let list: Code = _``;
  parts.forEach((part, i) => {
    list = i === 0 ? _`${part}` : _`${list}, ${part}`;
  });
  return _`[${list}]`;
}

function unionCode(cxt: KeywordCxt, exactlyOne: boolean): void {
  const { gen, it } = cxt;
  const schemas = cxt.schema as unknown[];
  const valid = gen.let("valid", false);
  const passing = gen.let("passing", null);
  const marks = branchMarks(cxt, schemas.length);
  const branchValid = gen.name("_valid");
  gen.block(() =>
    schemas.forEach((schema, i) => {
      gen.assign(marks[i]!, N.errors);
      if (alwaysValidSchema(it, schema as never)) gen.var(branchValid, true);
      else cxt.subschema({ keyword: cxt.keyword, schemaProp: i, compositeRule: true }, branchValid);
      if (exactlyOne) exactlyOneStep(cxt, branchValid, valid, passing, i);
      else anyStep(cxt, branchValid, valid, passing, i);
    }),
  );
  const branches = gen.let("branches", null);
  cxt.setParams({ passing, branches });
  cxt.result(
    valid,
    () => cxt.reset(),
    () => {
      gen.assign(branches, branchErrorsCode(marks));
      cxt.reset();
      cxt.error(true);
    },
  );
}

function exactlyOneStep(cxt: KeywordCxt, branchValid: Name, valid: Name, passing: Name, i: number): void {
  const { gen } = cxt;
  if (i > 0) {
    gen
      .if(_`${branchValid} && ${valid}`)
      .assign(valid, false)
      .assign(passing, _`[${passing}, ${i}]`)
      .else();
  }
  gen.if(branchValid, () => {
    gen.assign(valid, true);
    gen.assign(passing, i);
  });
}

function anyStep(cxt: KeywordCxt, branchValid: Name, valid: Name, passing: Name, i: number): void {
  const { gen } = cxt;
  gen.if(branchValid, () => {
    gen.assign(valid, true);
    gen.assign(passing, i);
  });
  gen.if(_`!${valid}`);
}

const unionError = { message: "union", params: ({ params }: { params: Record<string, unknown> }) => _`{passing: ${params.passing as Name}, branches: ${params.branches as Name}}` };

export const oneOfKeyword: CodeKeywordDefinition = {
  keyword: "oneOf",
  schemaType: "array",
  trackErrors: true,
  error: unionError,
  code: (cxt) => unionCode(cxt, true),
};

export const anyOfKeyword: CodeKeywordDefinition = {
  keyword: "anyOf",
  schemaType: "array",
  trackErrors: true,
  error: unionError,
  code: (cxt) => unionCode(cxt, false),
};

/**
 * `{flowAction: true}` stands where the spec says `$ref: FlowAction`. The path of the action is
 * built only when it has errors, so the valid path allocates no string.
 */
export const flowActionKeyword: CodeKeywordDefinition = {
  keyword: "flowAction",
  schemaType: "boolean",
  code(cxt) {
    const { gen, it } = cxt;
    const check = runtimeRef(cxt, RUNTIME_NAMES.nestedAction);
    const prefix = runtimeRef(cxt, RUNTIME_NAMES.prefixErrors);
    const found = gen.const("nested", _`${check}.call(${N.this}, ${cxt.data})`);
    if (it.compositeRule) throw new Error("flowspec: a FlowAction inside a union is not supported (its errors could be discarded)");
    cxt.result(_`${found} === null`, undefined, () => {
      const moved = gen.const("moved", _`${prefix}(${found}, ${it.errorPath})`);
      // push, not concat: with allErrors a long list of bad actions must stay linear.
      gen.if(_`${N.vErrors} === null`, () => gen.assign(N.vErrors, moved), () => gen.code(_`${N.vErrors}.push(...${moved})`));
      gen.assign(N.errors, _`${N.vErrors}.length`);
    });
  },
};

type Scalar = string | number | boolean | null;

function isScalar(value: unknown): value is Scalar {
  return value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

export const enumKeyword: CodeKeywordDefinition = {
  keyword: "enum",
  schemaType: "array",
  error: { message: "enum", params: ({ schema }) => _`{allowedValues: ${stringify(schema)}}` },
  code(cxt) {
    const values = cxt.schema as unknown[];
    if (!values.every(isScalar)) throw new Error("flowspec: enum values must be strings, numbers, booleans or null");
    cxt.fail(_`!(${or(...values.map((v) => _`${cxt.data} === ${v}`))})`);
  },
};

export const patternKeyword: CodeKeywordDefinition = {
  keyword: "pattern",
  type: "string",
  schemaType: "string",
  error: { message: "pattern", params: ({ schema }) => _`{pattern: ${schema as string}}` },
  code(cxt) {
    const pattern = cxt.schema as string;
    const matcher = cxt.gen.scopeValue("pattern", { key: pattern, ref: unusedAtGenerateTime, code: new _Code(patternMatcher(pattern).source) });
    cxt.fail(_`!${matcher}(${cxt.data})`);
  },
};
