/** The grammars the spec names as `builtin` formats; pattern formats are compiled into the validators. */
import { isRfc3339Date, isRfc3339DateTime } from "./rfc3339.js";

export const BUILTIN_FORMATS: Readonly<Record<string, (s: string) => boolean>> = {
  "rfc3339-date": isRfc3339Date,
  "rfc3339-date-time": isRfc3339DateTime,
};
