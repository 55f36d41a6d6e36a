/**
 * What an interface's `errorBody` record may be: OAuth 2.0's error shape (RFC 6749 §5.2: `error`,
 * `error_description`) or the vendor's management shape (`statusCode`, `error`, `message`,
 * `errorCode`), the two the service helpers answer with. One decision, read by the checker on the
 * spec's records and by the IR on its own.
 */
import type { ErrorStyle } from "../../runtime/validator/service/tables.js";

/** The runtime's own type: the request check answers in exactly these styles. */
export type ErrorBodyStyle = ErrorStyle;

/** The style of a record with these property names, or undefined when it has neither shape. */
export function errorBodyStyleOf(has: (property: string) => boolean): ErrorBodyStyle | undefined {
  if (has("error") && has("error_description")) return "oauth";
  if (has("statusCode") && has("errorCode") && has("message")) return "vendor";
  return undefined;
}

/** The shapes, as a sentence for a diagnostic. */
export const ERROR_BODY_SHAPES = "OAuth's error and error_description, or statusCode, error, message and errorCode";
