/**
 * Issue 16: the validator in a real browser under a strict Content-Security-Policy. Headless
 * Chromium loads a page served with `script-src 'self'` from the loopback interface, twice: with
 * the validator bundled in by esbuild, and importing the published `dist/index.js`. The page
 * validates flows and form bodies, hands the validator to a Standard Schema consumer, and then
 * evaluates two strings on purpose; the test requires those two to be blocked and reported, and
 * nothing else to be.
 *
 * Run by browser.test.ts, in the browser it starts (without Chromium, skipped there).
 */
import * as nodeValidator from "@flowspec/validator";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveWithPolicy, type CspServer } from "./csp-server.js";
import { buildPageAssets, PUBLISHED_VALIDATOR_PATH } from "./page-assets.js";
import { INVALID_FLOW, PROBE_MARKER, VALID_FLOW } from "./page/flows.js";
import type { ViolationEvent } from "./page/dom.js";
import type { ConsumerVerdict } from "./page/standard-consumer.js";
import { flowVerdicts, formVerdict } from "./page/verdicts.js";

/**
 * The policy of the issue. `'report-sample'` only adds the first 40 characters of blocked code to
 * each violation report, which is how the page's deliberate probes are told apart; it allows nothing.
 */
const POLICY = "script-src 'self' 'report-sample'";

interface PageReport {
  readonly listenerInstalled: boolean;
  readonly flows: ReturnType<typeof flowVerdicts>;
  readonly forms: ReadonlyArray<{ readonly id: string } & ReturnType<typeof formVerdict>>;
  readonly standard: Record<"valid" | "invalid", ConsumerVerdict>;
  readonly probes: ReadonlyArray<{ readonly kind: string; readonly blocked: boolean; readonly error: string | null }>;
  readonly violations: readonly ViolationEvent[];
}

/** What Node computes for the same input, through the same JSON the page's report went through. */
function inNode<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

const isProbe = (violation: ViolationEvent) => violation.sample.includes(PROBE_MARKER);

