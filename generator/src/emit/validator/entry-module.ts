/**
 * The entry module esbuild bundles: the runtime's imports, the call of the compiled validators'
 * factory (a placeholder name that the bundler leaves alone and the emitter then replaces with the
 * factory's text), the spec's tables, and the public exports. It exists only at generate time.
 */
import type { SpecIR } from "../../ir/model.js";
import { RUNTIME_NAMES } from "./ajv-keywords.js";
import type { ApiPlan, CheckPlan, ValidatorPlan } from "./api-plan.js";
import { compiledKey, FACTORY_PARAMETERS, type Mode } from "./compile-standalone.js";
import type { FormShapesData } from "./form-shapes.js";
import { formatChecks } from "./format-plan.js";
import { rateLimitHeaders, scopeRules } from "./spec-tables.js";
import { serviceModule } from "./service-module.js";

/** The free name the entry calls; replaced by the factory after bundling. */
export const FACTORY_PLACEHOLDER = "__FLOWSPEC_COMPILED_FACTORY__";

export interface EntryInput {
  readonly ir: SpecIR;
  readonly plan: ApiPlan;
  readonly forms: FormShapesData;
  /** Import specifier of the runtime index, relative to the bundle's resolve folder. */
  readonly runtime: string;
}

const RUNTIME_IMPORTS = [
  RUNTIME_NAMES.tooLong,
  RUNTIME_NAMES.tooShort,
  RUNTIME_NAMES.nestedAction,
  RUNTIME_NAMES.prefixErrors,
  "BUILTIN_FORMATS",
  "dispatchTables",
  "memberTable",
  "makeValidator",
  "makeGuard",
  "makeAssert",
  "recordCheck",
  "actionCheck",
  "unionCheck",
  "selfServiceAudienceFor",
  "audienceRule",
  "refusedGrantRule",
  "decodeFormBodyWith",
  "checkScopesWith",
  "parseRateLimitHeadersWith",
];

const literal = (value: unknown): string => JSON.stringify(value);

/** Unit names of the two action envelopes (see ajv-schemas.ts). */
export const ENVELOPE_UNITS = { required: "ActionEnvelopeParamsRequired", optional: "ActionEnvelopeParamsOptional" } as const;

/** The format functions the compiled code reads: the runtime's grammars and the compiled patterns. */
function formatsTable(ir: SpecIR): string {
  const entries = formatChecks(ir).flatMap((f) => {
    if (f.kind === "builtin") return [`  ${literal(f.name)}: BUILTIN_FORMATS[${literal(f.builtin)}],`];
    const how = f.how === "loop" ? "a char-code loop (see pattern-matcher.ts)" : "a deterministic automaton (see dfa-matcher.ts)";
    return [`  // ${f.name}: the pattern as ${how}\n  ${literal(f.name)}: ${f.source.replace(/\n/g, "\n  ")},`];
  });
  return `const ${RUNTIME_NAMES.formats} = {\n${entries.join("\n")}\n};`;
}

function compiledName(mode: Mode, unit: string): string {
  return `COMPILED.${compiledKey(mode, unit)}`;
}

function factoryCall(): string {
  return `const COMPILED = /* @__PURE__ */ ${FACTORY_PLACEHOLDER}(${FACTORY_PARAMETERS.join(", ")});`;
}

function modesTable(ir: SpecIR): string {
  const tables = (mode: Mode) => {
    const rows = ir.flowActions.types.flatMap((t) =>
      t.variants.map((v) => {
        const envelope = compiledName(mode, v.paramsRequired ? ENVELOPE_UNITS.required : ENVELOPE_UNITS.optional);
        return `    [${literal(v.type)}, ${literal(v.action)}, ${envelope}, ${compiledName(mode, v.paramsName)}],`;
      }),
    );
    return `dispatchTables([\n${rows.join("\n")}\n  ])`;
  };
  return `const MODES = {\n  first: ${tables("first")},\n  all: ${tables("all")},\n};`;
}

function checkCode(check: CheckPlan, refusedGrant: boolean): string {
  const both = (unit: string) => `{ first: ${compiledName("first", unit)}, all: ${compiledName("all", unit)} }`;
  switch (check.kind) {
    case "action":
      return "actionCheck()";
    case "record":
      return `recordCheck(${both(check.unit)})`;
    case "union": {
      const members = (mode: Mode) => `memberTable([${check.members.map(([tag, unit]) => `[${literal(tag)}, ${compiledName(mode, unit)}]`).join(", ")}])`;
      const tags = literal(check.members.map(([tag]) => tag));
      const before = refusedGrant ? `, refusedGrantRule(SELF_SERVICE, ${tags})` : "";
      return `unionCheck(${literal(check.key)}, { first: ${members("first")}, all: ${members("all")} }${before})`;
    }
    default: {
      const never: never = check;
      throw new Error(`unhandled check ${JSON.stringify(never)}`);
    }
  }
}

function validatorExports(v: ValidatorPlan): string {
  const crossField = v.audienceRule ? ", crossField: [audienceRule(SELF_SERVICE)]" : "";
  const spec = `{ subject: ${literal(v.target)}, check: ${checkCode(v.check, v.refusedGrantRule)}${crossField} }`;
  return [
    `export const validate${v.stem} = /* @__PURE__ */ makeValidator(MODES, ${spec});`,
    `export const is${v.stem} = /* @__PURE__ */ makeGuard(validate${v.stem});`,
    `export const assert${v.stem} = /* @__PURE__ */ makeAssert(validate${v.stem}, ${literal(v.target)});`,
  ].join("\n");
}

function helperExports(input: EntryInput): string {
  const selfService = input.plan.selfService ?? { audience: "https://{domain}/", refusedGrants: [] };
  return `const SELF_SERVICE = ${literal(selfService)};
const FORM_SHAPES = ${literal({ root: input.forms.root, actions: input.forms.actions })};
const SCOPE_RULES = ${literal(scopeRules(input.ir))};
const RATE_LIMIT_HEADERS = ${literal(rateLimitHeaders(input.ir))};

export { ValidationError, SAFETY_LIMITS } from ${literal(input.runtime)};
export const SPEC_VERSION = ${literal(input.ir.version)};
export function decodeFormBody(text, options) {
  return decodeFormBodyWith(FORM_SHAPES, text, options);
}
export function checkScopes(operation, grantedScopes) {
  return checkScopesWith(SCOPE_RULES, operation, grantedScopes);
}
export function parseRateLimitHeaders(headers) {
  return parseRateLimitHeadersWith(RATE_LIMIT_HEADERS, headers);
}
export function selfServiceAudience(domain) {
  return selfServiceAudienceFor(SELF_SERVICE, domain);
}`;
}

export function entryModule(input: EntryInput): string {
  return [
    `import { ${RUNTIME_IMPORTS.join(", ")} } from ${literal(input.runtime)};`,
    formatsTable(input.ir),
    factoryCall(),
    modesTable(input.ir),
    helperExports(input),
    ...input.plan.validators.map(validatorExports),
    serviceModule(input),
  ].join("\n\n");
}
