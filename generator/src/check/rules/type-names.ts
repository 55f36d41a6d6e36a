/**
 * The type-name rule: every generated type name stands for one thing. Names are decided on the IR
 * (`ir/shape-names.ts` lists the names the generator declares on its own and each name the spec
 * makes it take), so this rule runs once the IR is built: a name the generator declares, or one
 * an earlier claim took, cannot be taken again, unless both claims are nested shapes of the same
 * structure (one shape written twice).
 */
import { diagnostic, type Diagnostic, type Loc } from "../../base/diagnostics.js";

export interface NameClaim {
  /** Undefined for a shape that needs a name and has none the generator can derive. */
  readonly name: string | undefined;
  readonly loc: Loc;
  /** What claims it, as a phrase: `the STRIPE:ADD_TAX_ID variant`, `record Flow`, `a shape in …`. */
  readonly owner: string;
  /**
   * The structure of a nested shape; two claims with the same structure are one shape. A function:
   * it is read only for a name claimed twice.
   */
  readonly structure?: () => string;
}

export interface TypeNames {
  /** Names the generator declares whatever the spec says, with what each one is. */
  readonly builtIn: ReadonlyMap<string, string>;
  readonly claims: readonly NameClaim[];
}

function clash(claim: NameClaim & { name: string }, earlier: string): Diagnostic {
  return diagnostic(claim.loc, "SpecDuplicateName", `the type name ${claim.name} (${claim.owner}) is already ${earlier}; give one of them another \`title\` or name.`);
}

export function checkTypeNames({ builtIn, claims }: TypeNames): Diagnostic[] {
  const first = new Map<string, NameClaim>();
  const problems: Diagnostic[] = [];
  for (const claim of claims) {
    const { name } = claim;
    if (name === undefined) {
      problems.push(diagnostic(claim.loc, "SpecUnnamedShape", `this union member (${claim.owner}) has no required property of its own to name its type by; give it a \`title\`.`));
      continue;
    }
    const reserved = builtIn.get(name);
    const earlier = first.get(name);
    if (reserved !== undefined) problems.push(clash({ ...claim, name }, reserved));
    else if (earlier === undefined) first.set(name, claim);
    else if (earlier.structure === undefined || claim.structure === undefined || earlier.structure() !== claim.structure()) {
      problems.push(clash({ ...claim, name }, `${earlier.owner} (${earlier.loc.file}:${earlier.loc.line}:${earlier.loc.col})`));
    }
  }
  return problems;
}
