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

/** One entry per (management operation, row): a row keyed by its wire code names its operations. */
export function managementErrorRows(): ErrorRow[] {
  return ERRORS.flatMap((row) =>
    row.operations.filter((operation) => MANAGEMENT.has(operation)).map((operation) => ({ operation: operation as ErrorRow["operation"], code: row.id, status: row.status })),
  );
}
