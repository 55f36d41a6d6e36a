/**
 * What the validator says about the page's inputs. Pure and JSON-shaped, so the test computes the
 * same verdicts in Node and requires the browser's to be identical.
 */
import type * as Validator from "@flowspec/validator";
import { INVALID_FLOW, VALID_FLOW } from "./flows.js";

export type ValidatorModule = typeof Validator;

export function flowVerdicts(validator: ValidatorModule) {
  return {
    valid: validator.validateCreateFlowRequest(VALID_FLOW),
    invalidFirstIssue: validator.validateCreateFlowRequest(INVALID_FLOW),
    invalidAllIssues: validator.validateCreateFlowRequest(INVALID_FLOW, { allErrors: true }),
  };
}

/** A form body as the browser encodes it: decoded by `decodeFormBody`, then validated when it decodes. */
export function formVerdict(validator: ValidatorModule, body: string) {
  const decoded = validator.decodeFormBody(body);
  const validated = decoded.ok ? validator.validateCreateFlowRequest(decoded.value, { allErrors: true }) : null;
  return { body, decoded, validated };
}
