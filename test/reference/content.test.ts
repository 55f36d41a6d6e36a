/**
 * What the reference must contain: a section, a params table and an example for every variant;
 * an example for every self-service token request; every rule, record, format, limit, error and
 * disagreement; pages that stay readable; the same bytes on every run.
 */
import { describe, expect, it } from "vitest";
import { examplesOf, sectionAt } from "../support/markdown-model.js";
import { REAL_SPEC } from "../support/paths.js";
import { referenceFrom, referenceOutput } from "../support/reference-output.js";
import { irOf } from "../support/spec-ir.js";

const { ir, files, pages } = referenceOutput();
const variants = ir.flowActions.types.flatMap((t) => t.variants);
const page = (path: string) => pages.get(path) ?? "";

function typePage(type: string): string {
  return `flow-actions/${type.toLowerCase().replace(/_/g, "-")}.md`;
}

describe("flow-action variants", () => {
  it("are the 61 of the spec", () => {
    expect(variants).toHaveLength(61);
  });

  for (const v of variants) {
    it(`${v.key}: a section with the key, a params table or shape, and its full example`, () => {
      const section = sectionAt(page(typePage(v.type)), v.anchor);
      expect(section, "section").toBeDefined();
      expect(section).toContain(`## ${v.action}\n`);
      expect(section).toContain(`\`${v.key}\``);
      expect(section).toContain("### Params\n");
      const hasTable = /\n\| Field \| Type \| Required \|/.test(section!);
      const isEmpty = section!.includes("No fields: the object must be empty");
      expect(hasTable || isEmpty, "params table").toBe(true);
      const examples = examplesOf(section!);
      expect(examples.map((e) => e.typeName)).toEqual([v.name]);
      const action = examples[0]!.value as Record<string, unknown>;
      expect(action.type).toBe(v.type);
      expect(action.action).toBe(v.action);
      if (v.paramsRequired) expect(action.params).toEqual(v.example);
    });
  }

  it("a params table flattens nested objects and array items into dotted paths", () => {
    expect(sectionAt(page("flow-actions/auth0.md"), "auth0-send_email")).toContain("| `from.email` |");
    expect(sectionAt(page("flow-actions/slack.md"), "slack-post_message")).toContain("| `attachments[].fields[].title` |");
  });

  it("the type × action tables link every variant, and only real pairs", () => {
    const index = page("flow-actions.md");
    for (const v of variants) expect(index).toContain(`(${typePage(v.type)}#${v.anchor})`);
    const links = [...index.matchAll(/\(flow-actions\/[a-z0-9-]+\.md#([a-z0-9_-]+)\)/g)].map((m) => m[1]);
    expect(new Set(links)).toEqual(new Set(variants.map((v) => v.anchor)));
  });
});

describe("authentication", () => {
  const auth = page("authentication.md");

  it("states every rule with its seed number and text", () => {
    for (const rule of ir.authRules) {
      expect(auth).toContain(`<a id="rule-${rule.seed}"></a>\n\n### Rule ${rule.seed}: `);
      expect(auth).toContain(rule.text.trim());
    }
  });

  it("gives a request example for each self-service token request", () => {
    const shown = examplesOf(auth).map((e) => e.typeName);
    expect(shown).toEqual(["AuthorizeQuery", "PasskeyChallengeRequest", "AuthorizationCodeTokenRequest", "ClientCredentialsTokenRequest", "PasswordTokenRequest", "WebAuthnTokenRequest"]);
  });

  it("turns the authorize example into the URL a browser is sent to", () => {
    const query = examplesOf(auth).find((e) => e.typeName === "AuthorizeQuery")!.value as Record<string, string>;
    const url = /```text\n(https:\/\/\S+\/authorize\?\S+)\n```/.exec(auth)?.[1];
    expect(url).toBeDefined();
    expect(Object.fromEntries(new URL(url!.replace("{tenantDomain}", "tenant.example")).searchParams)).toEqual(query);
  });

  it("explains access policies and granted permissions", () => {
    expect(auth).toContain("## Access policies\n");
    expect(auth).toContain("`require_client_grant` by default");
    expect(auth).toContain("## Granted permissions\n");
    for (const part of ir.authRules.flatMap((r) => (r.kind === "granted_permissions" ? r.data.intersectionOf : []))) expect(auth).toContain(`. ${part}\n`);
  });
});

describe("other pages", () => {
  it("operations: method and URL, scope and the error rows that apply", () => {
    const section = sectionAt(page("operations.md"), "post_flows")!;
    expect(section).toContain("```text\nPOST https://{tenantDomain}/api/v2/flows\n```");
    expect(section).toContain("Required scope: `create:flows`");
    for (const id of ir.operations.find((o) => o.id === "post_flows")!.errors) expect(section).toContain(`(errors.md#${id})`);
    expect(section).toContain("`X-RateLimit-Reset`");
  });

  it("records, formats, limits, errors and disagreements are all there", () => {
    for (const r of ir.records) expect(page("records.md")).toContain(`## \`${r.name}\`\n`);
    for (const f of ir.formats) expect(page("formats.md")).toContain(`## \`${f.name}\`\n`);
    for (const l of ir.limits) expect(page("limits.md")).toContain(`<a id="${l.id}"></a>${l.title}`);
    for (const e of ir.errors) expect(page("errors.md")).toContain(`<a id="${e.id}"></a>`);
    expect(ir.disagreements.length).toBeGreaterThanOrEqual(15);
    for (const d of ir.disagreements) expect(page("disagreements.md")).toContain(`## ${d.id}: `);
  });

  it("patterns appear verbatim in code blocks", () => {
    for (const f of ir.formats.filter((f) => f.pattern)) expect(page("formats.md")).toContain("```text\n" + f.pattern + "\n```");
  });
});

describe("the package", () => {
  it("has a manifest with the spec's version that ships every page", () => {
    const manifest = JSON.parse(files.get("package.json")!) as { name: string; version: string; files: string[] };
    expect(manifest.name).toBe("@flowspec/reference");
    expect(manifest.version).toBe(ir.version);
    const shipped = (path: string) => manifest.files.some((glob) => new RegExp(`^${glob.replace(".", "\\.").replace("*", "[^/]*")}$`).test(path));
    expect([...pages.keys()].filter((p) => !shipped(p))).toEqual([]);
  });

  it("keeps every page under 3,000 lines", () => {
    const long = [...pages].filter(([, md]) => md.split("\n").length >= 3000).map(([p]) => p);
    expect(long).toEqual([]);
  });

  it("starts every page with the do-not-edit header", () => {
    for (const [path, md] of pages) expect(md.startsWith("<!-- Generated by flowspec from "), path).toBe(true);
  });

  it("is the same, byte for byte, when emitted twice and from a fresh IR", () => {
    expect(referenceFrom(ir).files).toEqual(files);
    expect(referenceFrom(irOf(REAL_SPEC)).files).toEqual(files);
  });
});
