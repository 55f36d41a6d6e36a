/**
 * The cross rules: what the spec language's schemas cannot say because it needs more than one node or file.
 * Each rule is keyed by the sentence it enforces; the checker runs all of them and keeps every
 * problem they find.
 */
import type { CrossRule } from "../rule-context.js";
import { accessPoliciesKnown } from "./access-policies.js";
import { apiRecordsDefined, discriminatorsConstant, formBodiesDecodable, formEncodingsKnown, rateLimitHeadersKnown, recordsAcyclic } from "./api-requirements.js";
import { crossReferences } from "./cross-references.js";
import { grantsDescribed } from "./grants-described.js";
import { definedFormats, definedRecords } from "./defined-names.js";
import { disagreementsAffectKnownThings } from "./disagreements-affect.js";
import { disagreementTrafficKnown } from "./disagreements-traffic.js";
import { examplesValid } from "./examples-valid.js";
import { errorBodiesAnswerable, requestChecksValidated } from "./request-checks.js";
import { limitsAgree } from "./limits-agree.js";
import { linearPatterns } from "./linear-patterns.js";
import { boundsOrdered, noPrototypeNames, requiredDeclared } from "./property-names.js";
import { paramsPresent, uniqueVariants } from "./unique-variants.js";
import { flowActionNotInUnion } from "./validator-shapes.js";

export const CROSS_RULES: readonly CrossRule[] = [
  uniqueVariants,
  paramsPresent,
  definedRecords,
  definedFormats,
  requiredDeclared,
  noPrototypeNames,
  boundsOrdered,
  linearPatterns,
  limitsAgree,
  crossReferences,
  disagreementsAffectKnownThings,
  disagreementTrafficKnown,
  apiRecordsDefined,
  discriminatorsConstant,
  formBodiesDecodable,
  formEncodingsKnown,
  grantsDescribed,
  accessPoliciesKnown,
  rateLimitHeadersKnown,
  recordsAcyclic,
  requestChecksValidated,
  errorBodiesAnswerable,
  flowActionNotInUnion,
  examplesValid,
];
