/**
 * The MSW handlers of @flowspec/fixtures/msw where browser tests use them: in a service worker
 * (`msw/browser`) in headless Chromium, under `script-src 'self'`, answering the shared HTTP cases
 * (test/test-kit/support/http-cases.ts; those that need no scenario and no earlier answer) exactly
 * as they answer in Node and as `flowspec serve` answers. Run by browser.test.ts, in the browser it
 * starts (without Chromium, skipped there).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CLIENTS, DEFAULT_CONFIG } from "../../generator/src/stand-in/config.ts";
import { testSigningKey } from "../serve/support/stand-in.ts";
import { HTTP_CASES } from "../test-kit/support/http-cases.js";
import { makeTokens, MANAGEMENT_AUDIENCE, MAX_BODY_BYTES } from "../test-kit/support/stand-in-targets.js";
import { serveWithPolicy, type CspServer, type ServedFile } from "./csp-server.js";
import type { PageReport, PageSetup, PageStep } from "./msw-page/entry.js";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const js = "text/javascript; charset=utf-8";

/** The cases a page can run as plain data: no scenario of their own, no path made from an earlier answer. */
const CASES = HTTP_CASES.filter((c) => c.target === undefined && c.steps.every((s) => typeof s.path === "string"));

async function pageFiles(setup: PageSetup): Promise<Map<string, ServedFile>> {
  const entry = await build({ entryPoints: [here("./msw-page/entry.ts")], absWorkingDir: here("../../"), bundle: true, write: false, format: "esm", platform: "browser", target: "es2022", logLevel: "silent" });
  const worker = createRequire(import.meta.url).resolve("msw/mockServiceWorker.js");
  return new Map<string, ServedFile>([
    ["/msw/", { contentType: "text/html; charset=utf-8", body: readFileSync(here("./msw-page/index.html")) }],
    ["/msw/entry.js", { contentType: js, body: entry.outputFiles[0]!.text }],
    ["/msw/setup.json", { contentType: "application/json", body: JSON.stringify(setup) }],
    ["/mockServiceWorker.js", { contentType: js, body: readFileSync(worker) }],
  ]);
}

/** The suite, in the browser `browser()` gives once the run's hooks have started it. */
export function mswSuite(runs: boolean, browser: () => Browser): void {
  describe.runIf(runs)("@flowspec/fixtures/msw in a service worker in headless Chromium", () => {
    let server: CspServer;
    let report: PageReport;

    beforeAll(async () => {
      const tokens = await makeTokens();
      const steps = (c: (typeof CASES)[number]): PageStep[] =>
        c.steps.map((s) => ({
          method: s.method,
          path: s.path as string,
          headers: { ...s.headers, ...(s.token !== undefined && { authorization: `Bearer ${tokens[s.token]}` }), ...(s.type !== undefined && { "content-type": s.type }) },
          ...(s.body !== undefined && { body: s.body }),
        }));
      const setup: PageSetup = {
        jwk: (await testSigningKey()).publicJwk,
        issuer: `https://${DEFAULT_CONFIG.domain}/`,
        audience: MANAGEMENT_AUDIENCE,
        globalClients: DEFAULT_CLIENTS.filter((c) => c.global).map((c) => c.id),
        maxBodyBytes: MAX_BODY_BYTES,
        cases: CASES.map(steps),
      };
      server = await serveWithPolicy(await pageFiles(setup), "script-src 'self'");
      const page = await browser().newPage();
      await page.goto(`${server.origin}/msw/`);
      await page.waitForFunction(() => (globalThis as { flowspecReport?: unknown }).flowspecReport !== undefined, undefined, { timeout: 30_000 });
      report = (await page.evaluate(() => (globalThis as { flowspecReport?: unknown }).flowspecReport)) as PageReport;
    });
    afterAll(async () => {
      await server?.close();
    });

    it("runs the page without an error", () => {
      expect("error" in report ? report.error : null).toBeNull();
      expect(CASES.length).toBeGreaterThan(20);
    });

    it.each(CASES.map((c, i) => [c.name, c, i] as const))("%s", (_name, c, i) => {
      const answers = "answers" in report ? report.answers[i] : undefined;
      expect(answers).toEqual(c.steps.map((s) => ({ status: s.expect.status, errorCode: s.expect.errorCode })));
    });
  });
}
