/**
 * The reference's page names and the anchor of the common fields: a contract of
 * `@flowspec/reference` that the types package's JSDoc links to (typescript/reference-links.ts)
 * and the reference emitter writes (emit/reference/links.ts), so both read it here.
 */
export const PAGES = {
  index: "README.md",
  operations: "operations.md",
  authentication: "authentication.md",
  authorizationServer: "authorization-server.md",
  flowActions: "flow-actions.md",
  records: "records.md",
  formats: "formats.md",
  limits: "limits.md",
  errors: "errors.md",
  disagreements: "disagreements.md",
} as const;

/** `GOOGLE_SHEETS` → `flow-actions/google-sheets.md`. */
export function typePage(type: string): string {
  return `flow-actions/${type.toLowerCase().replace(/_/g, "-")}.md`;
}

/** The common fields every action has, on the flow-actions index. */
export const COMMON_FIELDS_ANCHOR = "common-fields";
