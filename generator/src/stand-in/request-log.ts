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
  const path = exchange?.pathname ?? req.url ?? "-";
  const code = exchange?.errorCode ?? (exchange === null ? "invalid_request_target" : res.statusCode >= 500 ? "internal_error" : "-");
  return `${req.method ?? "-"} ${path} ${res.statusCode} ${exchange?.client ?? "-"} ${code}`;
}

export interface LineBatch {
  /** Queues one line (without its newline). */
  readonly line: (line: string) => void;
  /** Writes what is queued now. */
  readonly flush: () => void;
}

/**
 * The lines of one turn of the event loop, written together when the turn ends: on a pipe or a
 * terminal each write is a system call, so under load one write carries many requests' lines
 * instead of one each. The order is kept; a line waits at most until the loop turns.
 */
export function linesPerTurn(write: (text: string) => void): LineBatch {
  let queued = "";
  const flush = () => {
    if (queued === "") return;
    const text = queued;
    queued = "";
    write(text);
  };
  return {
    line: (line) => {
      if (queued === "") setImmediate(flush);
      queued += `${line}\n`;
    },
    flush,
  };
}
