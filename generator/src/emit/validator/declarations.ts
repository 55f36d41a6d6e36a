/**
 * `dist/index.d.ts` and `dist/index.d.cts` (the same text): the public types copied from the
 * runtime's public-types.ts (one source for the code and the declarations), the value types
 * imported from the bundled `types.d.cts`, and one declaration per export.
 */
import type { SpecIR } from "../../ir/model.js";
import type { ApiPlan, ValidatorPlan } from "./api-plan.js";
import { internalError } from "../../base/internal-error.js";

/** The declarations of public-types.ts, without its opening comment. */
export function publicTypesText(source: string): string {
  const start = source.indexOf("*/");
  if (!source.startsWith("/**") || start < 0) throw internalError("public-types.ts must open with its doc comment");
  return source.slice(start + 2).trimStart();
}

function validatorDeclarations(v: ValidatorPlan): string {
  const t = v.target;
  return `/** Checks a ${t}; see the README for options and issues. Also a Standard Schema. */
export declare const validate${v.stem}: Validator<${t}>;
/** True when the value is a valid ${t} (first-error mode, default limits). */
export declare function is${v.stem}(value: unknown): value is ${t};
/** Throws a ValidationError carrying the issues unless the value is a valid ${t}. */
export declare function assert${v.stem}(value: unknown, options?: ValidateOptions): asserts value is ${t};`;
}

function operationIds(ir: SpecIR): string {
  return [...ir.operations.map((o) => JSON.stringify(o.id))].sort().join(" | ");
}

export interface DeclarationInput {
  readonly ir: SpecIR;
  readonly plan: ApiPlan;
  readonly publicTypes: string;
  /** The declaration file of the value types, which both module formats import. */
  readonly typesModule: string;
}

export function indexDeclarations(input: DeclarationInput): string {
  const targets = [...new Set(input.plan.validators.map((v) => v.target))].sort();
  const module = JSON.stringify(input.typesModule);
  return `import type { ${targets.join(", ")} } from ${module};
export type * from ${module};

${input.publicTypes.trimEnd()}

/** The error assertX throws. */
export declare class ValidationError extends Error {
  readonly issues: readonly ValidationIssue[];
  constructor(issues: readonly ValidationIssue[], subject?: string);
}

/** The default safety limits (each can be overridden per call). */
export declare const SAFETY_LIMITS: SafetyLimits;

/** The version of the spec this package was generated from. */
export declare const SPEC_VERSION: ${JSON.stringify(input.ir.version)};

${input.plan.validators.map(validatorDeclarations).join("\n\n")}

/** The operations of the spec, by id. */
export type OperationId = ${operationIds(input.ir)};

/** Decodes an application/x-www-form-urlencoded body of POST /flows; never throws. */
export declare function decodeFormBody(text: string, options?: FormDecodeOptions): FormDecodeResult;

/** Whether the granted scopes (a token's space-separated \`scope\` claim, or a list) allow the operation. */
export declare function checkScopes(operation: OperationId, grantedScopes: string | readonly string[]): ScopeCheckResult;

/** Reads X-RateLimit-Limit, -Remaining and -Reset from a Headers object, a Map or a plain object (names in any case). */
export declare function parseRateLimitHeaders(headers: HeadersLike | HeaderRecord): RateLimitResult;

/** The account self-service audience for a domain: \`${input.plan.selfService?.audience ?? ""}\` with the domain filled in; throws a TypeError unless the domain is a host name. */
export declare function selfServiceAudience(domain: string): string;
`;
}
