/**
 * Loaded by the page before anything else (the first module script runs first), so a violation
 * caused while the validator module is merely being evaluated is recorded too.
 */
import { page, type ViolationEvent } from "./dom.js";

const seen: ViolationEvent[] = [];
page.flowspecViolations = seen;
page.document.addEventListener("securitypolicyviolation", (event) => {
  // Copy the fields now: the event object is the browser's, and JSON cannot read its getters.
  seen.push({
    effectiveDirective: event.effectiveDirective,
    blockedURI: event.blockedURI,
    sourceFile: event.sourceFile,
    lineNumber: event.lineNumber,
    sample: event.sample,
    disposition: event.disposition,
  });
});
