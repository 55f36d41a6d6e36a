/**
 * Emitter: `packages/reference`, the Markdown reference. Each page is built by its own module
 * from the IR alone; this file lists the pages and adds the package manifest.
 */
import type { SpecIR } from "../../ir/model.js";
import { packageJson, type GeneratedFile } from "../generated-file.js";
import { actionTypePage } from "./page-action-type.js";
import { authenticationPage } from "./page-authentication.js";
import { authorizationServerPage } from "./page-authorization-server.js";
import { disagreementsPage } from "./page-disagreements.js";
import { errorsPage } from "./page-errors.js";
import { flowActionsPage } from "./page-flow-actions.js";
import { formatsPage } from "./page-formats.js";
import { indexPage } from "./page-index.js";
import { limitsPage } from "./page-limits.js";
import { operationsPage } from "./page-operations.js";
import { recordsPage } from "./page-records.js";
import { pageFile, type Page } from "./page.js";

function referencePages(ir: SpecIR): Page[] {
  return [
    indexPage(ir),
    operationsPage(ir),
    authenticationPage(ir),
    authorizationServerPage(ir),
    flowActionsPage(ir),
    ...ir.flowActions.types.map((t) => actionTypePage(ir, t)),
    recordsPage(ir),
    formatsPage(ir),
    limitsPage(ir),
    errorsPage(ir),
    disagreementsPage(ir),
  ];
}

export function emitReference(ir: SpecIR): GeneratedFile[] {
  const pages = referencePages(ir);
  const manifest = packageJson(ir, {
    name: "@flowspec/reference",
    description: "The Markdown reference of the flows management and account self-service API.",
    files: ["*.md", "flow-actions/*.md"],
  });
  return [...pages.map((p) => pageFile(ir, p)), { path: "reference/package.json", contents: manifest }];
}
