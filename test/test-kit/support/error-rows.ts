/**
 * The rows of the management operations' error tables, from `@flowspec/types`' ERRORS: the one
 * place the tests turn a row into the (operation, wire code) a fault asks for.
 */
import { ERRORS } from "../../../packages/types/index.js";

export interface ErrorRow {
  readonly operation: "post_flows" | "patch_resource_server_scopes";
  readonly code: string;
  readonly status: number;
}

const MANAGEMENT = new Set(["post_flows", "patch_resource_server_scopes"]);

export function managementErrorRows(): ErrorRow[] {
  return ERRORS.filter((row) => MANAGEMENT.has(row.operation)).map((row) => ({
    operation: row.operation as ErrorRow["operation"],
    // The table's id is the wire code, or the code with a `__<operation>` suffix.
    code: row.id.replace(`__${row.operation}`, ""),
    status: row.status,
  }));
}
