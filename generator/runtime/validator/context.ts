/**
 * What one validation run carries through the compiled validators (Ajv calls them with `this` bound
 * to it, `passContext`), and the error records they produce before they become public issues.
 */

/** An error as the compiled code (Ajv's shape) or the dispatcher reports it. */
export interface RawError {
  /** JSON Pointer of the value the error is about (for `required`, of the object). */
  readonly instancePath: string;
  readonly keyword: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly schemaPath?: string;
}

/** A validator compiled by Ajv at generate time. */
export interface CompiledValidator {
  (this: RunContext, data: unknown, dataContext?: object): boolean;
  errors?: RawError[] | null;
}

/** What checks one variant: the action object around the params (shared), then the params. */
export interface VariantCheck {
  readonly envelope: CompiledValidator;
  readonly params: CompiledValidator;
}

/** type → action → the checks of that variant. */
export type VariantTable = ReadonlyMap<string, ReadonlyMap<string, VariantCheck>>;

/** The dispatch data of one mode (first error or all errors). */
export interface DispatchTables {
  readonly variants: VariantTable;
  /** action → the types that have it, for "exists under AUTH0, SENDGRID" hints. */
  readonly typesByAction: ReadonlyMap<string, readonly string[]>;
}

/** What checking one action object found, kept for the other paths that reach the same object. */
export interface SharedVerdict {
  readonly errors: RawError[] | null;
  /** Levels of actions walked, the action itself included (1 for an action with no nested ones). */
  readonly height: number;
}

export interface RunContext {
  /** How many actions enclose the value being checked. */
  depth: number;
  /** Errors found in nested actions so far (for the `allErrors` cap). */
  nestedIssues: number;
  /** The deepest `depth` an action was checked at, within the action being checked. */
  reach: number;
  /** Errors that depend on the depth they were found at (`maxDepth`, the engine's stack). */
  depthErrors: number;
  /** Nested actions dispatched so far; past a threshold, verdicts are shared (see dispatch.ts). */
  dispatched: number;
  /** Verdicts by action object, once sharing is on (null before). */
  shared: Map<object, SharedVerdict> | null;
  readonly maxDepth: number;
  readonly allErrors: boolean;
  readonly maxIssues: number;
  readonly tables: DispatchTables;
}
