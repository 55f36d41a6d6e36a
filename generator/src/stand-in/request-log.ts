/**
 * One line per answered request, for a person watching the stand-in while their tests run:
 * `POST /api/v2/flows 400 flowspec-admin invalid_request/too_short`: method, path, status, the
 * client the token named (`-` when none), and the error code answered (with the first issue's code
 * on a 400; `-` on success).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Exchange } from "./exchange.js";

/** `exchange` is null for a request target that is no URL; a fault of the stand-in logs `internal_error`. */
export function requestLogLine(req: IncomingMessage, res: ServerResponse, exchange: Exchange | null): string {
  const path = exchange?.url.pathname ?? req.url ?? "-";
  const code = exchange?.errorCode ?? (exchange === null ? "invalid_request_target" : res.statusCode >= 500 ? "internal_error" : "-");
  return `${req.method ?? "-"} ${path} ${res.statusCode} ${exchange?.client ?? "-"} ${code}`;
}
