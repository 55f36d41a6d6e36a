/**
 * The grants the authentication rules decide are grants the spec describes: each is the
 * `grant_type` constant of a member of a body the token endpoint takes. So rule 6 (the `grant` of
 * each flow of the self-service interface) and a refusal the request check answers (a
 * `grant_not_allowed` rule that names its row, rule 7) are decided by the records a service checks,
 * not by prose. (A refusal without a row, as in specs from before the token endpoint described
 * client credentials, stays a rule of the validator's audience check only.)
 */
import { didYouMean } from "../../../runtime/validator/suggest.js";
import type { CrossRule } from "../rule-context.js";
import { recordSchemas } from "../schema-walk.js";

const GRANT_KEY = "grant_type";

export const grantsDescribed: CrossRule = {
  rule: "every grant a token flow names, and every grant a rule refuses with its own row, is the grant_type of a record a token request may be",
  *check({ sources, report }) {
    const records = recordSchemas(sources);
    const grants = new Set<string>();
    for (const op of Object.values(sources.operations.data.operations)) {
      const body = op.body === undefined ? undefined : records.get(op.body);
      if (body?.discriminator !== GRANT_KEY) continue;
      for (const member of body.oneOf ?? body.anyOf ?? []) {
        const tag = member.$ref === undefined ? undefined : records.get(member.$ref)?.properties?.[GRANT_KEY]?.const;
        if (typeof tag === "string") grants.add(tag);
      }
    }
    const file = sources.authentication.file;
    const unknown = (pointer: string, grant: string) =>
      report(file, pointer, "SpecUnknownReference", `grant \`${grant}\` is not the ${GRANT_KEY} of any token request record${grants.size > 0 ? `${didYouMean(grant, grants, "`") || `; described: ${[...grants].sort().join(", ")}`}` : ""}; add its record to the token endpoint's body or name a described grant.`);
    for (const [i, rule] of sources.authentication.data.rules.entries()) {
      if ("grant" in rule && "error" in rule && rule.error !== undefined && !grants.has(rule.grant)) yield unknown(`/rules/${i}/grant`, rule.grant);
      for (const [j, flow] of ("flows" in rule ? rule.flows : []).entries()) {
        if (flow.grant !== undefined && !grants.has(flow.grant)) yield unknown(`/rules/${i}/flows/${j}/grant`, flow.grant);
      }
    }
  },
};
