/**
 * `formats.md`: each string format with its syntax, how it is enforced and where that rule comes
 * from. Patterns go in code blocks, not tables, so no character of them needs escaping.
 */
import type { Format, SpecIR } from "../../ir/model.js";
import { formatAnchor } from "./links.js";
import { PAGES } from "../../ir/reference-pages.js";
import { blocks, bulletList, code, link, prose, table, textBlock } from "../markdown.js";
import type { Page } from "./page.js";
import { formatUsages, usedBy } from "./usages.js";

const FROM = PAGES.formats;

const PROVENANCE: Readonly<Record<Format["provenance"], string>> = {
  published: "a public standard or the vendor's definition fixes the syntax.",
  observed: "the vendor names the format but publishes no syntax; the rule here is inferred from real values and may be stricter than the service.",
};

const BUILTIN: Readonly<Record<NonNullable<Format["builtin"]>, string>> = {
  "rfc3339-date": "RFC 3339 `full-date`",
  "rfc3339-date-time": "RFC 3339 `date-time`",
};

function enforcement(format: Format): string {
  if (format.pattern !== undefined) return blocks("The validator checks this regular expression (it runs in linear time):", textBlock(format.pattern));
  if (format.builtin !== undefined) return `The validator checks the grammar of ${BUILTIN[format.builtin]} in code, with real calendar checks, rather than with a regular expression.`;
  return "The spec gives no rule to check it by.";
}

function formatSection(ir: SpecIR, format: Format): string {
  const uses = usedBy(formatUsages(ir, format.name, FROM)) ?? "Used by: no field yet";
  return blocks(
    `## ${code(format.name)}`,
    prose(format.description),
    bulletList([
      `Syntax: ${prose(format.syntax)}`,
      `Provenance: ${format.provenance} — ${PROVENANCE[format.provenance]}`,
      `Examples: ${format.examples.map(code).join(", ")}`,
      uses,
    ]),
    enforcement(format),
  );
}

export function formatsPage(ir: SpecIR): Page {
  const rows = ir.formats.map((f) => [link(f.name, `#${formatAnchor(f.name)}`), f.provenance, f.description]);
  const intro =
    "String formats named by fields of the spec. JSON Schema validators do not know these names; the validator package enforces each one as described here. Lengths elsewhere in this reference count Unicode code points, so an emoji is one character.";
  const body = blocks("# Formats", intro, table(["Format", "Provenance", "Description"], rows), ...ir.formats.map((f) => formatSection(ir, f)));
  return { path: FROM, sources: [ir.sources.formats!], body };
}
