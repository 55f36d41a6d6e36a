/**
 * The service helpers (`@flowspec/validator/service`) implement the application API access
 * policies the runtime knows (`POLICY_MEANINGS`), and granted permissions as an intersection of
 * three parts (policy, permissions, consent). An authentication rule that names another policy or
 * another number of parts would give helpers that cannot decide it: said here, at its place, instead
 * of by the validator emitter.
 */
import { POLICY_MEANINGS } from "../../../runtime/validator/service/access-policies.js";
import { didYouMean } from "../../../runtime/validator/suggest.js";
import { escapePointerToken } from "../../load/yaml-positions.js";
import type { CrossRule } from "../rule-context.js";

const KNOWN = Object.keys(POLICY_MEANINGS);
const GRANTED_PARTS = 3;

export const accessPoliciesKnown: CrossRule = {
  rule: "every access policy a rule names is one the service helpers implement, and granted permissions intersect three parts",
  *check({ sources, report }) {
    const file = sources.authentication.file;
    const unknown = (pointer: string, policy: string) =>
      report(file, pointer, "SpecInvalidValue", `access policy \`${policy}\` is not one the service helpers implement${didYouMean(policy, KNOWN, "`") || `; they know ${KNOWN.join(", ")}.`}`);
    for (const [i, rule] of sources.authentication.data.rules.entries()) {
      if ("policies" in rule) {
        for (const [flow, policy] of Object.entries(rule.policies)) if (!Object.hasOwn(POLICY_MEANINGS, policy)) yield unknown(`/rules/${i}/policies/${escapePointerToken(flow)}`, policy);
      }
      if ("policy" in rule && "instead" in rule) {
        if (!Object.hasOwn(POLICY_MEANINGS, rule.policy)) yield unknown(`/rules/${i}/policy`, rule.policy);
        if (!Object.hasOwn(POLICY_MEANINGS, rule.instead)) yield unknown(`/rules/${i}/instead`, rule.instead);
      }
      if ("intersectionOf" in rule && rule.intersectionOf.length !== GRANTED_PARTS) {
        yield report(file, `/rules/${i}/intersectionOf`, "SpecInvalidValue", `granted permissions are the intersection of ${GRANTED_PARTS} parts (the access policy, the user's permissions, the user's consent), as the service helpers compute them; this rule names ${rule.intersectionOf.length}.`);
      }
    }
  },
};
