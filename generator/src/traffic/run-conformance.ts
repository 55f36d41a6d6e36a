/**
 * Recorded traffic against the spec: each exchange routed to its operation, checked, and every
 * mismatch labelled with the divergence that documents it or as new.
 */
import type { SpecIR } from "../ir/model.js";
import type { ValidatorPackage } from "../payload/validator-module.js";
import { divergenceOf } from "./labels.js";
import { exchangeMismatches, operationRules, type Mismatch, type OperationRules } from "./mismatches.js";
import { operationRouter } from "./operations.js";
import type { RecordedExchange } from "./recordings.js";
import { decodedRequest, requestChecks } from "./request-verdict.js";

export interface LabelledMismatch extends Mismatch {
  /** The documented divergence (`D11`), or `new`. */
  readonly label: string;
}

export interface ExchangeResult {
  readonly source: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly operation: string;
  readonly mismatches: readonly LabelledMismatch[];
}

export interface ConformanceResult {
  /** Exchanges of the spec's operations, in the order read. */
  readonly exchanges: readonly ExchangeResult[];
  /** Exchanges with no operation of the spec at their method and path (other endpoints of the API). */
  readonly outside: readonly Pick<ExchangeResult, "source" | "method" | "path">[];
}

export const NEW = "new";

/** Checks every exchange; `validator` is the package generated from `ir`. */
export function runConformance(ir: SpecIR, validator: ValidatorPackage, exchanges: readonly RecordedExchange[]): ConformanceResult {
  const router = operationRouter(ir);
  const checks = requestChecks(ir, validator);
  const rules = new Map<string, OperationRules>(ir.operations.map((op) => [op.id, operationRules(ir, validator, op, checks.get(op.id)!)]));
  const results: ExchangeResult[] = [];
  const outside: ConformanceResult["outside"][number][] = [];
  for (const exchange of exchanges) {
    const query = exchange.path.indexOf("?");
    const route = router.match(exchange.method, query < 0 ? exchange.path : exchange.path.slice(0, query));
    if (route.kind !== "found") {
      outside.push({ source: exchange.source, method: exchange.method, path: exchange.path });
      continue;
    }
    const rule = rules.get(route.operationId)!;
    const found = exchangeMismatches(rule, exchange);
    let request: unknown;
    const mismatches = found.map((m) => {
      if (m.side === "request" && request === undefined) request = decodedRequest(exchange, rule.op, validator);
      const context = { operation: rule.op.id, status: exchange.status, body: m.side === "request" ? request : exchange.response };
      return { ...m, label: divergenceOf(ir.disagreements, m, context) ?? NEW };
    });
    results.push({ source: exchange.source, method: exchange.method, path: exchange.path, status: exchange.status, operation: rule.op.id, mismatches });
  }
  return { exchanges: results, outside };
}
