/**
 * Which documented divergence explains a mismatch: the first disagreement with a traffic sign that
 * matches it (spec/disagreements.yaml, `traffic`), or none, which makes the mismatch new.
 */
import type { Disagreement, TrafficSign } from "../ir/model.js";
import { pointerSegments } from "../base/json-pointer.js";
import type { Mismatch } from "./mismatches.js";

/** A mismatch in its exchange: the operation, the recorded status, and the body it points into. */
export interface MismatchContext {
  readonly operation: string;
  readonly status: number;
  /** The request (decoded) or response body the mismatch's pointer is in. */
  readonly body: unknown;
}

/** Whether `pointer` matches `pattern`, where a `*` segment stands for any one segment. */
export function pointerMatches(pattern: string, pointer: readonly string[]): boolean {
  const want = pointerSegments(pattern);
  return want.length === pointer.length && want.every((segment, i) => segment === "*" || segment === pointer[i]);
}

/**
 * The pointer's segments below the innermost flow action of `variant` on its way, or undefined when
 * the way passes no such action.
 */
function belowVariant(body: unknown, pointer: readonly string[], variant: string): string[] | undefined {
  let here = body;
  let below: string[] | undefined;
  for (let i = 0; i <= pointer.length; i++) {
    if (typeof here !== "object" || here === null) break;
    const { type, action } = here as { type?: unknown; action?: unknown };
    if (typeof type === "string" && typeof action === "string" && `${type}:${action}` === variant) below = pointer.slice(i);
    if (i === pointer.length || !Object.hasOwn(here, pointer[i]!)) break;
    here = (here as Record<string, unknown>)[pointer[i]!];
  }
  return below;
}

function signMatches(sign: TrafficSign, mismatch: Mismatch, context: MismatchContext): boolean {
  if (sign.operation !== context.operation || (sign.side !== undefined && sign.side !== mismatch.side)) return false;
  if (sign.code !== undefined && sign.code !== mismatch.code) return false;
  if (sign.status !== undefined && sign.status !== context.status) return false;
  const pointer = pointerSegments(mismatch.at);
  const relative = sign.variant === undefined ? pointer : belowVariant(context.body, pointer, sign.variant);
  if (relative === undefined) return false;
  return sign.at === undefined || pointerMatches(sign.at, relative);
}

/** The id of the divergence that documents the mismatch, or undefined: a new mismatch. */
export function divergenceOf(disagreements: readonly Disagreement[], mismatch: Mismatch, context: MismatchContext): string | undefined {
  return disagreements.find((d) => d.traffic.some((sign) => signMatches(sign, mismatch, context)))?.id;
}
