/**
 * The changelogs as given/want: a release record in, Markdown out — sections in Keep a Changelog
 * order, each line with its level (the project's, or one package's), a migration note under every
 * major change, documentation-only changes under Fixed, and a version with nothing for a package.
 */
import { describe, expect, it } from "vitest";
import { renderChangelog } from "../../generator/src/release-record/changelog.js";
import type { RecordedChange, Release } from "../../generator/src/release-record/record.js";

const urn: RecordedChange = {
  kind: "const-changed",
  level: "major",
  impact: { types: "major", validator: "major", schema: "major", reference: "patch" },
  section: "Changed",
  where: "record WebAuthnTokenRequest.grant_type",
  what: 'const "urn:a" → "urn:b"',
  migration: 'Send `"urn:b"` instead of `"urn:a"`.',
};
const added: RecordedChange = {
  kind: "property-added-optional",
  level: "minor",
  impact: { types: "minor", validator: "minor", schema: "minor", reference: "minor" },
  section: "Added",
  where: "record PasskeyChallengeRequest.realm",
  what: "added (optional)",
};
const bound: RecordedChange = {
  kind: "bound-widened",
  level: "minor",
  impact: { types: "patch", validator: "minor", schema: "minor", reference: "patch" },
  section: "Changed",
  where: "FLOW:ERROR_MESSAGE params.message",
  what: "maxLength 2048 → 4096",
};
const errorRow: RecordedChange = {
  kind: "limit-added",
  level: "minor",
  impact: { types: "minor", validator: "none", schema: "none", reference: "minor" },
  section: "Added",
  where: "limit flows_per_tenant",
  what: "added",
};

const releases: Release[] = [
  { version: "3.0.0", changes: [bound, added, urn, errorRow] },
  { version: "2.0.0", date: "2026-11-23", notes: "The first release.", changes: [] },
];

describe("renderChangelog", () => {
  it("writes the project's changelog: every change with its level and, where they differ, each package's", () => {
    const text = renderChangelog("<!-- header -->", releases, { kind: "project", title: "Changelog" });
    const body = text.slice(text.indexOf("## 3.0.0"));
    expect(body).toBe(
      [
        "## 3.0.0 — unreleased",
        "",
        "### Added",
        "",
        "- **minor** `record PasskeyChallengeRequest.realm`: `added (optional)`",
        "- **minor** `limit flows_per_tenant`: `added` (types, reference minor)",
        "",
        "### Changed",
        "",
        "- **minor** `FLOW:ERROR_MESSAGE params.message`: `maxLength 2048 → 4096` (validator, schema minor; types, reference patch)",
        '- **major** `record WebAuthnTokenRequest.grant_type`: `const "urn:a" → "urn:b"` (types, validator, schema major; reference patch)',
        '  - Migration: Send `"urn:b"` instead of `"urn:a"`.',
        "",
        "## 2.0.0 — 2026-11-23",
        "",
        "The first release.",
        "",
      ].join("\n"),
    );
    expect(text.startsWith("<!-- header -->\n\n# Changelog\n\nAll six packages")).toBe(true);
  });

  it("writes one package's changelog with that package's levels: documentation-only changes are Fixed, and no migration note below a major", () => {
    const text = renderChangelog("<!-- header -->", releases, { kind: "package", name: "reference", title: "Changelog: @flowspec/reference" });
    expect(text.slice(text.indexOf("## 3.0.0"))).toBe(
      [
        "## 3.0.0 — unreleased",
        "",
        "### Added",
        "",
        "- **minor** `record PasskeyChallengeRequest.realm`: `added (optional)`",
        "- **minor** `limit flows_per_tenant`: `added`",
        "",
        "### Fixed",
        "",
        "- **patch** `FLOW:ERROR_MESSAGE params.message`: `maxLength 2048 → 4096`",
        '- **patch** `record WebAuthnTokenRequest.grant_type`: `const "urn:a" → "urn:b"`',
        "",
        "## 2.0.0 — 2026-11-23",
        "",
        "The first release.",
        "",
      ].join("\n"),
    );
  });

  it("leaves out what does not reach a package, and says so when nothing does", () => {
    const text = renderChangelog("<!-- h -->", [{ version: "3.1.0", date: "2026-12-01", changes: [errorRow] }], { kind: "package", name: "validator", title: "Changelog" });
    expect(text.slice(text.indexOf("## 3.1.0"))).toBe("## 3.1.0 — 2026-12-01\n\nNo change reaches this package; it is released in step with the spec.\n");
  });

  it("keeps a code span intact around backticks in the text", () => {
    const odd: RecordedChange = { ...added, where: "record R.`x`", what: "added" };
    const text = renderChangelog("<!-- h -->", [{ version: "1.1.0", changes: [odd] }], { kind: "project", title: "Changelog" });
    expect(text).toContain("- **minor** `` record R.`x` ``: `added`");
  });
});
