/**
 * The inputs the page validates. They live in one module so the page (in Chromium) and the test
 * (in Node) check the very same values, and the test can compare the two runs verdict by verdict.
 */

/** A flow the spec accepts: a delay, then a one-time code. */
export const VALID_FLOW = {
  name: "Welcome",
  actions: [
    { id: "wait", type: "FLOW", action: "DELAY_FLOW", params: { number: 5, units: "MINUTES" } },
    { id: "code", type: "OTP", action: "GENERATE_CODE", params: { reference: "{{fields.email}}", length: 6 } },
  ],
};

/** Three mistakes: a property the record does not allow, an action of another type, a unit outside its enum. */
export const INVALID_FLOW = {
  name: "Welcome",
  extra: true,
  actions: [
    { id: "tax", type: "STRIPE", action: "SEND_EMAIL", params: {} },
    { id: "wait", type: "FLOW", action: "DELAY_FLOW", params: { number: 5, units: "FORTNIGHTS" } },
  ],
};

/** The ids of the page's `<form>` elements (see page.html); each is submitted as a form body. */
export const FORM_IDS = ["form-valid", "form-invalid", "form-malformed"] as const;

/**
 * Marks the code the page tries to evaluate on purpose, so its violations are told apart from any
 * other. Short because a report's `sample` keeps only 40 characters, and for `new Function` the
 * first 25 are Chromium's own `(function anonymous(\n) {\n`.
 */
export const PROBE_MARKER = "csp-probe";
