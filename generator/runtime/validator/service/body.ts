/**
 * A raw request body → the value to validate: the size limit (in bytes of UTF-8), UTF-8 decoding,
 * then JSON.parse or decodeFormBody. What cannot be decoded becomes a BodyProblem: issues, for a
 * 400, or too large, for a 413.
 */
import type { FormDecodeResult, ValidationIssue } from "../public-types.js";

/**
 * Why a body cannot be used. A class, so that no decoded JSON value can pass for one: the decoders
 * return the value itself on the path every valid request takes, with nothing allocated around it.
 */
export class BodyProblem {
  constructor(
    readonly tooLarge: boolean,
    readonly issues: readonly ValidationIssue[],
  ) {}
}

const TOO_LARGE = /* @__PURE__ */ new BodyProblem(true, []);

function bad(code: ValidationIssue["code"], message: string): BodyProblem {
  return new BodyProblem(false, [{ code, path: "", message }]);
}

/** Whether `text` takes more than `max` bytes in UTF-8, counting only when `.length` cannot tell. */
function exceedsUtf8Bytes(text: string, max: number): boolean {
  // A UTF-16 code unit takes 1 to 3 bytes (a surrogate pair, two units, takes 4).
  if (text.length > max) return true;
  if (text.length * 3 <= max) return false;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
    if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next < 0xe000) {
        bytes += 1;
        i++;
      }
    }
    if (bytes > max) return true;
  }
  return false;
}

// fatal: invalid UTF-8 is an error, not U+FFFD; ignoreBOM: a byte-order mark stays, and JSON refuses it.
const UTF8 = /* @__PURE__ */ new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Bytes or text → text within the limit, or why not. */
export function bodyText(raw: string | Uint8Array | ArrayBuffer, maxBytes: number): string | BodyProblem {
  if (typeof raw === "string") return exceedsUtf8Bytes(raw, maxBytes) ? TOO_LARGE : raw;
  if (raw.byteLength > maxBytes) return TOO_LARGE;
  try {
    return UTF8.decode(raw);
  } catch {
    return bad("invalid_encoding", "the body is not valid UTF-8");
  }
}

/** The JSON value, or the problem. */
export function parseJsonBody(text: string): unknown {
  if (text.length === 0) return bad("invalid_syntax", "the body is empty; expected a JSON value");
  try {
    return JSON.parse(text) as unknown;
  } catch (thrown) {
    const reason = thrown instanceof SyntaxError ? `: ${thrown.message.slice(0, 200)}` : "";
    return bad("invalid_syntax", `the body is not valid JSON${reason}`);
  }
}

/** The decoded form, or the problem. */
export function decodeFormText(decode: (text: string) => FormDecodeResult, text: string): unknown {
  const decoded = decode(text);
  return decoded.ok ? decoded.value : new BodyProblem(false, decoded.issues);
}
