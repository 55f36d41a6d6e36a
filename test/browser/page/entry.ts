/**
 * The page's module. Built twice by the test: once with `@flowspec/validator` bundled in (as an
 * application bundler ships it) and once importing the package's published `dist/index.js`, served
 * byte for byte. Writes everything it found, as JSON, into `#results`.
 */
import * as validator from "@flowspec/validator";
import { formBody, page, type ViolationEvent } from "./dom.js";
import { FORM_IDS, INVALID_FLOW, PROBE_MARKER, VALID_FLOW } from "./flows.js";
import { consumeStandardSchema } from "./standard-consumer.js";
import { flowVerdicts, formVerdict } from "./verdicts.js";

type ProbeKind = "eval" | "Function";

/** Evaluates a string on purpose: the policy must block it, or the test proves nothing. */
function probe(kind: ProbeKind) {
  // The marker comes first: a violation's `sample` keeps only the first 40 characters.
  const code = `/*${PROBE_MARKER}*/ 1`;
  try {
    const value: unknown = kind === "eval" ? (0, eval)(code) : new Function(`/*${PROBE_MARKER}*/ return 1`)();
    return { kind, blocked: false, error: null, value };
  } catch (error) {
    return { kind, blocked: true, error: error instanceof Error ? error.name : String(error), value: null };
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Violation events arrive as tasks after the fact: wait for the probes' own (at most 5 s), then a
 * little longer, so any violation caused earlier by the validator has surely been delivered too.
 */
async function settledViolations(probeCount: number): Promise<ViolationEvent[]> {
  const seen = page.flowspecViolations ?? [];
  for (let waited = 0; waited < 5000 && seen.filter((v) => v.sample.includes(PROBE_MARKER)).length < probeCount; waited += 10) await pause(10);
  await pause(50);
  return [...seen];
}

async function run() {
  const flows = flowVerdicts(validator);
  const forms = FORM_IDS.map((id) => ({ id, ...formVerdict(validator, formBody(id)) }));
  const standard = {
    valid: consumeStandardSchema(validator.validateCreateFlowRequest, VALID_FLOW),
    invalid: consumeStandardSchema(validator.validateCreateFlowRequest, INVALID_FLOW),
  };
  const probes = [probe("eval"), probe("Function")];
  const violations = await settledViolations(probes.length);
  return { listenerInstalled: page.flowspecViolations !== undefined, flows, forms, standard, probes, violations };
}

const output = page.document.getElementById("results");
run().then(
  (report) => {
    // Text first, then the state the test waits for.
    if (output) output.textContent = JSON.stringify(report, null, 2);
    output?.setAttribute("data-state", "done");
  },
  (error: unknown) => {
    if (output) output.textContent = error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ""}` : String(error);
    output?.setAttribute("data-state", "failed");
  },
);
