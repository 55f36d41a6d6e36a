/**
 * One line per answered request, for a person watching the stand-in while their tests run:
 * `POST /api/v2/flows 400 flowspec-admin invalid_request/too_long`: method, path, status, the
 * client the token named (`-` when none), and the error code answered (with the first issue's code
 * on a 400; `-` on success).
 */
import type { Exchange } from "./exchange.js";

export function requestLogLine(ex: Exchange): string {
  return `${ex.req.method ?? "-"} ${ex.url.pathname} ${ex.res.statusCode} ${ex.client ?? "-"} ${ex.errorCode ?? "-"}`;
}
