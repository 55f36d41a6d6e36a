/**
 * The browser suites in one headless Chromium, started once for both (a start is most of a
 * suite's CPU): csp-suite.ts (the validator under a strict Content-Security-Policy) and
 * msw-suite.ts (the MSW handlers in a service worker). Each opens its pages in a browser context
 * of its own, as a new browser would give it.
 *
 * Without Chromium both are skipped with the reason printed (see chromium.ts for when that is an
 * error instead).
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, it } from "vitest";
import { findChromium, launchChromium } from "./chromium.js";
import { cspSuite } from "./csp-suite.js";
import { mswSuite } from "./msw-suite.js";

const chromium = findChromium();
if (!chromium.found) {
  if (chromium.required) throw new Error(`test/browser: ${chromium.reason}`);
  console.warn(`test/browser: SKIPPED, ${chromium.reason}`);
  it.skip(`the browser test needs Chromium: ${chromium.reason}`);
}

let browser: Browser | undefined;

beforeAll(async () => {
  if (chromium.found) browser = await launchChromium(chromium.path);
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

const started = (): Browser => {
  if (browser === undefined) throw new Error("Chromium did not start");
  return browser;
};

cspSuite(chromium.found, started);
mswSuite(chromium.found, started);
