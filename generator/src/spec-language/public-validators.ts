/**
 * The validator package's stable API: the name stem of each public validator (`validate<Stem>`,
 * `is<Stem>`, `assert<Stem>`) and the record it checks. The checker requires these records; the
 * validator emitter builds one validator per entry.
 */
import { FLOW_ACTION } from "./schema-node.js";

export const PUBLIC_VALIDATORS = [
  ["CreateFlowRequest", "CreateFlowRequestContent"],
  ["CreateFlowResponse", "CreateFlowResponseContent"],
  ["FlowAction", FLOW_ACTION],
  ["ResourceServerScopesUpdate", "UpdateResourceServerScopesRequestContent"],
  ["AuthorizeQuery", "AuthorizeQuery"],
  ["TokenRequest", "TokenRequest"],
  ["PasskeyChallengeRequest", "PasskeyChallengeRequest"],
] as const satisfies readonly (readonly [stem: string, target: string])[];
