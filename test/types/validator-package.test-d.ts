/**
 * One type for the generated validator, checked by the compiler (vitest's typecheck mode):
 * `ValidatorPackage` is the package's own declarations, its `validate…` exports are exactly the
 * stable API of `PUBLIC_VALIDATORS`, and every command that holds the package holds it by that
 * type. A second hand-written shape (a caller taking its own `ValidatorModule`, a loader returning
 * one) fails here, whichever module it appears in.
 */
import type * as ValidatorMain from "@flowspec/validator";
import type * as ValidatorService from "@flowspec/validator/service";
import { describe, expectTypeOf, it } from "vitest";
import type { generatedValidator } from "../../generator/src/commands/release/evidence.ts";
import type { corpusSide } from "../../generator/src/commands/release/corpus-gate.ts";
import type { PayloadCheck } from "../../generator/src/payload/verdict.ts";
import type { loadEmittedValidatorPackage, loadValidatorPackage, publicValidator, PublicStem, ValidatorPackage } from "../../generator/src/payload/validator-module.ts";
import type { PUBLIC_VALIDATORS } from "../../generator/src/spec-language/public-validators.ts";
import type { loadConfigFile } from "../../generator/src/stand-in/config-file.ts";
import type { ServeContext } from "../../generator/src/stand-in/context.ts";
import type { ServedPackages } from "../../generator/src/stand-in/served-packages.ts";
import type { operationRules } from "../../generator/src/traffic/mismatches.ts";
import type { requestChecks } from "../../generator/src/traffic/request-verdict.ts";
import type { runConformance } from "../../generator/src/traffic/run-conformance.ts";

/** The stems of a module's `validate<Stem>` exports. */
type ValidateStems<M> = { [K in keyof M]: K extends `validate${infer Stem}` ? Stem : never }[keyof M];

describe("the generated validator's one type", () => {
  it("is the package's main entry and service entry together", () => {
    expectTypeOf<ValidatorPackage>().toEqualTypeOf<typeof ValidatorMain & typeof ValidatorService>();
  });

  it("has exactly the public validators of PUBLIC_VALIDATORS", () => {
    expectTypeOf<ValidateStems<typeof ValidatorMain>>().toEqualTypeOf<PublicStem>();
    expectTypeOf<PublicStem>().toEqualTypeOf<(typeof PUBLIC_VALIDATORS)[number][0]>();
    // The check itself tells a module with one validator more from the package.
    expectTypeOf<ValidateStems<typeof ValidatorMain & { validateExtra: unknown }>>().not.toEqualTypeOf<PublicStem>();
  });

  it("is what both ways of loading return", () => {
    expectTypeOf<Exclude<Awaited<ReturnType<typeof loadValidatorPackage>>, string>>().toEqualTypeOf<ValidatorPackage>();
    expectTypeOf<Awaited<ReturnType<typeof loadEmittedValidatorPackage>>>().toEqualTypeOf<ValidatorPackage>();
    expectTypeOf<Awaited<ReturnType<typeof generatedValidator>>>().toEqualTypeOf<ValidatorPackage>();
    expectTypeOf<Parameters<typeof publicValidator>[0]>().toEqualTypeOf<ValidatorPackage>();
  });

  it("is what every command that checks with the package holds", () => {
    expectTypeOf<PayloadCheck["validator"]>().toEqualTypeOf<ValidatorPackage>();
    expectTypeOf<ServedPackages["validator"]>().toEqualTypeOf<ValidatorPackage>();
    expectTypeOf<ServeContext["validator"]>().toEqualTypeOf<ValidatorPackage>();
    expectTypeOf<Parameters<typeof loadConfigFile>[1]["validator"]>().toEqualTypeOf<ValidatorPackage>();
    expectTypeOf<Parameters<typeof runConformance>[1]>().toEqualTypeOf<ValidatorPackage>();
    expectTypeOf<Parameters<typeof requestChecks>[1]>().toEqualTypeOf<ValidatorPackage>();
    expectTypeOf<Parameters<typeof operationRules>[1]>().toEqualTypeOf<ValidatorPackage>();
    expectTypeOf<Parameters<typeof corpusSide>[1]>().toEqualTypeOf<ValidatorPackage>();
  });
});