/** The suite, in the browser `browser()` gives once the run's hooks have started it. */
export function cspSuite(runs: boolean, browser: () => Browser): void {
  describe.runIf(runs)(`@flowspec/validator in headless Chromium, served with "${POLICY}"`, () => {
    let server: CspServer;
    const reports = new Map<string, PageReport>();
    const requested = new Map<string, string[]>();
    const pageErrors: string[] = [];

    /** Navigates the one page to a folder (a fresh document and module graph) and reads its report. */
    async function loadPage(page: Page, folder: string): Promise<PageReport> {
      const firstRequest = server.requests.length;
      try {
        const response = await page.goto(`${server.origin}/${folder}/`);
        expect(response?.headers()["content-security-policy"]).toBe(POLICY);
        const results = page.locator("#results:not([data-state=running])");
        await results.waitFor({ timeout: 15_000 });
        const text = (await results.textContent()) ?? "";
        if ((await results.getAttribute("data-state")) !== "done") throw new Error(`the ${folder} page failed:\n${text}`);
        return JSON.parse(text) as PageReport;
      } finally {
        requested.set(folder, server.requests.slice(firstRequest).map(({ path, status }) => `${status} ${path}`).sort());
      }
    }

    beforeAll(async () => {
      server = await serveWithPolicy(await buildPageAssets(), POLICY);
      // One page for both builds: a new page costs a renderer start (about half a second).
      const page = await browser().newPage();
      let folder = "";
      page.on("pageerror", (error) => pageErrors.push(`${folder}: ${error.message}`));
      for (folder of ["bundled", "published"]) reports.set(folder, await loadPage(page, folder));
      await page.close();
    }, 60_000);

    afterAll(async () => {
      await server?.close();
    });

    it("serves each page its own scripts; only the published page fetches the published file", () => {
      // Chromium may also ask for /favicon.ico, which does not exist; any other miss is a mistake.
      const fetched = (folder: string) => requested.get(folder)?.filter((request) => request !== "404 /favicon.ico");
      expect(fetched("bundled")).toEqual(["200 /bundled/", "200 /bundled/entry.js", "200 /bundled/violation-listener.js"]);
      expect(fetched("published")).toEqual([
        "200 /published/",
        "200 /published/entry.js",
        "200 /published/violation-listener.js",
        `200 ${PUBLISHED_VALIDATOR_PATH}`,
      ]);
      expect(pageErrors).toEqual([]);
    });

    describe.each(["bundled", "published"])("the %s validator", (folder) => {
      const report = () => reports.get(folder)!;

      it("runs where the policy is enforced: eval and new Function are blocked and reported", () => {
        expect(report().listenerInstalled).toBe(true);
        expect(report().probes).toEqual([
          { kind: "eval", blocked: true, error: "EvalError", value: null },
          { kind: "Function", blocked: true, error: "EvalError", value: null },
        ]);
        const probes = report().violations.filter(isProbe);
        expect(probes).toHaveLength(2);
        for (const violation of probes) {
          expect(violation).toMatchObject({ effectiveDirective: "script-src", blockedURI: "eval", disposition: "enforce" });
          expect(violation.sourceFile).toBe(`${server.origin}/${folder}/entry.js`);
        }
      });

      it("causes no violation of its own", () => {
        // The listener saw the probes' violations, so it would have seen any other.
        expect(report().violations.filter(isProbe)).toHaveLength(2);
        expect(report().violations.filter((violation) => !isProbe(violation))).toEqual([]);
      });

      it("gives the verdicts and issues it gives in Node", () => {
        const { flows } = report();
        expect(flows).toEqual(inNode(flowVerdicts(nodeValidator)));
        expect(flows.valid).toEqual({ ok: true, value: VALID_FLOW });
        expect(flows.invalidFirstIssue).toMatchObject({ ok: false, issues: [{ code: "unknown_property", path: "/extra" }] });
        expect(flows.invalidAllIssues.ok ? [] : flows.invalidAllIssues.issues.map(({ code, path }) => [code, path])).toEqual([
          ["unknown_property", "/extra"],
          ["unknown_action", "/actions/0/action"],
          ["not_allowed", "/actions/1/params/units"],
        ]);
      });

      it("decodes the page's form bodies with decodeFormBody and validates them", () => {
        const forms = report().forms;
        expect(forms.map(({ id }) => id)).toEqual(["form-valid", "form-invalid", "form-malformed"]);
        for (const form of forms) expect(form).toEqual(inNode({ id: form.id, ...formVerdict(nodeValidator, form.body) }));
        const [valid, invalid, malformed] = forms;
        expect(valid?.decoded).toEqual({
          ok: true,
          value: {
            name: "Welcome & onboarding",
            actions: [
              { id: "wait", type: "FLOW", action: "DELAY_FLOW", allow_failure: true, params: { number: "5", units: "MINUTES" } },
              { id: "code", type: "OTP", action: "GENERATE_CODE", params: { reference: "{{fields.email}}", length: 6 } },
            ],
          },
        });
        expect(valid?.validated).toMatchObject({ ok: true });
        expect(invalid?.validated).toMatchObject({ ok: false, issues: [{ code: "not_allowed", path: "/actions/0/params/units" }] });
        expect(malformed).toMatchObject({ decoded: { ok: false, issues: [{ code: "repeated_field", path: "/name" }] }, validated: null });
      });

      it("works with a Standard Schema consumer (Vitest's expect.schemaMatching) in the page", () => {
        const { standard } = report();
        expect(standard.valid).toMatchObject({ pass: true, message: "", matcher: "SchemaMatching" });
        expect(standard.invalid.pass).toBe(false);
        expect(standard.invalid.message).toContain("to deeply equal SchemaMatching");
        // What the consumer received through `~standard`: every issue (all-errors mode), each with its message and path.
        const expected = nodeValidator.validateCreateFlowRequest["~standard"].validate(INVALID_FLOW);
        expect(expected).toEqual({
          issues: [
            { message: 'property "extra" is not allowed here', path: ["extra"] },
            { message: expect.stringContaining('unknown action "SEND_EMAIL" for type STRIPE'), path: ["actions", 0, "action"] },
            { message: expect.stringContaining("must be one of"), path: ["actions", 1, "params", "units"] },
          ],
        });
        expect(standard.invalid.matcher).toMatch(/^SchemaMatching \{/);
        expect(standard.invalid.matcher).toContain(`"message": "property "extra" is not allowed here"`);
        expect(standard.invalid.matcher).toMatch(/"path": \[\s*"extra",?\s*\]/);
        expect(standard.invalid.matcher).toMatch(/"path": \[\s*"actions",\s*1,\s*"params",\s*"units",?\s*\]/);
      });
    });
  });
}
