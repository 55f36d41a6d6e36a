import { ISSUE_CODES } from "../../../runtime/validator/issue-codes.js";
import { didYouMean } from "../../../runtime/validator/suggest.js";
import { CONFORMANCE_CODES } from "../../spec-language/files.js";
import type { CrossRule } from "../rule-context.js";

/** `flowspec conformance` labels mismatches by these signs, so each must name an operation (and variant) that exists. */
export const disagreementTrafficKnown: CrossRule = {
  rule: "every traffic sign of a disagreement names an operation id, and a variant key and a known code where it gives them",
  *check({ sources, report }) {
    if (sources.disagreements === undefined) return;
    const variants = new Set(sources.providers.flatMap(({ data }) => data.actions.map((a) => `${data.type}:${a.action}`)));
    const operations = Object.keys(sources.operations.data.operations);
    // A mismatch's code is an issue code, a conformance code, or an error code of the table (a row's id).
    const codes = new Set([...Object.keys(ISSUE_CODES), ...Object.keys(CONFORMANCE_CODES), ...sources.errors.data.errors.map((e) => e.id)]);
    const { file, data } = sources.disagreements;
    for (const [i, row] of data.disagreements.entries()) {
      for (const [j, sign] of (row.traffic ?? []).entries()) {
        const at = `/disagreements/${i}/traffic/${j}`;
        if (!operations.includes(sign.operation)) {
          yield report(file, `${at}/operation`, "SpecUnknownReference", `\`${sign.operation}\` is not an operation id${didYouMean(sign.operation, operations, "`") || `; name one of: ${operations.join(", ")}.`}`);
        }
        if (sign.variant !== undefined && !variants.has(sign.variant)) {
          yield report(file, `${at}/variant`, "SpecUnknownReference", `\`${sign.variant}\` is not a variant key (TYPE:ACTION)${didYouMean(sign.variant, variants, "`") || "; name a variant as TYPE:ACTION."}`);
        }
        if (sign.code !== undefined && !codes.has(sign.code)) {
          yield report(file, `${at}/code`, "SpecUnknownReference", `\`${sign.code}\` is not an issue code of the validator, a conformance code or an error code${didYouMean(sign.code, codes, "`") || "."}`);
        }
      }
    }
  },
};
