/**
 * errorResponse(operation, errorCode): any row of an operation's error table as a response, for the
 * failures the service detects itself (a signature that does not verify, a rate limit).
 */
import { responseFor, unknownError } from "./error-response.js";
import type { ErrorResponse, ErrorResponseOptions } from "./public-types.js";
import type { ServiceOperations } from "./tables.js";
import { hasOwn } from "../own.js";


export function errorResponseWith(operations: ServiceOperations, operation: unknown, errorCode: unknown, options?: ErrorResponseOptions): ErrorResponse {
  const opName = String(operation);
  const code = String(errorCode);
  try {
    const op = hasOwn.call(operations, opName) ? operations[opName]! : undefined;
    const row = op !== undefined && hasOwn.call(op.errors, code) ? op.errors[code]! : undefined;
    if (op === undefined || row === undefined) return unknownError(`${opName} ${code}`);
    const detail = options?.detail;
    const said = typeof detail === "string" && detail.length > 0 ? { ...row, message: `${row.message}: ${detail.slice(0, 500)}` } : row;
    return responseFor(op, said, { issues: options?.issues, headers: options?.headers });
  } catch {
    return unknownError(`${opName} ${code} (its options could not be read)`);
  }
}
