/**
 * Where each field of a form body starts, by the JSON Pointer its name decodes to, so an issue at
 * `/actions/0/params/email` is reported at the `actions[0][params][email]=` field that set it. The
 * names are decoded with the validator runtime's own grammar, so both read a field the same way.
 */
import { parseName, percentDecode, pointerOf } from "../../runtime/validator/form-grammar.js";

export interface FormFieldPositions {
  /** The offset of the field that sets `pointer` (or its nearest written ancestor); 0 when none does. */
  offsetOf(pointer: string): number;
  /** The offset of field number `n` (1-based, as decodeFormBody's `params.field`). */
  offsetOfField(n: number): number;
}

export function formFieldPositions(body: string): FormFieldPositions {
  const starts: number[] = [];
  const pointers: string[] = [];
  let offset = 0;
  for (const field of body.length === 0 ? [] : body.split("&")) {
    starts.push(offset);
    const equals = field.indexOf("=");
    const name = percentDecode(equals < 0 ? field : field.slice(0, equals));
    const segments = typeof name === "string" ? parseName(name) : "";
    pointers.push(typeof segments === "string" ? "" : pointerOf(segments));
    offset += field.length + 1;
  }
  return {
    offsetOf(pointer) {
      // The field that sets the value, else the first field inside it, else the same for its parent
      // (a missing property is reported where its object is written).
      for (let p = pointer; ; p = p.slice(0, p.lastIndexOf("/"))) {
        const exact = pointers.indexOf(p);
        if (exact >= 0) return starts[exact]!;
        const inside = pointers.findIndex((q) => q.startsWith(`${p}/`));
        if (inside >= 0) return starts[inside]!;
        if (p === "") return 0;
      }
    },
    offsetOfField: (n) => starts[n - 1] ?? 0,
  };
}
