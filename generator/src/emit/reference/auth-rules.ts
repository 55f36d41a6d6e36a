/**
 * The authentication rules, numbered as in the interface spec (`seed`). A rule's `data` holds the
 * fields of its kind; each field becomes one line, and the few that name other things (schemes,
 * errors, operations) become links.
 */
import { sortedEntries } from "../../base/order.js";
import type { AuthRule, SpecIR } from "../../ir/model.js";
import { errorHref, href, operationHref } from "./links.js";
import { PAGES } from "../../ir/reference-pages.js";
import { anchor, blocks, bulletList, code, link, prose, table } from "../markdown.js";

const FROM = PAGES.authentication;

function ruleAnchor(rule: Pick<AuthRule, "seed">): string {
  return `rule-${rule.seed}`;
}

export function ruleLink(rule: Pick<AuthRule, "seed">): string {
  return link(`rule ${rule.seed}`, `#${ruleAnchor(rule)}`);
}

export function schemeAnchor(name: string): string {
  return `scheme-${name.toLowerCase()}`;
}

/** `scopePattern` → `Scope pattern`, `user_flows` → `User flows`. */
export function words(key: string): string {
  const spaced = key.replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

interface TokenFlow {
  readonly name: string;
  readonly login: string;
  readonly grant?: string;
  readonly operations?: readonly string[];
}

function flowsTable(ir: SpecIR, flows: readonly TokenFlow[]): string {
  const rows = flows.map((f) => [
    code(f.name),
    f.login,
    f.grant === undefined ? "" : link(code(f.grant), href(FROM, PAGES.authorizationServer, "grants")),
    (f.operations ?? []).map((id) => {
      const op = ir.operations.find((o) => o.id === id);
      return link(op ? `${op.method} ${op.path}` : id, operationHref(FROM, id));
    }).join(", then ") || "not described by this spec",
  ]);
  return table(["Flow", "Login", "Grant", "Requests"], rows, true);
}

/** Identifiers (`client_credentials`, a URL) as code; phrases ("user consent") as words. */
function scalar(value: unknown): string {
  if (typeof value !== "string") return code(JSON.stringify(value));
  return /\s/.test(value) ? prose(value) : code(value);
}

/** For the rule that operations need their scope: each operation with its scope. */
function scopesTable(ir: SpecIR): string {
  const rows = ir.operations.filter((op) => op.scope !== undefined).map((op) => [link(op.summary, operationHref(FROM, op.id)), code(op.scope!)]);
  return table(["Operation", "Scope"], rows);
}

/** One field of a rule's data, in words. Tables for the two structured fields. */
function detail(ir: SpecIR, rule: AuthRule, key: string, value: unknown): string | undefined {
  switch (key) {
    case "schemes":
      return `Schemes: ${(value as string[]).map((s) => link(s, `#${schemeAnchor(s)}`)).join(", ")}`;
    case "status":
      return "error" in rule.data ? undefined : `Status: ${scalar(value)}`; // else shown with `error`
    case "error":
      return `Rejected with ${code(String("status" in rule.data ? rule.data.status : undefined))}: ${link(String(value), errorHref(FROM, String(value)))}`;
    case "flows":
      return blocks("Token flows:", flowsTable(ir, value as TokenFlow[]));
    case "policies": {
      const rows = sortedEntries(value as Record<string, string>).map(([flows, policy]) => [words(flows), code(policy)]);
      return blocks("Default policies:", table(["Flows", "Policy"], rows));
    }
    default:
      return `${words(key)}: ${Array.isArray(value) ? value.map(scalar).join(", ") : scalar(value)}`;
  }
}

function interfaceLine(ir: SpecIR, rule: AuthRule): string | undefined {
  if (rule.interface === undefined) return undefined;
  const iface = ir.interfaces.find((i) => i.name === rule.interface);
  return `Interface: ${link(iface?.title ?? rule.interface, href(FROM, PAGES.index, "interfaces"))}`;
}

export function ruleSection(ir: SpecIR, rule: AuthRule): string {
  const lines: string[] = [];
  const tables: string[] = [];
  const iface = interfaceLine(ir, rule);
  if (iface) lines.push(iface);
  for (const [key, value] of Object.entries(rule.data)) {
    const text = detail(ir, rule, key, value);
    if (text === undefined) continue;
    (text.includes("\n") ? tables : lines).push(text);
  }
  if (rule.kind === "operation_scopes") tables.push(scopesTable(ir));
  return blocks(anchor(ruleAnchor(rule)), `### Rule ${rule.seed}: ${words(rule.id)}`, prose(rule.text), bulletList(lines), ...tables);
}
