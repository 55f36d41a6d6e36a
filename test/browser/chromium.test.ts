/** When the browser test runs, skips or fails: the lookup behind it, without launching anything. */
import { describe, expect, it } from "vitest";
import { findChromium } from "./chromium.js";

const missing = "/nonexistent/flowspec/chromium";

describe("findChromium", () => {
  it("takes CHROMIUM_PATH when it names an executable", () => {
    expect(findChromium({ CHROMIUM_PATH: process.execPath }, [missing])).toEqual({ found: true, path: process.execPath });
  });

  it("requires the browser test when CHROMIUM_PATH names nothing runnable, rather than skipping it", () => {
    expect(findChromium({ CHROMIUM_PATH: missing }, [process.execPath])).toEqual({
      found: false,
      required: true,
      reason: `CHROMIUM_PATH=${missing} is not an executable file`,
    });
  });

  it("falls back to the first executable default, and otherwise says why the test is skipped", () => {
    expect(findChromium({}, [missing, process.execPath])).toEqual({ found: true, path: process.execPath });
    const lookup = findChromium({}, [missing]);
    expect(lookup).toMatchObject({ found: false, required: false });
    expect(lookup.found ? "" : lookup.reason).toContain(`no Chromium at ${missing}`);
  });
});
