/**
 * `authentication.md`: security schemes, every rule of the spec with its seed number, the
 * self-service token requests with examples, access policies and how granted permissions are
 * computed. The last two are drawn from the rules of those kinds, linked back to them.
 */
import type { AuthRule, SecurityScheme, SpecIR } from "../../ir/model.js";
import { ruleLink, ruleSection, schemeAnchor, words } from "./auth-rules.js";
import { sortedEntries } from "../../base/order.js";
import { href } from "./links.js";
import { PAGES } from "../../ir/reference-pages.js";
import { anchor, blocks, bulletList, code, headingSlug, link, prose, table } from "../markdown.js";
import type { Page } from "./page.js";
import { stepSection, tokenRequestSteps } from "./token-flows.js";

const FROM = PAGES.authentication;

function schemeHow(s: SecurityScheme): string {
  const parts = s.type === "http" ? [`HTTP ${code(s.scheme ?? "")}`] : [`OAuth 2.0 ${code(s.flow ?? "")}`];
  if (s.bearerFormat) parts.push(`format ${s.bearerFormat}`);
  if (s.tokenTypes) parts.push(`token types ${s.tokenTypes.join(", ")}`);
  if (s.tokenUrl) parts.push(`token URL ${code(s.tokenUrl)}`);
  if (s.audience) parts.push(`audience ${code(s.audience)}`);
  return parts.join("; ");
}

function schemesSection(ir: SpecIR): Section {
  const rows = ir.securitySchemes.map((s) => [
    { raw: `${anchor(schemeAnchor(s.name))}${code(s.name)}` },
    ir.interfaces.find((i) => i.name === s.interface)?.title ?? s.interface,
    schemeHow(s),
    s.description,
  ]);
  return { title: "Security schemes", body: table(["Scheme", "Interface", "How", "Description"], rows) };
}

function rulesOf<K extends AuthRule["kind"]>(ir: SpecIR, kind: K): Extract<AuthRule, { kind: K }>[] {
  return ir.authRules.filter((r): r is Extract<AuthRule, { kind: K }> => r.kind === kind);
}

/** A titled part of the page; absent when the spec has nothing for it. */
interface Section {
  readonly title: string;
  readonly body: string | undefined;
}

function tokenFlowsSection(ir: SpecIR): Section {
  const title = "Self-service token requests";
  const steps = tokenRequestSteps(ir);
  if (steps.length === 0) return { title, body: undefined };
  const flowRules = rulesOf(ir, "token_flows").map(ruleLink);
  const intro = `The requests a client sends to obtain a token for the account self-service interface (${flowRules.join(", ")}), in an order that follows every flow; ${flowRules.length === 1 ? "that rule" : "those rules"} list which requests each flow sends.`;
  return { title, body: blocks(intro, ...steps.map((s) => stepSection(ir, s))) };
}

function policiesSection(ir: SpecIR): Section {
  const items = [
    ...rulesOf(ir, "default_policies").flatMap((r) =>
      sortedEntries(r.data.policies).map(([flows, policy]) => `${words(flows)}: ${code(policy)} by default (${ruleLink(r)}).`),
    ),
    ...rulesOf(ir, "discouraged_policy").map((r) => `${code(r.data.policy)} is discouraged; prefer ${code(r.data.instead)} (${ruleLink(r)}).`),
    ...rulesOf(ir, "grant_not_allowed").map((r) => `The ${code(r.data.grant)} grant cannot be used (${ruleLink(r)}).`),
  ];
  const intro = "An application API access policy decides which applications may request which scopes of the self-service interface.";
  return { title: "Access policies", body: items.length > 0 ? blocks(intro, bulletList(items)) : undefined };
}

function permissionsSection(ir: SpecIR): Section {
  const parts = rulesOf(ir, "granted_permissions").map((r) =>
    blocks(`The permissions a token grants are the intersection of (${ruleLink(r)}):`, r.data.intersectionOf.map((p, i) => `${i + 1}. ${prose(p)}`).join("\n")),
  );
  return { title: "Granted permissions", body: parts.length > 0 ? blocks(...parts, "A scope is granted only when all of them allow it.") : undefined };
}

export function authenticationPage(ir: SpecIR): Page {
  const rules: Section = {
    title: "Rules",
    body: blocks(
      `The rules of the interface spec, numbered as there. Each operation's scope is on ${link("operations", href(FROM, PAGES.operations))}.`,
      ...ir.authRules.map((r) => ruleSection(ir, r)),
    ),
  };
  const sections = [schemesSection(ir), rules, tokenFlowsSection(ir), policiesSection(ir), permissionsSection(ir)].filter((s) => s.body !== undefined);
  const contents = bulletList(sections.map((s) => link(s.title, `#${headingSlug(s.title)}`)));
  const intro = "How each interface takes a token, the authentication rules of the spec, and how a client obtains a token for the account self-service interface.";
  const body = blocks("# Authentication", intro, contents, ...sections.map((s) => blocks(`## ${s.title}`, s.body)));
  const records = tokenRequestSteps(ir).map((s) => s.record.source);
  return { path: FROM, sources: [...new Set([ir.sources.authentication!, ir.sources.operations!, ...records])].sort(), body };
}
